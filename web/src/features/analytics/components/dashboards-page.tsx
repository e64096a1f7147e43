import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dashboardQuery } from '../api/dashboard';
import type { Dashboard, DashboardFilters } from '../api/types';
import { filtersFromSearch } from '../model/period';
import { PageHeading } from '../../../shared/ui/page-heading';
import { SectionState } from '../../../shared/ui/section-state';
import { useFormat } from '../../../shared/i18n';
import { CredibilityChart } from './credibility-chart';
import { DashboardFiltersBar } from './dashboard-filters';
import { FinishTimeChart } from './finish-time-chart';
import { PerAssignmentChart } from './per-assignment-chart';
import { SalesSection } from './sales-section';
import { ViolationsByTypeChart } from './violations-by-type-chart';
import { ViolationsOverTimeChart } from './violations-over-time-chart';

const counted = (rows: { attempts: number }[]) => rows.some((r) => Number(r.attempts) > 0);

/** Nothing happened in the period: no violations, no attempts (the credibility buckets are always sent). */
const isEmpty = (d: Dashboard) =>
  d.violations_by_type.length === 0 &&
  d.per_assignment.length === 0 &&
  !counted(d.credibility) &&
  !counted(d.time_to_finish);

/** The analyst's dashboards (/an): the school's proctoring numbers for a period and an assignment. */
export function DashboardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params, new Date()), [params]);
  const dashboard = useQuery(dashboardQuery(filters));
  // The period's assignments for the choice, whichever one is chosen (the same request when none is).
  const period = useQuery(dashboardQuery({ from: filters.from, to: filters.to }));
  const apply = (next: DashboardFilters) =>
    setParams(
      { from: next.from, to: next.to, ...(next.assignment_id ? { assignment: next.assignment_id } : {}) },
      { preventScrollReset: true },
    );
  const loading = dashboard.isPending;
  const data = dashboard.data;
  return (
    <Stack gap="md">
      <PageHeading
        title={t('analytics.dashboards.title')}
        description={t('analytics.dashboards.description')}
      />
      <DashboardFiltersBar
        filters={filters}
        assignments={period.data?.per_assignment ?? []}
        onChange={apply}
      />
      {dashboard.isError ? (
        <Alert color="red" title={t('analytics.dashboards.failed')} data-testid="dashboards-error">
          {dashboard.error.message}
        </Alert>
      ) : data && isEmpty(data) ? (
        <SectionState
          kind="in-development"
          title={t('analytics.dashboards.empty.title')}
          text={t('analytics.dashboards.empty.text')}
        />
      ) : (
        <>
          <Totals data={data} />
          <ViolationsOverTimeChart
            items={data?.violations_by_day}
            from={filters.from}
            to={filters.to}
            loading={loading}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ViolationsByTypeChart items={data?.violations_by_type} loading={loading} />
            <PerAssignmentChart items={data?.per_assignment} loading={loading} />
            <CredibilityChart items={data?.credibility} loading={loading} />
            <FinishTimeChart items={data?.time_to_finish} loading={loading} />
          </SimpleGrid>
        </>
      )}
      {/* The shop's figures follow the period only (an assignment does not sell); shown with or without exams. */}
      <SalesSection period={{ from: filters.from, to: filters.to }} />
    </Stack>
  );
}

function Totals({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figures = data
    ? [
        { key: 'violations', value: data.violations_by_type.reduce((sum, r) => sum + Number(r.actions), 0) },
        { key: 'attempts', value: data.credibility.reduce((sum, r) => sum + Number(r.attempts), 0) },
        { key: 'assignments', value: data.per_assignment.length },
      ]
    : null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {(['violations', 'attempts', 'assignments'] as const).map((key) => {
        const value = figures?.find((f) => f.key === key)?.value;
        return (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`total-${key}`}>
            <Text size="sm" c="dimmed">
              {t(`analytics.dashboards.totals.${key}`)}
            </Text>
            {value === undefined ? (
              <Skeleton height={28} width={80} mt={4} />
            ) : (
              <Group gap={4}>
                <Text fz={28} fw={700} data-testid="total-value">
                  {format.number(value)}
                </Text>
              </Group>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

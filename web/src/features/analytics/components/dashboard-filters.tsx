import { Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AssignmentViolations, DashboardFilters } from '../api/types';
import { lastDays, PERIOD_PRESETS, presetOf } from '../model/period';
import { DateField } from '../../../shared/ui/date-field';

const CUSTOM = 'custom';

/** The period (a preset or two days) and the assignment the dashboards are about. */
export function DashboardFiltersBar({
  filters,
  assignments,
  onChange,
}: {
  filters: DashboardFilters;
  /** The period's assignments, to choose one from. */
  assignments: AssignmentViolations[];
  onChange: (filters: DashboardFilters) => void;
}) {
  const { t } = useTranslation();
  const now = new Date();
  const preset = presetOf(filters, now);
  const options = assignments.map((a) => ({ value: a.assignment_id, label: a.name ?? a.assignment_id }));
  // The chosen assignment stays choosable even when the period's list no longer has it.
  if (filters.assignment_id && !options.some((o) => o.value === filters.assignment_id))
    options.unshift({ value: filters.assignment_id, label: filters.assignment_id });
  const setDay = (field: 'from' | 'to', value: string) => {
    if (!value) return;
    const next = { ...filters, [field]: value };
    // A range that would end before it starts moves its other end along.
    if (next.from > next.to) next[field === 'from' ? 'to' : 'from'] = value;
    onChange(next);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-filters">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="period-label">
            {t('analytics.dashboards.period')}
          </Text>
          <SegmentedControl
            aria-labelledby="period-label"
            value={preset === null ? CUSTOM : String(preset)}
            onChange={(value) => {
              if (value !== CUSTOM) onChange({ ...filters, ...lastDays(Number(value), now) });
            }}
            data={[
              ...PERIOD_PRESETS.map((days) => ({
                value: String(days),
                label: t('analytics.dashboards.days', { count: days }),
              })),
              { value: CUSTOM, label: t('analytics.dashboards.custom'), disabled: preset !== null },
            ]}
          />
        </Stack>
        {/* No min/max: a day past the other end moves that end along (setDay). */}
        <DateField
          label={t('analytics.dashboards.from')}
          value={filters.from}
          onChange={(day) => setDay('from', day)}
          w={160}
        />
        <DateField
          label={t('analytics.dashboards.to')}
          value={filters.to}
          onChange={(day) => setDay('to', day)}
          w={160}
        />
        <Select
          label={t('analytics.dashboards.assignment')}
          placeholder={t('analytics.dashboards.allAssignments')}
          data={options}
          value={filters.assignment_id ?? null}
          onChange={(value) => onChange({ ...filters, assignment_id: value ?? undefined })}
          clearable
          searchable
          nothingFoundMessage={t('analytics.dashboards.noData')}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
      </Group>
    </Paper>
  );
}

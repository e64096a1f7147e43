import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One dashboard chart: a title, a hint, a placeholder while loading and "no data" when there is none.
 * The chart is an image to screen readers, described by `summary` (its numbers in words).
 */
export function ChartCard({
  title,
  hint,
  loading,
  empty,
  summary,
  height = 260,
  testId,
  children,
  footer,
}: {
  title: string;
  hint?: string;
  loading: boolean;
  empty: boolean;
  summary: string;
  height?: number;
  testId: string;
  children: ReactNode;
  /** Shown under the chart, outside its image: a table of the same numbers, say. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} aria-busy={loading}>
      <Stack gap="xs">
        <div>
          <Title order={2} fz="md">
            {title}
          </Title>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        {loading ? (
          <Skeleton height={height} radius="sm" data-testid="chart-loading" />
        ) : empty ? (
          <Text c="dimmed" ta="center" py="xl" h={height} data-testid="chart-empty">
            {t('analytics.dashboards.noData')}
          </Text>
        ) : (
          <>
            <div role="img" aria-label={`${title}. ${summary}`} data-testid="chart" style={{ height }}>
              {children}
            </div>
            {footer}
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_TYPES, type ChartSettings, type ChartType, type QueryResult } from '../api/types';
import { chartSeries, isNumericColumn, pieSlices, type ChartPoint } from '../model/chart-series';
import { seriesColor } from './palette';

const ROW_NUMBER = '';

/** The chart settings of a result (view, x and y columns) and the chart itself. */
export function ResultChart({
  result,
  chart,
  onChart,
}: {
  result: QueryResult;
  chart: ChartSettings;
  onChart: (chart: ChartSettings) => void;
}) {
  const { t } = useTranslation();
  const numeric = result.columns.filter(isNumericColumn);
  const series = useMemo(
    () => (chart.y ? chartSeries(result, chart.x ?? undefined, chart.y) : null),
    [result, chart.x, chart.y],
  );
  return (
    <Stack gap="sm" data-testid="result-chart-panel">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="chart-type-label">
            {t('analytics.chart.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="chart-type-label"
            value={chart.type}
            onChange={(type) => onChart({ ...chart, type: type as ChartType })}
            data={CHART_TYPES.map((type) => ({
              value: type,
              label: t(`analytics.chart.types.${type}`),
              disabled: type !== 'table' && numeric.length === 0,
            }))}
            data-testid="chart-type"
          />
        </Stack>
        {chart.type !== 'table' ? (
          <>
            <Select
              label={t('analytics.chart.x')}
              data={[
                { value: ROW_NUMBER, label: t('analytics.chart.rowNumber') },
                ...result.columns.map((c) => ({ value: c.name, label: c.name })),
              ]}
              value={chart.x ?? ROW_NUMBER}
              onChange={(x) => onChart({ ...chart, x: x || undefined })}
              allowDeselect={false}
              w={200}
            />
            <Select
              label={t('analytics.chart.y')}
              data={numeric.map((c) => c.name)}
              value={chart.y ?? null}
              onChange={(y) => onChart({ ...chart, y: y ?? undefined })}
              allowDeselect={false}
              w={200}
            />
          </>
        ) : null}
      </Group>
      {chart.type === 'table' ? null : numeric.length === 0 ? (
        <Text c="dimmed">{t('analytics.chart.noNumeric')}</Text>
      ) : series ? (
        <Paper withBorder radius="md" p="md">
          <div
            role="img"
            aria-label={`${t('analytics.chart.title')}: ${series.points
              .slice(0, 20)
              .map((p) => `${p.x} — ${p.y}`)
              .join(', ')}`}
            data-testid="result-chart"
            data-chart-type={chart.type}
            data-points={series.points.length}
            style={{ height: 320 }}
          >
            <PointsChart type={chart.type} points={series.points} y={chart.y!} />
          </div>
          {series.omitted > 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('analytics.chart.omitted', {
                shown: series.points.length,
                total: series.points.length + series.omitted,
              })}
            </Text>
          ) : null}
          {series.skipped > 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              {t('analytics.chart.skipped', { count: series.skipped })}
            </Text>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}

function PointsChart({
  type,
  points,
  y,
}: {
  type: Exclude<ChartType, 'table'>;
  points: ChartPoint[];
  y: string;
}) {
  const { t } = useTranslation();
  const style = { width: '100%', height: '100%' };
  // Counts get whole ticks (no 0.75 of an action); fractions keep recharts' own.
  const whole = points.every((p) => Number.isInteger(p.y));
  switch (type) {
    case 'bar':
      return (
        <BarChart data={points} responsive style={style}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="x" minTickGap={8} />
          <YAxis width={56} allowDecimals={!whole} />
          <Tooltip />
          <Bar dataKey="y" name={y} fill={seriesColor(0)} isAnimationActive={false} />
        </BarChart>
      );
    case 'line':
      return (
        <LineChart data={points} responsive style={style}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="x" minTickGap={16} />
          <YAxis width={56} allowDecimals={!whole} />
          <Tooltip />
          <Line
            dataKey="y"
            name={y}
            stroke={seriesColor(0)}
            strokeWidth={2}
            dot={points.length <= 60}
            isAnimationActive={false}
          />
        </LineChart>
      );
    case 'pie': {
      const slices = pieSlices(points, t('analytics.chart.other'));
      return (
        <PieChart responsive style={style}>
          <Tooltip />
          <Legend />
          <Pie data={slices} dataKey="y" nameKey="x" outerRadius="75%" label isAnimationActive={false}>
            {slices.map((slice, index) => (
              <Cell key={index} fill={seriesColor(index)} />
            ))}
          </Pie>
        </PieChart>
      );
    }
    default: {
      const never: never = type;
      return never;
    }
  }
}

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViolationsByDay } from '../api/types';
import { stackByDay } from '../model/violations-by-day';
import { ChartCard } from './chart-card';
import { seriesColor } from './palette';
import { useActionTypeLabel } from './use-action-type-label';
import { useDayFormat } from './use-day-format';

/** Violations per day over the period, each day's bar stacked by type. */
export function ViolationsOverTimeChart({
  items,
  from,
  to,
  loading,
}: {
  items: ViolationsByDay[] | undefined;
  from: string;
  to: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const label = useActionTypeLabel();
  const day = useDayFormat();
  const stacked = useMemo(() => stackByDay(items ?? [], from, to), [items, from, to]);
  const busy = stacked.rows.filter((row) => stacked.types.some((type) => Number(row[type]) > 0));
  const summary = busy
    .map((row) => `${day(row.day)}: ${stacked.types.reduce((sum, type) => sum + Number(row[type]), 0)}`)
    .join(', ');
  return (
    <ChartCard
      title={t('analytics.dashboards.charts.overTime')}
      hint={t('analytics.dashboards.charts.overTimeHint')}
      loading={loading}
      empty={stacked.types.length === 0}
      summary={summary}
      height={300}
      testId="chart-over-time"
    >
      <BarChart data={stacked.rows} responsive style={{ width: '100%', height: '100%' }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={day} minTickGap={12} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip labelFormatter={(value) => day(String(value))} />
        <Legend />
        {stacked.types.map((type, index) => (
          <Bar
            key={type}
            dataKey={type}
            name={label(type)}
            stackId="day"
            fill={seriesColor(index)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}

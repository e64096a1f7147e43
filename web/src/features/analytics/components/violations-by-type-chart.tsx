import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { ViolationsByType } from '../api/types';
import { ChartCard } from './chart-card';
import { seriesColor } from './palette';
import { useActionTypeLabel } from './use-action-type-label';

const ROW_HEIGHT = 34;

/** Violations per type, the most frequent first, as horizontal bars with their counts. */
export function ViolationsByTypeChart({
  items,
  loading,
}: {
  items: ViolationsByType[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const label = useActionTypeLabel();
  const data = [...(items ?? [])]
    .sort((a, b) => Number(b.actions) - Number(a.actions))
    .map((item) => ({
      name: label(item.action_type),
      actions: Number(item.actions),
      attempts: Number(item.attempts),
    }));
  return (
    <ChartCard
      title={t('analytics.dashboards.charts.byType')}
      loading={loading}
      empty={data.length === 0}
      summary={data.map((d) => `${d.name}: ${d.actions}`).join(', ')}
      height={Math.max(180, data.length * ROW_HEIGHT + 70)}
      testId="chart-by-type"
    >
      <BarChart
        data={data}
        layout="vertical"
        responsive
        style={{ width: '100%', height: '100%' }}
        margin={{ right: 32 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="name" width={170} />
        <Tooltip />
        <Legend />
        <Bar
          dataKey="actions"
          name={t('analytics.dashboards.series.actions')}
          fill={seriesColor(0)}
          isAnimationActive={false}
        >
          <LabelList dataKey="actions" position="right" />
        </Bar>
        <Bar
          dataKey="attempts"
          name={t('analytics.dashboards.series.attempts')}
          fill={seriesColor(3)}
          isAnimationActive={false}
        >
          <LabelList dataKey="attempts" position="right" />
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

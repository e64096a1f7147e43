import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { FinishTimeBucket } from '../api/types';
import { finishTimeSeries } from '../model/buckets';
import { ChartCard } from './chart-card';
import { seriesColor } from './palette';

/** How long attempts took, from start to finish, as a histogram of minutes. */
export function FinishTimeChart({
  items,
  loading,
}: {
  items: FinishTimeBucket[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const data = finishTimeSeries(items ?? []);
  const minutes = t('units.min');
  return (
    <ChartCard
      title={t('analytics.dashboards.charts.finishTime')}
      hint={t('analytics.dashboards.charts.finishTimeHint')}
      loading={loading}
      empty={data.every((d) => d.attempts === 0)}
      summary={data
        .filter((d) => d.attempts > 0)
        .map((d) => `${d.label} ${minutes}: ${d.attempts}`)
        .join(', ')}
      testId="chart-finish-time"
    >
      <BarChart data={data} responsive style={{ width: '100%', height: '100%' }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" fontSize={12} unit={` ${minutes}`} />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Bar
          dataKey="attempts"
          name={t('analytics.dashboards.series.attempts')}
          fill={seriesColor(4)}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartCard>
  );
}

import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { CredibilityBucket } from '../api/types';
import { CREDIBLE_FROM_BUCKET, credibilitySeries } from '../model/buckets';
import { ChartCard } from './chart-card';
import { CREDIBLE_COLOR, DOUBTFUL_COLOR } from './palette';

/** How many attempts fell into each tenth of the credibility score; red below 60, green from 60. */
export function CredibilityChart({
  items,
  loading,
}: {
  items: CredibilityBucket[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const data = credibilitySeries(items ?? []);
  const total = data.reduce((sum, d) => sum + d.attempts, 0);
  return (
    <ChartCard
      title={t('analytics.dashboards.charts.credibility')}
      hint={t('analytics.dashboards.charts.credibilityHint')}
      loading={loading}
      empty={total === 0}
      summary={data
        .filter((d) => d.attempts > 0)
        .map((d) => `${d.label}: ${d.attempts}`)
        .join(', ')}
      testId="chart-credibility"
    >
      <BarChart data={data} responsive style={{ width: '100%', height: '100%' }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* Ten ranges do not fit side by side on a card: the axis shows where each starts, the tooltip all of it. */}
        <XAxis
          dataKey="label"
          interval={0}
          fontSize={12}
          tickFormatter={(label: string) => label.split('–')[0]!}
        />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Bar dataKey="attempts" name={t('analytics.dashboards.series.attempts')} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.key} fill={d.key >= CREDIBLE_FROM_BUCKET ? CREDIBLE_COLOR : DOUBTFUL_COLOR} />
          ))}
        </Bar>
      </BarChart>
    </ChartCard>
  );
}

import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Report } from '../api';

const colorOf = (from: number) =>
  from >= 80
    ? 'var(--mantine-color-green-6)'
    : from >= 50
      ? 'var(--mantine-color-yellow-6)'
      : 'var(--mantine-color-red-6)';

/** How many answers fall in each ten-per-cent step of originality, coloured by band. */
export function DistributionChart({ distribution }: { distribution: Report['distribution'] }) {
  const { t } = useTranslation();
  const data = distribution.buckets.map((b) => ({
    label: `${b.from}–${b.to}`,
    from: b.from,
    count: b.count,
  }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="originality-chart">
      <Stack gap="xs">
        <Text fw={600}>{t('antiplagiarism.report.chartTitle')}</Text>
        <div style={{ width: '100%', height: 180 }}>
          <ResponsiveContainer>
            <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -24 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(value) => [value, t('antiplagiarism.report.chartAnswers')]} />
              <Bar dataKey="count" isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.label} fill={colorOf(d.from)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        {distribution.too_short > 0 ? (
          <Text size="xs" c="dimmed">
            {t('antiplagiarism.report.chartTooShort', { count: distribution.too_short })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

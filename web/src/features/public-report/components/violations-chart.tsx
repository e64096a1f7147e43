import type { PublicProctoringSummary } from '@sabaq/events';
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, XAxis, YAxis } from 'recharts';

const BAR_HEIGHT = 32;

/**
 * Episodes per type as horizontal bars, violations red and warnings orange. An image to screen readers,
 * described in words by `aria-label`; the table beside it carries the same numbers.
 */
export function ViolationsChart({ types }: { types: PublicProctoringSummary['types'] }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const narrow = useMediaQuery('(max-width: 36em)');
  const rows = types.map((entry) => ({
    name: typeLabel(entry.type),
    intervals: entry.intervals,
    kind: entry.kind,
  }));
  const summary = rows.map((row) => `${row.name}: ${row.intervals}`).join(', ');
  return (
    <Box
      h={rows.length * BAR_HEIGHT + 40}
      role="img"
      aria-label={`${t('publicReport.chart')}: ${summary}`}
      data-testid="report-chart"
    >
      <BarChart data={rows} layout="vertical" responsive style={{ width: '100%', height: '100%' }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} domain={[0, 'dataMax']} />
        <YAxis type="category" dataKey="name" width={narrow ? 110 : 190} tick={{ fontSize: 12 }} />
        <Bar dataKey="intervals" name={t('publicReport.intervals')} isAnimationActive={false} barSize={18}>
          {rows.map((row) => (
            <Cell
              key={row.name}
              fill={`var(--mantine-color-${row.kind === 'violation' ? 'red' : 'orange'}-6)`}
            />
          ))}
        </Bar>
      </BarChart>
    </Box>
  );
}

/** The proctoring vocabulary's names (`proctoring.types`); an unknown type shows as it is. */
export function useTypeLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => t(`proctoring.types.${type}` as 'proctoring.types.noise', type);
}

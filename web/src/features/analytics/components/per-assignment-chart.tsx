import { Anchor, Table } from '@mantine/core';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AssignmentViolations } from '../api/types';
import { ChartCard } from './chart-card';
import { seriesColor } from './palette';

/** The assignments with the most violations, as bars. */
const SHOWN = 12;

/** Violations and attempts per assignment: bars for the leaders, and the table of all of them. */
export function PerAssignmentChart({
  items,
  loading,
}: {
  items: AssignmentViolations[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rows = [...(items ?? [])].sort((a, b) => Number(b.violations) - Number(a.violations));
  const data = rows.slice(0, SHOWN).map((r) => ({
    name: r.name ?? r.assignment_id,
    violations: Number(r.violations),
    attempts: Number(r.attempts),
  }));
  const only = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('assignment', id);
    return `?${next.toString()}`;
  };
  return (
    <ChartCard
      title={t('analytics.dashboards.charts.perAssignment')}
      loading={loading}
      empty={rows.length === 0}
      summary={data.map((d) => `${d.name}: ${d.violations}`).join(', ')}
      height={240}
      testId="chart-per-assignment"
      footer={<AssignmentTable rows={rows} only={only} />}
    >
      <BarChart data={data} responsive style={{ width: '100%', height: '100%' }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="name"
          tickFormatter={(name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name)}
        />
        <YAxis allowDecimals={false} width={40} />
        <Tooltip />
        <Legend />
        <Bar
          dataKey="violations"
          name={t('analytics.dashboards.series.violations')}
          fill={seriesColor(1)}
          isAnimationActive={false}
        />
        <Bar
          dataKey="attempts"
          name={t('analytics.dashboards.series.attempts')}
          fill={seriesColor(3)}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartCard>
  );
}

function AssignmentTable({ rows, only }: { rows: AssignmentViolations[]; only: (id: string) => string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={280} mah={8 * 36} type="native">
      <Table striped stickyHeader data-testid="per-assignment-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('analytics.dashboards.table.assignment')}</Table.Th>
            <Table.Th ta="right">{t('analytics.dashboards.table.violations')}</Table.Th>
            <Table.Th ta="right">{t('analytics.dashboards.table.attempts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.assignment_id} data-testid="per-assignment-row">
              <Table.Td>
                <Anchor component={Link} to={only(row.assignment_id)}>
                  {row.name || row.assignment_id}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{Number(row.violations)}</Table.Td>
              <Table.Td ta="right">{Number(row.attempts)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

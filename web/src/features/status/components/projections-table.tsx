import { Badge, Table, Text, type MantineBreakpoint } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { ProjectionHealth } from '../types';
import { projectionStateLabel } from './labels';
import { ParkedNote } from './parked-note';
import { ProjectionName } from './projection-name';
import { ProjectionProgress } from './projection-progress';
import { colorOf, projectionColor } from './status-colors';

interface ProjectionsTableProps {
  projections: ProjectionHealth[];
  visibleFrom?: MantineBreakpoint;
}

export function ProjectionsTable({ projections, visibleFrom }: ProjectionsTableProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table
      verticalSpacing="sm"
      horizontalSpacing="md"
      visibleFrom={visibleFrom}
      data-testid="projections-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('status.projections.name')}</Table.Th>
          <Table.Th>{t('status.projections.version')}</Table.Th>
          <Table.Th>{t('status.projections.state')}</Table.Th>
          <Table.Th w="35%">{t('status.projections.progress')}</Table.Th>
          <Table.Th ta="end">{t('status.projections.lag')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projections.map((projection) => (
          <Table.Tr key={projection.name} data-testid="projection-row" data-status={projection.status}>
            <Table.Td>
              <Text fz="sm" fw={500} ff="monospace" style={{ overflowWrap: 'break-word' }}>
                <ProjectionName name={projection.name} />
              </Text>
              <ParkedNote projection={projection} />
            </Table.Td>
            <Table.Td>v{projection.version}</Table.Td>
            <Table.Td>
              {/* Never shortened to "Перестраив…": the column grows to the whole word instead. */}
              <Badge color={colorOf(projectionColor, projection.status)} miw="max-content">
                {projectionStateLabel(t, projection.status)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <ProjectionProgress projection={projection} />
            </Table.Td>
            <Table.Td ta="end" ff="monospace" fw={projection.lag > 0 ? 600 : undefined}>
              {format.number(projection.lag)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

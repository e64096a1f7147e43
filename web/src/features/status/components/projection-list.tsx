import { Badge, Box, Group, Stack, Text, type MantineBreakpoint } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { ProjectionHealth } from '../types';
import { projectionStateLabel } from './labels';
import { ParkedNote } from './parked-note';
import { ProjectionName } from './projection-name';
import { ProjectionProgress } from './projection-progress';
import { colorOf, projectionColor } from './status-colors';

interface ProjectionListProps {
  projections: ProjectionHealth[];
  hiddenFrom?: MantineBreakpoint;
}

/** The table's content for phones: one block per projection, the bar at full width. */
export function ProjectionList({ projections, hiddenFrom }: ProjectionListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box component="ul" hiddenFrom={hiddenFrom} m={0} p={0} style={{ listStyle: 'none' }}>
      {projections.map((projection, index) => (
        <Stack
          key={projection.name}
          component="li"
          gap={8}
          p="md"
          data-testid="projection-item"
          data-status={projection.status}
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fz="sm" fw={500} ff="monospace" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
              <ProjectionName name={projection.name} />{' '}
              <Text span fz="xs" c="dimmed">
                v{projection.version}
              </Text>
            </Text>
            <Badge color={colorOf(projectionColor, projection.status)} style={{ flexShrink: 0 }}>
              {projectionStateLabel(t, projection.status)}
            </Badge>
          </Group>
          <ProjectionProgress projection={projection} />
          <ParkedNote projection={projection} />
          <Text fz="xs" c="dimmed">
            {t('status.projections.lag')}: {format.number(projection.lag)}
          </Text>
        </Stack>
      ))}
    </Box>
  );
}

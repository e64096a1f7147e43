import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import type { ProjectionHealth } from '../types';
import { parsePosition, processedPercent } from './progress';
import { colorOf, projectionColor } from './status-colors';

/** Where a projection stands against the head of the global log, as a bar and two numbers. */
export function ProjectionProgress({ projection }: { projection: ProjectionHealth }) {
  const { t } = useTranslation();
  const format = useFormat();
  const show = (value: string) => {
    const parsed = parsePosition(value);
    return parsed === undefined ? value : format.number(parsed);
  };
  const percent = processedPercent(projection.position, projection.head);
  const position = show(projection.position);
  const head = show(projection.head);
  return (
    <Stack gap={4} miw={120}>
      <Progress
        value={percent}
        color={colorOf(projectionColor, projection.status)}
        size="lg"
        radius="sm"
        striped={projection.status === 'catching_up' || projection.status === 'rebuilding'}
        animated={projection.status === 'rebuilding'}
        aria-label={`${t('status.projections.progress')}: ${position} / ${head}`}
      />
      <Text fz="xs" c="dimmed" ff="monospace">
        {position} / {head}
      </Text>
    </Stack>
  );
}

import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectionHealth } from '../types';

/**
 * The events a projection stepped over after failing on them (the platform is degraded while any are
 * parked), with the first error and the command that replays them after a fix. Nothing when none.
 */
export function ParkedNote({ projection }: { projection: ProjectionHealth }) {
  const { t } = useTranslation();
  const count = projection.parked ?? 0;
  if (count === 0) return null;
  return (
    <Text fz="xs" c="red" data-testid="projection-parked" style={{ overflowWrap: 'anywhere' }}>
      {t('status.projections.parked', {
        count,
        error: projection.parked_error ?? '—',
        // A shell command, the same in every language: passed in, not translated.
        command: `npm run replay-parked -- ${projection.name}`,
      })}
    </Text>
  );
}

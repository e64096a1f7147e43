import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DetectorOutcome } from '../api';

/** Which detectors ran on the recording, and why the others could not (model, photo, sound). */
export function DetectorsList({ detectors }: { detectors: DetectorOutcome[] | null }) {
  const { t } = useTranslation();
  if (!detectors) return null;
  const label = (type: DetectorOutcome['type']) => t(`aiReport.types.${type}`);
  const ran = detectors.filter((d) => d.ran);
  const skipped = detectors.filter((d) => !d.ran);
  return (
    <Stack gap={2} data-testid="ai-report-detectors">
      <Text size="sm" data-testid="ai-report-detectors-ran">
        <Text span fw={600} size="sm">
          {t('aiReport.detectorsRan')}:
        </Text>{' '}
        {ran.length ? ran.map((d) => label(d.type)).join(', ') : '—'}
      </Text>
      {skipped.length ? (
        <Group gap={4} data-testid="ai-report-detectors-skipped">
          <Text fw={600} size="sm">
            {t('aiReport.detectorsSkipped')}:
          </Text>
          <Text size="sm">
            {skipped
              .map((d) => `${label(d.type)} (${t(`aiReport.skipReasons.${d.reason ?? 'model_missing'}`)})`)
              .join(', ')}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

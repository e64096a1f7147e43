import { Group, Paper, Stack, Text } from '@mantine/core';
import { useFormat } from '../../../shared/i18n';
import type { ExternalLink } from '../api/external-api';
import { useExternalText } from '../i18n/use-external-text';

/** Which exam the link is for and whose it is (the first name only), and until when it opens. */
export function LinkFacts({ link }: { link: ExternalLink }) {
  const t = useExternalText();
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p="md" data-testid="link-facts">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="baseline">
          <Text fz="sm" c="dimmed" miw={80}>
            {t('camera.exam')}
          </Text>
          <Text fw={600} data-testid="link-assignment">
            {link.assignment.name}
          </Text>
        </Group>
        {link.student.firstname ? (
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Text fz="sm" c="dimmed" miw={80}>
              {t('camera.student')}
            </Text>
            <Text data-testid="link-student">{link.student.firstname}</Text>
          </Group>
        ) : null}
        <Text fz="xs" c="dimmed">
          {t('link.until', { time: format.dateTime(link.expires_at) })}
        </Text>
      </Stack>
    </Paper>
  );
}

import { Text } from '@mantine/core';
import { useExternalAssignmentText } from '../i18n/use-external-assignment-text';

/** Before an external assignment's attempt: where the work is done. */
export function ExternalFacts() {
  const t = useExternalAssignmentText();
  return (
    <Text size="sm" c="dimmed" data-testid="external-facts">
      {t('facts.external')}
    </Text>
  );
}

import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShell } from '../ui-store';

/** Chat and basket: their back ends do not exist yet, so they say so rather than show made-up data. */
export function UnavailableModal() {
  const { t } = useTranslation();
  const { unavailable, showUnavailable } = useShell();
  return (
    <Modal
      opened={unavailable !== null}
      onClose={() => showUnavailable(null)}
      title={unavailable ? t(`shell.header.${unavailable}`) : ''}
      centered
      size="sm"
    >
      <Text fw={600} mb={4} data-testid="unavailable-title">
        {t('sections.unavailableTitle')}
      </Text>
      <Text c="dimmed" mb="lg">
        {unavailable ? t(`shell.unavailable.${unavailable}`) : ''}
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => showUnavailable(null)}>{t('common.close')}</Button>
      </Group>
    </Modal>
  );
}

import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';

interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
  resolve: (confirmed: boolean) => void;
}

const useConfirmStore = create<{ request: ConfirmRequest | null }>(() => ({ request: null }));

/** Asks before doing something that cannot be undone by a click (logout, deactivation, deletion). */
export function confirmAction(options: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    useConfirmStore.getState().request?.resolve(false);
    useConfirmStore.setState({ request: { ...options, resolve } });
  });
}

/** Rendered once near the root: the one confirmation dialog of the app. */
export function ConfirmDialogHost() {
  const { t } = useTranslation();
  const request = useConfirmStore((s) => s.request);
  const answer = (confirmed: boolean) => {
    request?.resolve(confirmed);
    useConfirmStore.setState({ request: null });
  };
  return (
    <Modal
      opened={request !== null}
      onClose={() => answer(false)}
      title={request?.title}
      centered
      size="sm"
      data-testid="confirm-dialog"
    >
      <Text mb="lg">{request?.message}</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button color={request?.danger ? 'red' : undefined} onClick={() => answer(true)} data-autofocus>
          {request?.confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

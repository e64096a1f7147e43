import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';

/** Asks for the text of a message or warning to a student; the server's refusal stays in the dialog. */
export function MessageDialog({
  title,
  opened,
  pending,
  error,
  onClose,
  onSend,
}: {
  title: string;
  opened: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSend: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const apiError = isApiError(error) ? error : null;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="message-dialog">
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) onSend(text.trim());
        }}
      >
        <Textarea
          label={t('proctoring.act.text')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={apiError?.fieldError('description')}
          autosize
          minRows={3}
          maxLength={1000}
          data-autofocus
        />
        {apiError && !apiError.fieldError('description') ? (
          <Alert color="red">{apiError.message}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!text.trim()}>
            {t('proctoring.act.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

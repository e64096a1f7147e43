import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/access/errors';
import { notifySuccess } from '../../../shared/toasts/notify';
import { SCHOOLS_QUERY_KEY, schoolsApi } from '../api';

/** Attach-school modal (001 §2, §5): one invite-code field; Send is disabled while it is empty. */
export function AttachSchoolModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const attach = useMutation({
    mutationFn: () => schoolsApi.attach(code.trim()),
    onSuccess: async () => {
      notifySuccess(t('schools.attach.done'));
      await queryClient.invalidateQueries({ queryKey: SCHOOLS_QUERY_KEY });
      setCode('');
      onClose();
    },
    onError: (failure) => setError(fieldErrorsOf(failure, ['invite_code']).invite_code),
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('schools.attach.title')} centered size="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) attach.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('schools.attach.code')}
            required
            data-autofocus
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!code.trim()} loading={attach.isPending}>
              {t('common.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/access/errors';
import { NewPasswordForm } from '../../../shared/access/new-password-form';
import { notifySuccess } from '../../../shared/toasts/notify';
import { useCurrentUser } from '../../../shared/session';
import { challengeApi } from '../api';

/** change_password: the password has expired; a new one completes the challenge (001 §8 texts). */
export function ChangePasswordChallenge({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: ({ password, confirmation }: { password: string; confirmation: string }) =>
      challengeApi.changePassword(password, confirmation),
    onSuccess: () => {
      notifySuccess(t('auth.password.changed'));
      onDone();
    },
    onError: (error) => setErrors(fieldErrorsOf(error, ['new_password', 'new_password_confirmation'])),
  });
  return (
    <Stack gap="md">
      <Alert color="yellow" data-testid="password-expired">
        {t('challenges.changePassword.expired')}
      </Alert>
      <NewPasswordForm
        username={user?.username ?? ''}
        busy={change.isPending}
        serverErrors={errors}
        onSubmit={(password, confirmation) => change.mutate({ password, confirmation })}
      />
    </Stack>
  );
}

import { Button, Loader, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastMessage } from '../../../shared/api/error-toast';
import { accessApi } from '../api/access-api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { notifyError } from '../../../shared/toasts/notify';
import { ViewTitle } from './view-title';

/**
 * E-mail confirmation from a link (?action=confirmation&code=): success shows a message, failure goes
 * back to the login view (001 §8). The address comes with the link; when it does not, it is asked for.
 */
export function ConfirmationView() {
  const { t } = useTranslation();
  const { params, show } = useAuthModal();
  const [email, setEmail] = useState(params.email ?? '');
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const confirm = async (address: string) => {
    setBusy(true);
    try {
      await accessApi.confirmEmail(address.trim(), params.code ?? '');
      show('success', { message: t('auth.confirmation.done') });
    } catch (error) {
      notifyError(toastMessage(error));
      show('login');
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (started.current || !params.email) return;
    started.current = true;
    void confirm(params.email);
    // Runs once, for the address the link carried.
  }, []);

  return (
    <Stack gap="lg">
      <ViewTitle title={t('auth.confirmation.title')} description={t('auth.confirmation.description')} />
      {params.email ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim()) void confirm(email);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('person.email')}
              type="email"
              required
              data-autofocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} disabled={!email.trim()}>
              {t('auth.confirmation.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

import { Alert, Anchor, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { accessApi } from '../api/access-api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { accessFlowError, fieldErrorsOf } from '../../../shared/access/errors';
import { NewPasswordForm } from '../../../shared/access/new-password-form';
import { notifyError, notifySuccess } from '../../../shared/toasts/notify';
import { SmsCodeInput } from '../../../shared/access/sms-code-input';
import { useAccessErrorText } from '../../../shared/access/use-access-error-text';
import { ViewTitle } from './view-title';

type Step =
  | { name: 'username' }
  | { name: 'code' }
  | { name: 'email-sent' }
  | { name: 'fullname' }
  | { name: 'password'; via: 'code'; code: string }
  | { name: 'password'; via: 'fullname' };

/**
 * Password recovery (001 §4): the answer's verification_type decides the next step: phone → the SMS
 * code, email → a message that a link was sent, fullname → first and last name. A checked code or name
 * leads to the new-password form. A link (?action=remind&code=) starts at the new password.
 */
export function RemindView() {
  const { t } = useTranslation();
  const { params, show } = useAuthModal();
  const [username, setUsername] = useState(params.username ?? '');
  const [names, setNames] = useState({ firstname: '', lastname: '' });
  const [step, setStep] = useState<Step>(
    params.code ? { name: 'password', via: 'code', code: params.code } : { name: 'username' },
  );
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [codeError, setCodeError] = useState<string | null>(null);
  const errorText = useAccessErrorText();

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await action();
    } catch (error) {
      const mapped = accessFlowError(error);
      if (!mapped) return showErrorToast(error);
      const text = errorText(mapped);
      setErrors(
        fieldErrorsOf(error, [
          'username',
          'firstname',
          'lastname',
          'new_password',
          'new_password_confirmation',
        ]),
      );
      if (mapped.field === 'verification') setCodeError(text);
      else notifyError(text);
    } finally {
      setBusy(false);
    }
  };

  const changed = () => {
    notifySuccess(t('auth.password.changed'));
    show('login', { username });
  };

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={() => show('login', { username })}>
      {t('auth.remind.backToLogin')}
    </Anchor>
  );

  if (step.name === 'code')
    return (
      <Stack gap="lg">
        <ViewTitle title={t('auth.remind.title')} description={t('auth.remind.codeSent')} />
        <SmsCodeInput
          busy={busy}
          error={codeError}
          onVerify={(code) =>
            run(async () => {
              setCodeError(null);
              await accessApi.checkRecoveryCode(username.trim(), code);
              setStep({ name: 'password', via: 'code', code });
            })
          }
          onResend={() => run(async () => void (await accessApi.requestRecovery(username.trim())))}
        />
        {back}
      </Stack>
    );

  if (step.name === 'email-sent')
    return (
      <Stack gap="lg">
        <ViewTitle title={t('auth.remind.title')} />
        <Alert color="blue" data-testid="remind-email-sent">
          {t('auth.remind.emailSent')}
        </Alert>
        {back}
      </Stack>
    );

  if (step.name === 'fullname')
    return (
      <Stack gap="lg">
        <ViewTitle title={t('auth.remind.title')} description={t('auth.remind.fullnameDescription')} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await accessApi.checkFullname({ username: username.trim(), ...names });
              setStep({ name: 'password', via: 'fullname' });
            });
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t('person.lastname')}
                required
                data-autofocus
                value={names.lastname}
                onChange={(e) => setNames({ ...names, lastname: e.currentTarget.value })}
                error={errors.lastname}
              />
              <TextInput
                label={t('person.firstname')}
                required
                value={names.firstname}
                onChange={(e) => setNames({ ...names, firstname: e.currentTarget.value })}
                error={errors.firstname}
              />
            </SimpleGrid>
            <Button type="submit" loading={busy} disabled={!names.firstname.trim() || !names.lastname.trim()}>
              {t('common.continue')}
            </Button>
          </Stack>
        </form>
        {back}
      </Stack>
    );

  if (step.name === 'password')
    return (
      <Stack gap="lg">
        <ViewTitle
          title={t('auth.remind.newPasswordTitle')}
          description={t('auth.remind.newPasswordDescription')}
        />
        <NewPasswordForm
          busy={busy}
          serverErrors={errors}
          before={
            // A link carries the code; the username says whose it is (a short code alone names nobody).
            step.via === 'code' && !params.username ? (
              <TextInput
                label={t('auth.login.username')}
                required
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
                error={errors.username}
              />
            ) : null
          }
          onSubmit={(new_password, new_password_confirmation) =>
            run(async () => {
              const passwords = { new_password, new_password_confirmation, username: username.trim() };
              if (step.via === 'code')
                await accessApi.changeViaCode({ ...passwords, action_code: step.code });
              else await accessApi.changeViaFullname({ ...passwords, ...names });
              changed();
            })
          }
        />
        {back}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <ViewTitle title={t('auth.remind.title')} description={t('auth.remind.description')} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!username.trim()) return;
          void run(async () => {
            const { verification_type } = await accessApi.requestRecovery(username.trim());
            setStep(stepAfterRequest(verification_type));
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('auth.login.username')}
            required
            data-autofocus
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
          />
          <Button type="submit" loading={busy} disabled={!username.trim()}>
            {t('common.continue')}
          </Button>
        </Stack>
      </form>
      {back}
    </Stack>
  );
}

/** 001 §4: phone → the SMS code, email → 'a link was sent', fullname (or anything else) → the names form. */
function stepAfterRequest(verificationType: string): Step {
  if (verificationType === 'phone') return { name: 'code' };
  if (verificationType === 'email') return { name: 'email-sent' };
  return { name: 'fullname' };
}

import {
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { accessApi, type RegisterPayload } from '../api/access-api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { accessFlowError, fieldErrorsOf } from '../../../shared/access/errors';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { notifyError } from '../../../shared/toasts/notify';
import { SmsCodeInput } from '../../../shared/access/sms-code-input';
import { useAccessErrorText } from '../../../shared/access/use-access-error-text';
import { ViewTitle } from './view-title';

const SHOWN_FIELDS = [
  'invite_code',
  'lastname',
  'firstname',
  'patronymic',
  'phone',
  'email',
  'password',
  'agree',
];

const EMPTY: RegisterPayload = {
  invite_code: '',
  lastname: '',
  firstname: '',
  patronymic: '',
  phone: '',
  email: '',
  password: '',
  agree: false,
};

/**
 * Registration by invite code (001 §4, §5): with a phone, the SMS code is checked before the submit;
 * without one, straight to the submit. A token in the answer signs the new user in.
 */
export function RegisterView() {
  const { t } = useTranslation();
  const { params, show } = useAuthModal();
  const [form, setForm] = useState<RegisterPayload>({ ...EMPTY, invite_code: params.inviteCode ?? '' });
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [codeError, setCodeError] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const errorText = useAccessErrorText();

  const set = <K extends keyof RegisterPayload>(key: K, value: RegisterPayload[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  /** Field errors under their inputs; catalogue texts and other messages as a toast (001 §8). */
  const fail = (error: unknown) => {
    const mapped = accessFlowError(error);
    if (!mapped) return showErrorToast(error);
    const text = errorText(mapped);
    const fields = fieldErrorsOf(error, SHOWN_FIELDS);
    if (mapped.field === 'phone') fields.phone = text;
    setErrors(fields);
    if (mapped.field === 'verification') setCodeError(text);
    else notifyError(text);
  };

  const submit = async () => {
    const answer = await accessApi.submitRegistration(form);
    if (answer.access_token)
      await completeSignIn({
        access_token: answer.access_token,
        refresh_token: answer.refresh_token,
        ws_access_token: answer.ws_access_token,
        token_type: answer.token_type ?? 'Bearer',
      });
    else show('success', { message: t('auth.register.done') });
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  // 001 §5: send is enabled once first name, last name, password and consent are set (and an invite code).
  const ready =
    form.invite_code.trim() !== '' &&
    form.firstname.trim() !== '' &&
    form.lastname.trim() !== '' &&
    form.password !== '' &&
    form.agree;

  if (step === 'code')
    return (
      <Stack gap="lg">
        <ViewTitle title={t('auth.register.codeTitle')} description={t('auth.register.codeDescription')} />
        <SmsCodeInput
          sentTo={form.phone}
          busy={busy}
          error={codeError}
          onVerify={(code) =>
            run(async () => {
              setCodeError(null);
              await accessApi.confirmPhoneCode(form.phone, code);
              await submit();
            })
          }
          onResend={() => run(async () => void (await accessApi.requestPhoneCode(form.phone)))}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => setStep('form')}>
          {t('common.back')}
        </Anchor>
      </Stack>
    );

  const field = (name: keyof RegisterPayload) => ({
    value: form[name] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.currentTarget.value as never),
    error: errors[name],
  });

  return (
    <Stack gap="lg">
      <ViewTitle title={t('auth.register.title')} description={t('auth.register.description')} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready || busy) return;
          void run(async () => {
            setErrors({});
            await accessApi.validateRegistration(form);
            if (form.phone.trim()) {
              await accessApi.requestPhoneCode(form.phone);
              setStep('code');
            } else await submit();
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('auth.register.inviteCode')}
            required
            data-autofocus
            {...field('invite_code')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('person.lastname')}
              required
              autoComplete="family-name"
              {...field('lastname')}
            />
            <TextInput
              label={t('person.firstname')}
              required
              autoComplete="given-name"
              {...field('firstname')}
            />
          </SimpleGrid>
          <TextInput label={t('person.patronymic')} autoComplete="additional-name" {...field('patronymic')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('person.phone')}
              description={t('auth.register.phoneHint')}
              // The hint under the input keeps the phone and e-mail boxes level.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              type="tel"
              autoComplete="tel"
              {...field('phone')}
            />
            <TextInput label={t('person.email')} type="email" autoComplete="email" {...field('email')} />
          </SimpleGrid>
          <PasswordInput
            label={t('auth.login.password')}
            required
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={errors.password}
          />
          <Switch
            label={t('auth.register.agree')}
            checked={form.agree}
            onChange={(e) => set('agree', e.currentTarget.checked)}
            error={errors.agree}
          />
          <Button type="submit" disabled={!ready} loading={busy}>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="center" gap={6}>
        <Text size="sm">{t('auth.register.haveAccount')}</Text>
        <Anchor component="button" type="button" size="sm" onClick={() => show('login')}>
          {t('auth.login.submit')}
        </Anchor>
      </Group>
    </Stack>
  );
}

import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** 001 §5: both fields required and equal, at least 6 characters (the server checks the same). */
export const MIN_PASSWORD_LENGTH = 6;

export function newPasswordProblems(
  password: string,
  confirmation: string,
): { new_password?: 'required' | 'tooShort'; new_password_confirmation?: 'required' | 'mismatch' } {
  return {
    ...(password.length === 0
      ? { new_password: 'required' as const }
      : password.length < MIN_PASSWORD_LENGTH
        ? { new_password: 'tooShort' as const }
        : {}),
    ...(confirmation.length === 0
      ? { new_password_confirmation: 'required' as const }
      : confirmation !== password
        ? { new_password_confirmation: 'mismatch' as const }
        : {}),
  };
}

/** The new-password form of recovery, the change_password challenge and the profile. */
export function NewPasswordForm({
  onSubmit,
  busy,
  serverErrors = {},
  submitLabel,
  before,
  username,
}: {
  onSubmit: (password: string, confirmation: string) => void;
  busy?: boolean;
  serverErrors?: { new_password?: string; new_password_confirmation?: string };
  submitLabel?: string;
  /** Fields above the passwords (the username of a recovery by link). */
  before?: ReactNode;
  /** Whose password this is: tells password managers which account to update. */
  username?: string;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const problems = newPasswordProblems(password, confirmation);
  const text = {
    required: t('validation.required'),
    tooShort: t('validation.passwordMin', { count: MIN_PASSWORD_LENGTH }),
    mismatch: t('validation.passwordMismatch'),
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (Object.keys(problems).length === 0) onSubmit(password, confirmation);
      }}
    >
      <Stack gap="sm">
        {username !== undefined ? (
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        ) : null}
        {before}
        <PasswordInput
          label={t('auth.password.new')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={
            (touched && problems.new_password && text[problems.new_password]) || serverErrors.new_password
          }
        />
        <PasswordInput
          label={t('auth.password.confirm')}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={
            (touched && problems.new_password_confirmation && text[problems.new_password_confirmation]) ||
            serverErrors.new_password_confirmation
          }
        />
        <Button type="submit" loading={busy}>
          {submitLabel ?? t('auth.password.save')}
        </Button>
      </Stack>
    </form>
  );
}

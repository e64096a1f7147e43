import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../shared/api';
import { requestPasswordToken } from '../../../shared/session';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { loginError } from '../../../shared/access/errors';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useAccessErrorText } from '../../../shared/access/use-access-error-text';
import { ViewTitle } from './view-title';
import { notifyError } from '../../../shared/toasts/notify';
import { preloadPage } from '../../../shared/guards/page-preload';

export function LoginView() {
  const { t } = useTranslation();
  const { params, show } = useAuthModal();
  const [username, setUsername] = useState(params.username ?? '');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const errorText = useAccessErrorText();

  const login = useMutation({
    mutationFn: () => requestPasswordToken(username.trim(), password),
    onSuccess: completeSignIn,
    onError: (error) => {
      const mapped = loginError(error);
      if (!mapped) return showErrorToast(error);
      const text = errorText(mapped);
      setFailure(text);
      notifyError(text);
    },
    meta: { errorToast: false },
  });

  // 001 §5: the button is enabled only when both fields are filled.
  const filled = username.trim().length > 0 && password.length > 0;

  return (
    <Stack gap="lg">
      <ViewTitle title={t('auth.login.title')} description={t('auth.login.description')} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!filled || login.isPending) return;
          setFailure(null);
          // The main layout downloads while the password is checked.
          preloadPage(null);
          login.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('auth.login.username')}
            autoComplete="username"
            required
            data-autofocus
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={() => show('remind', { username })}>
              {t('auth.login.forgot')}
            </Anchor>
          </Group>
          {failure ? (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" disabled={!filled} loading={login.isPending} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.login.otherWays')} labelPosition="center" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button variant="default" onClick={() => show('signing')}>
          {t('auth.login.signing')}
        </Button>
        <Button variant="default" onClick={() => show('oauth')}>
          {t('auth.login.oauth')}
        </Button>
      </SimpleGrid>
      <Text ta="center" size="sm">
        {t('auth.login.noAccount')}{' '}
        <Anchor component="button" type="button" onClick={() => show('register')}>
          {t('auth.login.register')}
        </Anchor>
      </Text>
    </Stack>
  );
}

import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_PARAM } from '../../../shared/guards/redirects';
import { isApiError } from '../../../shared/api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { useCurrentUser } from '../../../shared/session';
import { resolveLaunchCode } from '../api';
import { useQuickStartText } from '../i18n/use-quick-start-text';
import { codeFromPaste, completeCode, groupCode } from '../model/code-text';

/**
 * `/startx` (specification 000 §2, "Быстрый старт"): the teacher shows a short code (and its QR, which
 * opens `/startx?code=…`); the student types it here. Signed out, the sign-in modal comes first and
 * brings them back here with the code kept; signed in, the code is resolved and the launch link
 * (`/session/assignment/{token}`) sends them where they belong.
 */
export function QuickStartPage() {
  const t = useQuickStartText();
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const given = groupCode(params.get('code') ?? '');
  const [code, setCode] = useState(given);
  const [error, setError] = useState<string | null>(null);
  const { user } = useCurrentUser();

  const resolve = useMutation({
    mutationFn: resolveLaunchCode,
    // Shown under the field, not as a toast.
    meta: { errorToast: false },
    onSuccess: (target) =>
      void navigate(`/session/assignment/${encodeURIComponent(target.token)}`, { replace: true }),
    onError: (failure) =>
      setError(
        isApiError(failure) && failure.httpStatus === 404
          ? t('notFound')
          : isApiError(failure) && failure.httpStatus === 429
            ? failure.message
            : t('failed'),
      ),
  });

  /** Keeps the code in the address and in `redirect_url`, so signing in comes back here with it. */
  const askToSignIn = (grouped: string) => {
    const back = `/startx?code=${encodeURIComponent(grouped)}`;
    setParams({ code: grouped, [REDIRECT_PARAM]: back }, { replace: true });
    const modal = useAuthModal.getState();
    if (!modal.opened) modal.open('login');
  };

  const submit = (typed: string) => {
    const plain = completeCode(typed);
    if (!plain) return setError(t('incomplete'));
    setError(null);
    if (user === null) return askToSignIn(typed);
    if (user) resolve.mutate(plain);
  };

  // `?code=` (the QR, or the way back from signing in) submits by itself, once per signed-in state.
  const autoSubmitted = useRef<string | null>(null);
  useEffect(() => {
    if (!given || user === undefined) return;
    const key = `${user ? 'in' : 'out'}:${given}`;
    if (autoSubmitted.current === key) return;
    autoSubmitted.current = key;
    setCode(given);
    submit(given);
    // Keyed on the code and the signed-in state only: submit's own identity changes every render.
  }, [given, user]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <Stack gap="lg" maw={520} mx="auto" mt="xl" data-testid="quick-start">
      <Stack gap={4} ta="center">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('lead')}</Text>
      </Stack>
      <Paper withBorder radius="md" p="xl" component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('label')}
            description={t('description')}
            value={code}
            onChange={(event) => {
              setCode(groupCode(event.currentTarget.value));
              setError(null);
            }}
            onPaste={(event) => {
              event.preventDefault();
              setCode(codeFromPaste(event.clipboardData.getData('text')));
              setError(null);
            }}
            error={error}
            placeholder="ABCD-EFGH"
            size="xl"
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            maxLength={9}
            data-testid="quick-start-code"
            styles={{
              input: {
                fontFamily: 'var(--mantine-font-family-monospace)',
                fontSize: 36,
                letterSpacing: '0.15em',
                textAlign: 'center',
                height: 72,
              },
            }}
          />
          <Button type="submit" size="lg" loading={resolve.isPending} data-testid="quick-start-go">
            {t('go')}
          </Button>
          {user === null ? (
            <Text size="sm" c="dimmed" ta="center" data-testid="quick-start-sign-in">
              {t('signIn')}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}

import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { REDIRECT_PARAM } from '../../../shared/guards/redirects';
import { isApiError } from '../../../shared/api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { logout, useCurrentUser } from '../../../shared/session';
import { launchPreviewQuery, launchTargetQuery } from '../api';
import { useExternalAssignmentText } from '../i18n/use-external-assignment-text';
import { launchDecision } from '../model/launch-decision';

/**
 * /session/assignment/{token} (specification 000 §2, `external-assignment`): the link a school posts on
 * its own site. Signed out: the assignment's name and the sign-in modal, back here afterwards. Signed
 * in: a student of the assignment goes to it, its teacher to the teacher's view, anyone else is told.
 */
export function LaunchPage() {
  const t = useExternalAssignmentText();
  useDocumentTitle(t('launch.title'));
  const token = useParams().token ?? '';
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  const target = useQuery({ ...launchTargetQuery(token), enabled: signedIn });
  const preview = useQuery({ ...launchPreviewQuery(token), enabled: user === null });
  const error = signedIn ? target.error : preview.error;
  const decision = launchDecision({
    user: user ? { group: user.group } : user,
    target: target.data,
    errorStatus: signedIn && error ? (isApiError(error) ? error.httpStatus : 0) : undefined,
  });
  useSignInHere(decision.kind === 'sign-in' && !preview.isError);

  if (decision.kind === 'go') return <Navigate to={decision.to} replace />;
  const name = preview.data?.name ?? target.data?.name;
  const invalid =
    decision.kind === 'invalid' ||
    (user === null && isApiError(preview.error) && preview.error.httpStatus === 404);
  return (
    <Stack
      gap="md"
      maw={640}
      mx="auto"
      data-testid="launch-page"
      data-state={invalid ? 'invalid' : decision.kind}
    >
      {/* The name comes first and small enough to stay above the sign-in modal, which opens over the page. */}
      <Stack gap={4}>
        <Title order={1} fz="lg" lh={1.3} data-testid="launch-name">
          {name ?? t('launch.title')}
        </Title>
        <Text c="dimmed">{t('launch.lead')}</Text>
        {preview.data?.school ? (
          <Text size="sm" c="dimmed">
            {t('launch.school')}: {preview.data.school}
          </Text>
        ) : null}
      </Stack>
      {invalid ? (
        <Alert color="red">{t('launch.invalid')}</Alert>
      ) : decision.kind === 'sign-in' ? (
        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between">
            <Text>{t('launch.signIn')}</Text>
            <Button onClick={() => useAuthModal.getState().open('login')} data-testid="launch-sign-in">
              {t('launch.signInButton')}
            </Button>
          </Group>
        </Paper>
      ) : decision.kind === 'unreachable' ? (
        <Alert color="orange">{t('launch.unreachable')}</Alert>
      ) : decision.kind === 'not-yours' ? (
        <Alert color="gray" data-testid="launch-not-yours">
          <Stack gap="sm">
            <Text size="sm">{t('launch.notYours')}</Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void logout()}>
                {t('launch.otherAccount')}
              </Button>
              <Button size="xs" variant="subtle" component={Link} to="/">
                {t('launch.toHome')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{t('launch.opening')}</Text>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Keeps this page in `redirect_url` and opens the sign-in modal: after signing in the modal brings the
 * visitor back here, and the page sends them on.
 */
function useSignInHere(active: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const params = new URLSearchParams(location.search);
    if (params.get(REDIRECT_PARAM) !== location.pathname) {
      params.set(REDIRECT_PARAM, location.pathname);
      void navigate({ search: `?${params.toString()}` }, { replace: true });
      return;
    }
    const modal = useAuthModal.getState();
    if (!modal.opened) modal.open('login');
  }, [active, location.pathname, location.search, navigate]);
}

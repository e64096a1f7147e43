import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isApiError } from '../../../shared/api';
import { signInAppsApi } from '../../../shared/signing/sign-in-apps-api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { ViewTitle } from './view-title';

/**
 * Sign-in through an external OAuth application (001 §2, §7): the applications the server lists, each a
 * link the browser follows to the application (the challenge link). Back from the application, the
 * address carries a one-time code (`?action=oauth&oauth_code=`), redeemed here for the session, or the
 * reason it was refused (`oauth_error`).
 */
export function OAuthView() {
  const { t } = useTranslation();
  const location = useLocation();
  const { params, show } = useAuthModal();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(params.message ?? null);
  const redeemed = useRef<string | null>(null);
  const code = params.code;
  const applications = useQuery({
    queryKey: ['oauth-applications'],
    queryFn: ({ signal }) => signInAppsApi.applications(signal),
    enabled: !code,
  });

  useEffect(() => {
    if (!code || redeemed.current === code) return;
    redeemed.current = code;
    // The code is spent by this request: keep it out of the history and of a reload.
    const query = new URLSearchParams(location.search);
    query.delete('oauth_code');
    query.delete('action');
    window.history.replaceState(window.history.state, '', `${location.pathname}?${query.toString()}`);
    signInAppsApi
      .redeem(code)
      .then(completeSignIn)
      .catch((error: unknown) => {
        setFailure(isApiError(error) ? error.message : t('auth.errors.unknown'));
        show('oauth', {});
      });
  }, [code, completeSignIn, location.pathname, location.search, show, t]);

  const returnUrl = new URLSearchParams(location.search).get('redirect_url');
  return (
    <Stack gap="lg" data-testid="oauth-view">
      <ViewTitle title={t('auth.oauth.title')} description={t('auth.oauth.description')} />
      {failure ? (
        <Alert color="red" role="alert" data-testid="oauth-error">
          {failure}
        </Alert>
      ) : null}
      {code ? (
        <Stack align="center" gap="xs">
          <Loader aria-label={t('auth.oauth.signingIn')} />
          <Text size="sm">{t('auth.oauth.signingIn')}</Text>
        </Stack>
      ) : applications.isPending ? (
        <Loader aria-label="…" />
      ) : applications.data && applications.data.length > 0 ? (
        <Stack gap="xs">
          {applications.data.map((application) => (
            <Button
              key={application.id}
              component="a"
              href={signInAppsApi.challengeUrl(application.id, returnUrl)}
              variant="default"
              size="md"
              justify="space-between"
              data-testid="oauth-application"
              rightSection={
                <Text size="xs" c="dimmed">
                  {application.description}
                </Text>
              }
            >
              {application.name}
            </Button>
          ))}
        </Stack>
      ) : (
        <Alert color="gray" data-testid="auth-unavailable">
          {t('auth.oauth.unavailable')}
        </Alert>
      )}
      <Button variant="subtle" onClick={() => show('login')}>
        {t('auth.remind.backToLogin')}
      </Button>
    </Stack>
  );
}

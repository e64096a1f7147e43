import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { signInAppsApi } from '../../../shared/signing/sign-in-apps-api';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { loginError } from '../../../shared/access/errors';
import { authDocument, signXmlRequest, utf8Base64 } from '../../../shared/signing/signing-app-client';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { useSigningApp } from '../../../shared/signing/use-signing-app';
import { useAccessErrorText } from '../../../shared/access/use-access-error-text';
import { SigningConnection } from '../../../shared/signing/signing-connection';
import { ViewTitle } from './view-title';

/** A fresh nonce for each document: 24 letters and digits, so a signature signs in once. */
const nonce = () => crypto.randomUUID().replace(/-/g, '').slice(0, 24);

/**
 * Sign-in by digital signature (001 §2, §7, §9): connect to the signing application on this computer
 * (retried every second, the state shown), ask it which key it holds, have it sign the short fixed
 * document, and exchange the signature at POST /oauth/token (the digital-signature grant).
 */
export function SigningView() {
  const { t } = useTranslation();
  const show = useAuthModal((s) => s.show);
  const completeSignIn = useCompleteSignIn();
  const errorText = useAccessErrorText();
  const signing = useSigningApp();
  const { connection } = signing;
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);

  const signIn = useMutation({
    mutationFn: async () => {
      const signed = await connection!.request(signXmlRequest(authDocument(new Date(), nonce())));
      if (typeof signed !== 'string') throw new Error(t('auth.signing.badAnswer'));
      return signInAppsApi.signatureToken(utf8Base64(signed));
    },
    onSuccess: completeSignIn,
    onError: (error) => {
      const mapped = loginError(error);
      // 1102 from the grant: the catalogue's text, and the server's reason under it.
      if (mapped)
        setFailure({ title: errorText(mapped), detail: isApiError(error) ? error.message : undefined });
      else setFailure({ title: t('auth.signing.failed'), detail: (error as Error).message });
    },
    meta: { errorToast: false },
  });

  return (
    <Stack gap="lg" data-testid="signing-view" data-state={signing.state}>
      <ViewTitle title={t('auth.signing.title')} description={t('auth.signing.description')} />
      <SigningConnection signing={signing} />
      {failure ? (
        <Alert color="red" role="alert" data-testid="signing-error" title={failure.title}>
          {failure.detail}
        </Alert>
      ) : null}
      <Button
        disabled={!signing.open}
        loading={signIn.isPending}
        onClick={() => {
          setFailure(null);
          signIn.mutate();
        }}
        data-testid="signing-submit"
      >
        {t('auth.signing.submit')}
      </Button>
      <Button variant="subtle" onClick={() => show('login')}>
        {t('auth.remind.backToLogin')}
      </Button>
    </Stack>
  );
}

import { Alert, Button, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api';
import { notifySuccess } from '../../../shared/toasts/notify';
import { SigningConnection } from '../../../shared/signing/signing-connection';
import { signXmlRequest, utf8Base64 } from '../../../shared/signing/signing-app-client';
import { useSigningApp } from '../../../shared/signing/use-signing-app';
import { challengeApi } from '../api';
import { policyXml } from './privacy-policy-document';

/**
 * sign_privacy_policy (001 §4): the policy text is shown, the signing application on this computer
 * (the same connection as sign-in by signature) signs it as XML, and Sign sends the text with the
 * signature. The server checks that the signed text is the one sent and, for a user who registered a
 * certificate, that this key signed it; its refusal (422 on `signature`) is shown under the button.
 */
export function PrivacyPolicyChallenge({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const signing = useSigningApp();
  const [failure, setFailure] = useState<string | null>(null);
  // The document is the text in the language the user reads it in; the server compares it as sent.
  const document = t('challenges.privacyPolicy.document');

  const sign = useMutation({
    mutationFn: async () => {
      const signed = await signing.connection!.request(signXmlRequest(policyXml(document)));
      if (typeof signed !== 'string') throw new Error(t('auth.signing.badAnswer'));
      await challengeApi.signPrivacyPolicy(document, utf8Base64(signed));
    },
    onSuccess: () => {
      notifySuccess(t('challenges.privacyPolicy.done'));
      onDone();
    },
    onError: (error) => {
      const field = isApiError(error) ? (error.fieldError('signature') ?? error.message) : undefined;
      setFailure(field ?? (error as Error).message ?? t('auth.signing.failed'));
    },
    meta: { errorToast: false },
  });

  return (
    <Stack gap="md" data-testid="privacy-policy" data-state={signing.state}>
      <Text>{t('challenges.privacyPolicy.text')}</Text>
      <ScrollArea.Autosize mah={220} type="auto">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="privacy-policy-document">
          {document}
        </Text>
      </ScrollArea.Autosize>
      <SigningConnection signing={signing} />
      <Button
        disabled={!signing.open}
        loading={sign.isPending}
        onClick={() => {
          setFailure(null);
          sign.mutate();
        }}
        data-testid="privacy-policy-sign"
      >
        {t('challenges.privacyPolicy.sign')}
      </Button>
      {failure ? (
        <Alert color="red" role="alert" data-testid="privacy-policy-error" title={t('auth.signing.failed')}>
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}

import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * sign_privacy_policy needs the document signed by the signing application on the user's machine
 * (001 §4). This server has no signing application to talk to, so the modal says so honestly; the
 * user can sign out and ask the school to withdraw the challenge.
 */
export function PrivacyPolicyChallenge() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t('challenges.privacyPolicy.text')}</Text>
      <Alert color="gray" data-testid="signing-unavailable">
        {t('challenges.privacyPolicy.unavailable')}
      </Alert>
    </Stack>
  );
}

import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useSigningApp } from './use-signing-app';

/**
 * Where the connection to the signing application on this computer stands: connected with the key it
 * holds, or still trying (the address and the number of tries). Shown by every screen that signs.
 */
export function SigningConnection({ signing }: { signing: ReturnType<typeof useSigningApp> }) {
  const { t } = useTranslation();
  if (signing.open)
    return (
      <Alert color="green" data-testid="signing-connected">
        <Text size="sm">{t('auth.signing.connected')}</Text>
        {signing.keySubject ? (
          <Text size="sm" fw={500} data-testid="signing-key">
            {t('auth.signing.key', { subject: signing.keySubject })}
          </Text>
        ) : null}
      </Alert>
    );
  return (
    <Alert color="yellow" data-testid="signing-connecting">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <div>
          <Text size="sm">{t('auth.signing.connecting')}</Text>
          <Text size="xs" c="dimmed">
            {t('auth.signing.connectingHint', {
              address: signing.address ?? '…',
              attempts: signing.attempts,
            })}
          </Text>
        </div>
      </Group>
    </Alert>
  );
}

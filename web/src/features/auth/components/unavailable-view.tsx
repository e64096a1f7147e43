import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuthModal } from '../auth-modal-store';
import { ViewTitle } from './view-title';

/**
 * Sign-in through an external OAuth application or the local signing application: neither is set up
 * on this server (no OAuth applications are registered; the signing application runs on the user's
 * machine and needs a registered key), so the view says so instead of pretending.
 */
export function UnavailableView({ kind }: { kind: 'oauth' | 'signing' }) {
  const { t } = useTranslation();
  const show = useAuthModal((s) => s.show);
  return (
    <Stack gap="lg">
      <ViewTitle title={t(`auth.${kind}.title`)} />
      <Alert color="gray" data-testid="auth-unavailable">
        {t(`auth.${kind}.unavailable`)}
      </Alert>
      <Button variant="default" onClick={() => show('login')}>
        {t('auth.remind.backToLogin')}
      </Button>
    </Stack>
  );
}

import { CloseButton, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../shared/i18n';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import classes from './auth-modal.module.css';
import { ConfirmationView } from './confirmation-view';
import { LoginView } from './login-view';
import { RegisterView } from './register-view';
import { RemindView } from './remind-view';
import { SuccessView } from './success-view';
import { OAuthView } from './oauth-view';
import { SigningView } from './signing-view';

/** The authentication modal (001 §2): a welcome panel with the language on the left, the view on the right. */
export function AuthModal() {
  const { t } = useTranslation();
  const { opened, view, close } = useAuthModal();
  const phone = useMediaQuery('(max-width: 767.98px)');
  return (
    <Modal.Root opened={opened} onClose={close} size={880} fullScreen={phone} centered>
      <Modal.Overlay />
      <Modal.Content data-testid="auth-modal" data-view={view}>
        <div className={classes.frame}>
          <div className={classes.welcome}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} fz="lg">
                  Sabaq
                </Text>
              </Group>
              {phone ? (
                <CloseButton variant="transparent" c="white" onClick={close} aria-label={t('common.close')} />
              ) : null}
            </Group>
            <Stack gap="xs" className={classes.lead}>
              <Title order={3} c="white">
                {t('auth.welcome.title')}
              </Title>
              <Text c="blue.0">{t('auth.welcome.text')}</Text>
            </Stack>
            <div style={{ marginTop: 'auto' }}>
              <LanguageSwitcher />
            </div>
          </div>
          <div className={classes.form}>
            {phone ? null : (
              <CloseButton
                onClick={close}
                aria-label={t('common.close')}
                style={{ position: 'absolute', top: 12, right: 12 }}
              />
            )}
            <AuthView />
          </div>
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}

function AuthView() {
  const view = useAuthModal((s) => s.view);
  switch (view) {
    case 'register':
      return <RegisterView />;
    case 'remind':
      return <RemindView />;
    case 'confirmation':
      return <ConfirmationView />;
    case 'success':
      return <SuccessView />;
    case 'oauth':
      return <OAuthView />;
    case 'signing':
      return <SigningView />;
    default:
      return <LoginView />;
  }
}

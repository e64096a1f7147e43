import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '../../../shared/ui/icons';
import { useAuthModal } from '../../../shared/access/auth-modal-store';
import { ViewTitle } from './view-title';

export function SuccessView() {
  const { t } = useTranslation();
  const { params, show } = useAuthModal();
  return (
    <Stack gap="lg" align="flex-start">
      <ThemeIcon size={48} radius="xl" color="green" variant="light">
        <IconCheck size={28} />
      </ThemeIcon>
      <ViewTitle title={t('auth.success.title')} />
      <Text data-testid="auth-success-message">{params.message ?? t('auth.success.text')}</Text>
      <Button onClick={() => show('login')}>{t('auth.login.submit')}</Button>
    </Stack>
  );
}

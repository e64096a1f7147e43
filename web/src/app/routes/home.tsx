import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthModal } from '../../shared/access/auth-modal-store';

/** The front page behind the authentication modal: what the platform is, and the way in. */
export function Landing({ signedIn = false }: { signedIn?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('app.name'));
  const open = useAuthModal((s) => s.open);
  return (
    <Stack gap="lg" maw={720} py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 28, sm: 34 }}>
        {t('home.title')}
      </Title>
      <Text fz="lg">{t('home.lead')}</Text>
      <List spacing="xs">
        <List.Item>{t('home.teachers')}</List.Item>
        <List.Item>{t('home.students')}</List.Item>
        <List.Item>{t('home.proctors')}</List.Item>
      </List>
      <Group gap="sm">
        {signedIn ? null : (
          <Button onClick={() => open('login')} data-testid="open-login">
            {t('auth.login.submit')}
          </Button>
        )}
        <Button component={Link} to="/status" variant="light">
          {t('home.statusLink')}
        </Button>
      </Group>
    </Stack>
  );
}

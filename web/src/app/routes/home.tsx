import { Button, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A stand-in front page until the signed-in areas exist: what the platform is, and where to look. */
export function HomeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.name'));
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
      <div>
        <Button component={Link} to="/status" variant="light">
          {t('home.statusLink')}
        </Button>
      </div>
    </Stack>
  );
}

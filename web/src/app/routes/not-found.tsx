import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('errors.notFound')} · ${t('app.name')}`);
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Text c="dimmed" fw={700} fz={48} lh={1}>
        404
      </Text>
      <Title order={2}>{t('errors.notFound')}</Title>
      <Text c="dimmed">{t('errors.notFoundHint')}</Text>
      <Button component={Link} to="/" variant="light">
        {t('errors.toHome')}
      </Button>
    </Stack>
  );
}

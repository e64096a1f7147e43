import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown instead of a blank page when a screen throws while rendering or a route fails to load. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start" gap="sm">
        <Title order={2}>{t('errors.crashed')}</Title>
        <Text c="dimmed">{t('errors.crashedHint')}</Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Stack>
    </Container>
  );
}

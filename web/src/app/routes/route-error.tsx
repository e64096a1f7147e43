import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError, mayReloadForChunk } from '../guards/navigation';

const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/**
 * The route-level error page (000 §2, §8): 403 'Forbidden', 404 'This page could not be found' with a
 * link home, otherwise the error's message (default 'Error') and status (default 500). A screen whose
 * code failed to download (a new release replaced it) reloads the page, at most once a minute.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (!chunkFailed) return;
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || null;
    if (!mayReloadForChunk(Date.now(), last)) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    window.location.reload();
  }, [chunkFailed]);

  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <ErrorPage status={403} titleKey="forbidden" hintKey="forbiddenHint" />;
    if (error.status === 404) return <ErrorPage status={404} titleKey="notFound" hintKey="notFoundHint" />;
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText || 'Error';
    return <ErrorPage status={error.status || 500} message={message} />;
  }
  console.error(error);
  const message = error instanceof Error && error.message ? error.message : 'Error';
  return <ErrorPage status={500} message={message} crashed />;
}

export function ErrorPage({
  status,
  titleKey,
  hintKey,
  message,
  crashed,
}: {
  status: number;
  titleKey?: 'forbidden' | 'notFound';
  hintKey?: 'forbiddenHint' | 'notFoundHint';
  message?: string;
  crashed?: boolean;
}) {
  const { t } = useTranslation();
  const title = titleKey ? t(`errors.${titleKey}`) : crashed ? t('errors.crashed') : (message ?? 'Error');
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Container size="sm" py="xl" data-testid="error-page" data-status={status}>
      <Stack align="flex-start" gap="sm">
        <Text c="dimmed" fw={700} fz={48} lh={1} data-testid="error-status">
          {status}
        </Text>
        <Title order={1} fz={28}>
          {title}
        </Title>
        {hintKey ? <Text c="dimmed">{t(`errors.${hintKey}`)}</Text> : null}
        {crashed ? (
          <>
            <Text c="dimmed" data-testid="error-message">
              {message}
            </Text>
            <Text c="dimmed">{t('errors.crashedHint')}</Text>
          </>
        ) : null}
        <Button component={Link} to="/" variant="light">
          {t('errors.toHome')}
        </Button>
        {crashed ? (
          <Button variant="subtle" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        ) : null}
      </Stack>
    </Container>
  );
}

import { Alert, Group, Image, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBlob } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { identityPhotosQuery } from './result-tabs-api';

/** A photo the API serves only with the token: fetched as a blob and shown from an object URL. */
function IdentityPhoto({ url, alt }: { url: string; alt: string }) {
  const blob = useQuery({
    queryKey: ['identity-photo', url],
    queryFn: ({ signal }) => fetchBlob(url, signal),
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  if (blob.isError) return <Alert color="red">{blob.error.message}</Alert>;
  if (!src) return <Skeleton width={256} height={256} radius="sm" />;
  return <Image src={src} alt={alt} w={256} h={256} radius="sm" fit="cover" data-testid="identity-photo" />;
}

/** The photos the exam client took to identify the student, with when each was taken. */
export function IdentityTab({ attemptId }: { attemptId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const photos = useQuery(identityPhotosQuery(attemptId));
  if (photos.isPending) return <Skeleton height={256} radius="md" data-testid="identity-loading" />;
  if (photos.isError) return <Alert color="red">{photos.error.message}</Alert>;
  const taken = photos.data.filter((a) => (a.screenshot_urls ?? []).length > 0);
  if (taken.length === 0) {
    return (
      <Text c="dimmed" data-testid="identity-empty">
        {t('assignments.result.identity.empty')}
      </Text>
    );
  }
  return (
    <Group gap="md" align="flex-start" data-testid="identity-tab">
      {taken.map((action) => (
        <Paper withBorder radius="md" p="sm" key={action.id}>
          <Stack gap="xs">
            <Title order={2} fz="sm">
              {t('assignments.result.identity.taken', { time: format.dateTime(action.created_at) })}
            </Title>
            {(action.screenshot_urls ?? []).map((url, index) => (
              <IdentityPhoto
                key={url}
                url={url}
                alt={t('assignments.result.identity.alt', { number: index + 1 })}
              />
            ))}
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}

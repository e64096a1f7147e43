import { Alert, Anchor, Box, Button, Group, Image, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/i18n';
import { useCurrentUser } from '../../../shared/session';
import { mediaApi, mediaKeys } from '../api';
import { isConverting, sizeInKb, type MediaItem } from '../model';
import { HlsVideo } from './hls-video';

/** 001 §9: the preview is 400 px high on a desktop, 350 on a tablet, 250 on a phone. */
function usePreviewHeight(): number {
  const desktop = useMediaQuery('(min-width: 1200px)');
  const tablet = useMediaQuery('(min-width: 768px)');
  return desktop ? 400 : tablet ? 350 : 250;
}

/** The viewer of a selected file: image, video (HLS), audio, document (with the reader's watermark). */
export function MediaPreview({ item }: { item: MediaItem | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const height = usePreviewHeight();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: string) => mediaApi.retry(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mediaKeys.lists }),
  });
  if (!item) {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="media-preview">
        <Text c="dimmed">{t('media.preview.none')}</Text>
      </Paper>
    );
  }
  const kb = sizeInKb(item.file_size);
  let body;
  if (item.type === 'image' && item.src) {
    body = <Image src={item.src} alt={item.name} h={height} fit="contain" />;
  } else if (item.type === 'video') {
    if (item.status === 'ready' && item.encoded) {
      body = (
        <HlsVideo mediaId={item.id} playlist={item.encoded.playlist} height={height} label={item.name} />
      );
    } else if (item.status === 'failure') {
      body = (
        <Alert color="red" title={t('media.conversionFailed')} data-testid="media-failure">
          <Stack gap="xs">
            {item.failure_reason ? <Text size="sm">{item.failure_reason}</Text> : null}
            <Group>
              <Button size="xs" onClick={() => retry.mutate(item.id)} loading={retry.isPending}>
                {t('media.retry')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
    } else {
      const percent = Math.round(item.progress ?? 0);
      body = (
        <Stack gap="xs" data-testid="media-converting">
          <Text size="sm">{t('media.converting', { percent })}</Text>
          <Progress value={percent} animated={isConverting(item)} aria-label={t('media.status.in_process')} />
        </Stack>
      );
    }
  } else if (item.type === 'audio' && item.src) {
    body = <audio controls src={item.src} style={{ width: '100%' }} aria-label={item.name} />;
  } else if (item.type === 'document' && item.src) {
    body = (
      <Box pos="relative" h={height}>
        <iframe src={item.src} title={item.name} style={{ width: '100%', height: '100%', border: 0 }} />
        {/* 001 §5: documents carry a watermark with the reader's first name. */}
        <Text
          aria-hidden
          pos="absolute"
          top="45%"
          left={0}
          right={0}
          ta="center"
          fz={28}
          fw={700}
          c="gray.5"
          style={{ pointerEvents: 'none', opacity: 0.35, transform: 'rotate(-20deg)' }}
        >
          {t('media.preview.watermark', { name: user?.firstname ?? '' })}
        </Text>
      </Box>
    );
  } else {
    body = <Text c="dimmed">{t('media.preview.noPreview')}</Text>;
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="media-preview">
      <Stack gap="sm">
        <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Title>
        {body}
        <Group gap="md" justify="space-between">
          <Text size="sm" c="dimmed">
            {t(`media.types.${item.type}`)}
            {kb !== null ? ` · ${t('media.sizeKb', { size: format.number(kb, kb < 10 ? 1 : 0) })}` : ''}
            {` · ${format.dateTime(item.created_at)}`}
          </Text>
          {item.src ? (
            <Anchor href={item.src} target="_blank" rel="noopener" size="sm">
              {t('media.preview.openNew')}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

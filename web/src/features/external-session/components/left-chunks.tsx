import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { chunkStore, startUploader, uploadNow, type ChunkRecord } from '../../../shared/recording';
import { useExternalText } from '../i18n/use-external-text';
import { UploadStatus } from './upload-status';

interface LeftSession {
  id: string;
  count: number;
  bytes: number;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function bySession(chunks: readonly ChunkRecord[]): LeftSession[] {
  const sessions = new Map<string, LeftSession>();
  for (const c of chunks) {
    const s = sessions.get(c.session_id) ?? { id: c.session_id, count: 0, bytes: 0 };
    s.count += 1;
    s.bytes += c.blob.size;
    sessions.set(c.session_id, s);
  }
  return [...sessions.values()];
}

/**
 * The recordings this browser still holds in 'VideoChunksDb' (an exam's tab closed before they went):
 * each chunk carries its own session's signed params, so the exam's uploader sends them from here.
 */
export function LeftChunks() {
  const t = useExternalText();
  const [left, setLeft] = useState<LeftSession[] | null>(null);
  const [sending, setSending] = useState(false);
  const reload = useCallback(() => {
    void chunkStore.all().then(
      (all) => setLeft(bySession(all.filter((c) => !c.is_uploaded || c.is_closed))),
      () => setLeft([]),
    );
  }, []);
  useEffect(reload, [reload]);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="left-title"
      data-testid="left-chunks"
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="left-title">
          {t('upload.left')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('upload.leftHint')}
        </Text>
        {left && left.length === 0 ? <Text fz="sm">{t('upload.leftNone')}</Text> : null}
        {left?.map((s) => (
          <Text key={s.id} fz="sm" data-testid="left-session">
            {t('upload.leftSession', { id: s.id.slice(0, 8), count: s.count, size: megabytes(s.bytes) })}
          </Text>
        ))}
        {left && left.length > 0 ? (
          <Button
            variant="light"
            loading={sending}
            onClick={() => {
              setSending(true);
              startUploader();
              void uploadNow().finally(() => {
                setSending(false);
                reload();
              });
            }}
            data-testid="left-send"
          >
            {t('upload.sendLeft')}
          </Button>
        ) : null}
        {left && left.length > 0 ? <UploadStatus /> : null}
      </Stack>
    </Paper>
  );
}

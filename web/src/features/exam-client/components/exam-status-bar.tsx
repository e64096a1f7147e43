import { Alert, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useExamText, type ExamKey } from '../i18n/use-exam-text';
import { onUploadProgress, type UploadProgress } from '../../../shared/recording/uploader';

/**
 * The strip above a proctored attempt: recording on, how much of it reached the server, the latest
 * warning posted (role="alert", so a screen reader says it once), a quiet note on detectors that could
 * not start, and a way back to full screen.
 */
export function ExamStatusBar({
  warning,
  recording,
  needsFullscreen,
  unavailable = [],
}: {
  warning: string | null;
  recording: boolean;
  needsFullscreen: boolean;
  /** Detectors that could not start (a model did not load): a quiet note, the exam goes on. */
  unavailable?: readonly string[];
}) {
  const t = useExamText();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [online, setOnline] = useState(navigator.onLine);
  const [fullscreen, setFullscreen] = useState(Boolean(document.fullscreenElement));
  useEffect(() => onUploadProgress(setProgress), []);
  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      setFullscreen(Boolean(document.fullscreenElement));
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    document.addEventListener('fullscreenchange', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      document.removeEventListener('fullscreenchange', update);
    };
  }, []);
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      px="md"
      data-testid="exam-status"
      aria-label={t('bar.label')}
      component="section"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {recording ? (
            <Badge color="red" variant="dot" data-testid="exam-recording">
              {t('bar.recording')}
            </Badge>
          ) : null}
          <Text fz="sm" c="dimmed" data-testid="upload-progress" aria-live="off">
            {progress && progress.total > 0
              ? t('bar.upload', { uploaded: progress.uploaded, total: progress.total })
              : t('bar.uploadIdle')}
            {progress && progress.failed > 0 ? ` · ${t('bar.uploadFailed', { count: progress.failed })}` : ''}
          </Text>
        </Group>
        {needsFullscreen && !fullscreen ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
          >
            {t('bar.fullscreen')}
          </Button>
        ) : null}
      </Group>
      {!online ? (
        <Alert color="orange" mt="xs" p="xs">
          {t('bar.offline')}
        </Alert>
      ) : null}
      {unavailable.length > 0 ? (
        <Text fz="xs" c="dimmed" mt={4} data-testid="exam-detectors-unavailable">
          {t('bar.unavailable', {
            checks: unavailable.map((check) => t(`checks.${check}` as ExamKey)).join(', '),
          })}
        </Text>
      ) : null}
      {warning ? (
        <Alert color="red" mt="xs" p="xs" role="alert" data-testid="exam-warning" data-action={warning}>
          {t('bar.warning', { what: t(`warnings.${warning}` as ExamKey) })}
        </Alert>
      ) : null}
    </Paper>
  );
}

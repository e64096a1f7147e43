import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { onUploadProgress, type UploadProgress } from '../../../shared/recording';
import { useExternalText } from '../i18n/use-external-text';

/** How much of this browser's recording reached the server (the exam's uploader, every 10 s). */
export function UploadStatus({ onProgress }: { onProgress?: (progress: UploadProgress) => void }) {
  const t = useExternalText();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  useEffect(
    () =>
      onUploadProgress((p) => {
        setProgress(p);
        onProgress?.(p);
      }),
    [onProgress],
  );
  const total = progress?.total ?? 0;
  return (
    <Stack gap={4} data-testid="upload-status">
      <Text fz="sm" c="dimmed" data-testid="upload-progress">
        {total > 0 ? t('progress.chunks', { uploaded: progress!.uploaded, total }) : t('progress.idle')}
        {progress && progress.failed > 0 ? ` · ${t('progress.failed', { count: progress.failed })}` : ''}
      </Text>
      {total > 0 ? (
        <Progress
          value={(100 * progress!.uploaded) / total}
          aria-label={t('progress.chunks', { uploaded: progress!.uploaded, total })}
        />
      ) : null}
    </Stack>
  );
}

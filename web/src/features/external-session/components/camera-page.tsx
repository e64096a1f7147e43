import { AspectRatio, Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api';
import type { UploadProgress } from '../../../shared/recording';
import { externalApi, externalKeys } from '../api/external-api';
import { useCameraRecording } from '../hooks/use-camera-recording';
import { useExternalText } from '../i18n/use-external-text';
import { linkState } from '../model/link-state';
import { LinkFacts } from './link-facts';
import { LinkRefusal } from './link-refusal';
import { UploadStatus } from './upload-status';

/** While recording the page asks again this often whether the exam still runs. */
const LINK_REFRESH_MS = 15_000;

/**
 * /session/camera/{token}: a phone as the exam's second camera, without signing in. What the link is
 * for, the camera's picture (rear camera first), a start, the recording into IndexedDB sent by the
 * exam's uploader, and a clear end when the exam finishes or the link runs out.
 */
export function CameraPage() {
  const t = useExternalText();
  useDocumentTitle(t('camera.title'));
  const token = useParams().token ?? '';
  const query = useQuery({
    queryKey: externalKeys.link(token),
    queryFn: ({ signal }) => externalApi.read(token, signal),
    retry: false,
    refetchInterval: LINK_REFRESH_MS,
    meta: { errorToast: false },
  });
  // A refusal outranks what was read before it: the link ran out while the page was open.
  const refused =
    isApiError(query.error) && (query.error.httpStatus === 404 || query.error.httpStatus === 410);
  const state = linkState(
    'camera',
    refused ? undefined : query.data,
    refused || !query.data ? query.error : null,
  );
  const examOver = state.kind === 'finished' || state.kind === 'expired' || state.kind === 'invalid';
  const camera = useCameraRecording(token, state.kind === 'ready' ? state.link : undefined, examOver);

  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element || !camera.stream) return;
    element.srcObject = camera.stream;
    void element.play().catch(() => undefined);
  }, [camera.stream]);

  const [allSent, setAllSent] = useState(false);
  const sentSome = useRef(false);
  const watchProgress = useCallback((p: UploadProgress) => {
    if (p.total > 0) sentSome.current = true;
    // The playlist went and the phone's copy was removed: everything is on the server.
    setAllSent(sentSome.current && p.total === 0);
  }, []);

  const recording = camera.phase === 'recording';
  const finishedRecording = camera.phase === 'stopped' || camera.phase === 'ended';
  const showCamera = state.kind === 'ready' && !finishedRecording;
  return (
    <Stack gap="md" maw={560} mx="auto" data-testid="camera-page" data-phase={camera.phase}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('camera.title')}
        </Title>
        <Text c="dimmed">{t('camera.lead')}</Text>
      </Stack>
      {query.data ? <LinkFacts link={query.data} /> : null}
      {!recording && !finishedRecording ? <LinkRefusal state={state} /> : null}
      {finishedRecording ? (
        <Alert color={allSent ? 'green' : 'blue'} data-testid="camera-finished" data-sent={allSent}>
          {allSent ? t('camera.allSent') : camera.phase === 'ended' ? t('camera.ended') : t('camera.stopped')}
        </Alert>
      ) : null}
      {camera.phase === 'stopped' && state.kind === 'ready' ? (
        <Button
          variant="light"
          onClick={() => {
            sentSome.current = false;
            setAllSent(false);
            camera.retryCamera();
          }}
          data-testid="camera-again"
        >
          {t('camera.again')}
        </Button>
      ) : null}
      {showCamera ? (
        <>
          <Text fz="sm">{t('camera.place')}</Text>
          <AspectRatio
            ratio={4 / 3}
            bg="dark.8"
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <video
              ref={video}
              muted
              playsInline
              aria-label={t('camera.preview')}
              data-testid="camera-preview"
            />
          </AspectRatio>
          {camera.cameraError ? (
            <Alert color="red" data-testid="camera-error">
              <Stack gap="xs" align="flex-start">
                {t('camera.denied', { reason: camera.cameraError })}
                <Button size="xs" variant="light" onClick={camera.retryCamera}>
                  {t('camera.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {camera.startError ? (
            <Alert color="red" data-testid="camera-start-error">
              {t('camera.failed', { reason: camera.startError })}
            </Alert>
          ) : null}
          {recording ? (
            <Stack gap="sm">
              <Group justify="space-between">
                <Badge color="red" variant="dot" size="lg" data-testid="camera-recording">
                  {t('camera.recording')}
                </Badge>
                <Button variant="default" onClick={() => void camera.stop()} data-testid="camera-stop">
                  {t('camera.stop')}
                </Button>
              </Group>
              <Text fz="sm" c="dimmed">
                {t('camera.keepOpen')}
              </Text>
            </Stack>
          ) : (
            <Stack gap="sm">
              <Button
                variant="default"
                onClick={camera.switchCamera}
                disabled={camera.phase !== 'preview'}
                data-testid="camera-switch"
                data-facing={camera.facing}
              >
                {t('camera.switch')} ·{' '}
                {camera.facing === 'environment' ? t('camera.rear') : t('camera.front')}
              </Button>
              <Button
                size="lg"
                fullWidth
                onClick={() => void camera.start()}
                disabled={!camera.stream}
                loading={camera.phase === 'starting'}
                data-testid="camera-start"
              >
                {t('camera.start')}
              </Button>
            </Stack>
          )}
        </>
      ) : null}
      {/* Kept mounted until everything went: it is what notices that. */}
      {(recording || finishedRecording) && !allSent ? <UploadStatus onProgress={watchProgress} /> : null}
    </Stack>
  );
}

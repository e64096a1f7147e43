import { Alert, Button, Group, Image, Paper, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { photoFaceCounter } from '../detectors/photo-faces';
import { useExamText } from '../i18n/use-exam-text';

/** The photo's size: enough to recognise a face, small enough for the action's 2 MB limit many times over. */
const PHOTO_WIDTH = 320;

/** A frame of the camera as a JPEG data URL. */
function grabFrame(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_WIDTH;
  canvas.height = Math.round((PHOTO_WIDTH * (video.videoHeight || 240)) / (video.videoWidth || 320));
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/**
 * The identification photo: the camera's picture live, a frame taken and checked to show exactly one
 * face (every later comparison is made against it, and the server refuses any other), shown, and retaken
 * if wanted. A frame of nobody, or of two people, is refused with the reason and the camera stays live.
 */
export function IdentityPhoto({
  camera,
  photo,
  minFaceScore,
  onPhoto,
}: {
  camera: MediaStream | undefined;
  photo: string | undefined;
  /** The least detector score that counts as a face (the assignment's camera thresholds). */
  minFaceScore: number;
  onPhoto: (photo: string | undefined) => void;
}) {
  const t = useExamText();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<'none' | 'many' | null>(null);
  /** Photos checked so far: tells a test (and a screen reader's status) that a new verdict is in. */
  const [checks, setChecks] = useState(0);
  const counter = useMemo(() => photoFaceCounter(minFaceScore), [minFaceScore]);
  useEffect(() => () => counter.close(), [counter]);
  const take = async () => {
    if (!video.current) return;
    const frame = grabFrame(video.current);
    setChecking(true);
    setRefused(null);
    const faces = await counter.count(frame);
    setChecking(false);
    setChecks((n) => n + 1);
    // Not counted (the model did not load here): taken, and the server counts the faces itself.
    if (faces === null || faces === 1) onPhoto(frame);
    else setRefused(faces === 0 ? 'none' : 'many');
  };
  useEffect(() => {
    const element = video.current;
    if (!element || !camera || photo) return;
    element.srcObject = camera;
    void element.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  }, [camera, photo]);

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="photo-title"
      data-testid="identity-photo"
      data-checks={checks}
    >
      <Title order={2} fz="md" mb="xs" id="photo-title">
        {t('photo.title')}
      </Title>
      <Text mb="sm" c="dimmed">
        {t('photo.hint')}
      </Text>
      {photo ? (
        <Image
          src={photo}
          alt={t('photo.alt')}
          w={PHOTO_WIDTH}
          radius="sm"
          data-testid="identity-photo-taken"
        />
      ) : (
        <video
          ref={video}
          muted
          playsInline
          width={PHOTO_WIDTH}
          style={{ borderRadius: 4, background: '#222' }}
        />
      )}
      {refused ? (
        <Alert color="red" mt="sm" data-testid="photo-refused" data-reason={refused}>
          {t(refused === 'none' ? 'photo.noFace' : 'photo.manyFaces')}
        </Alert>
      ) : null}
      <Group mt="sm">
        {photo ? (
          <Button variant="default" onClick={() => onPhoto(undefined)} data-testid="photo-retake">
            {t('photo.retake')}
          </Button>
        ) : (
          <Button
            disabled={!camera || !playing}
            loading={checking}
            onClick={() => void take()}
            data-testid="photo-take"
          >
            {t(refused ? 'photo.retake' : 'photo.take')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

import { Button, Group, Image, Paper, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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

/** The identification photo: the camera's picture live, a frame taken, shown, and retaken if wanted. */
export function IdentityPhoto({
  camera,
  photo,
  onPhoto,
}: {
  camera: MediaStream | undefined;
  photo: string | undefined;
  onPhoto: (photo: string | undefined) => void;
}) {
  const t = useExamText();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
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
      <Group mt="sm">
        {photo ? (
          <Button variant="default" onClick={() => onPhoto(undefined)} data-testid="photo-retake">
            {t('photo.retake')}
          </Button>
        ) : (
          <Button
            disabled={!camera || !playing}
            onClick={() => video.current && onPhoto(grabFrame(video.current))}
            data-testid="photo-take"
          >
            {t('photo.take')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

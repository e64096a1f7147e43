import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 001 §9: the player's speeds. */
export const SPEEDS = [0.5, 1, 1.5, 2, 3] as const;

/**
 * A converted video played as HLS through the API's signed playlist (the object store is never
 * exposed). hls.js is downloaded with the first video opened; a browser that plays HLS itself
 * (Safari) gets the playlist directly.
 */
export function HlsVideo({
  mediaId,
  playlist,
  height,
  label,
}: {
  mediaId: string;
  playlist: string;
  height: number;
  label: string;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState<number>(1);
  // Every read of the folder signs the playlist anew; the player keeps the address it started with, so
  // a refetch (window focus, another item saved) does not restart the video being watched.
  const source = useRef(playlist);
  source.current = playlist;
  useEffect(() => {
    const playlist = source.current;
    const element = video.current;
    if (!element) return undefined;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls();
        hls.loadSource(playlist);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = playlist;
      }
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [mediaId]);
  useEffect(() => {
    if (!video.current) return;
    // The default too: loading another source resets the rate to it.
    video.current.defaultPlaybackRate = speed;
    video.current.playbackRate = speed;
  }, [speed]);
  return (
    <Stack gap="xs">
      <video
        ref={video}
        controls
        playsInline
        aria-label={label}
        data-testid="media-video"
        style={{ width: '100%', height, background: '#000', borderRadius: 4 }}
      />
      <Group gap="xs">
        <Text size="sm" c="dimmed" id="media-speed-label">
          {t('media.preview.speed')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="media-speed-label"
          data={SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
          value={String(speed)}
          onChange={(value) => setSpeed(Number(value))}
        />
      </Group>
    </Stack>
  );
}

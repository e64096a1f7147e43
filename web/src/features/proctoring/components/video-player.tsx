import { Alert, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordingSourceText } from '../recording-source-text';
import type { Recording } from '../api/recordings';
import { instantOf } from '../model/seek';
import { usePlayerStore } from '../stores/player-store';

/** The speeds the issue asks for. */
export const PLAYBACK_SPEEDS = [0.5, 1, 1.5, 2, 3] as const;

type HlsInstance = {
  destroy(): void;
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
};

/**
 * Plays one HLS recording through the API's signed playlist: natively where the browser can (Safari),
 * else with hls.js, loaded only when a recording is opened. Seeks when the timeline asks and reports
 * the exam instant it shows.
 */
export function VideoPlayer({
  recordings,
  selected,
  onSelect,
}: {
  recordings: Recording[];
  selected: Recording;
  onSelect: (sessionId: string) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState<number>(1);
  const [failed, setFailed] = useState(false);
  const seek = usePlayerStore((s) => s.seek);
  const setInstant = usePlayerStore((s) => s.setInstant);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailed(false);
    let hls: HlsInstance | null = null;
    let cancelled = false;
    if (element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = selected.url;
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const instance = new Hls();
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        instance.loadSource(selected.url);
        instance.attachMedia(element);
        hls = instance;
      });
    }
    return () => {
      cancelled = true;
      hls?.destroy();
      element.removeAttribute('src');
      setInstant(null);
    };
  }, [selected.url, setInstant]);

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);

  useEffect(() => {
    const element = video.current;
    if (!element || !seek) return;
    // Before the playlist's metadata arrives a seek is lost: do it once the media knows its length.
    const go = () => {
      element.currentTime = seek.offset;
    };
    if (element.readyState >= 1) go();
    else {
      element.addEventListener('loadedmetadata', go, { once: true });
      return () => element.removeEventListener('loadedmetadata', go);
    }
  }, [seek]);

  const report = () => {
    const element = video.current;
    if (element)
      setInstant(instantOf(element.currentTime, { startedAt: selected.startedAt, duration: null }));
  };

  return (
    <Stack gap="xs">
      {recordings.length > 1 ? (
        <Select
          label={t('proctoring.player.session')}
          data={recordings.map((r, i) => ({
            value: r.sessionId,
            label: `${i + 1}. ${recordingSourceText(t, r.sessionType)}`,
          }))}
          value={selected.sessionId}
          onChange={(value) => value && onSelect(value)}
          allowDeselect={false}
        />
      ) : null}
      <video
        ref={video}
        controls
        playsInline
        muted
        data-testid="proctoring-video"
        onTimeUpdate={report}
        onSeeked={report}
        onLoadedMetadata={(event) => {
          event.currentTarget.playbackRate = speed;
        }}
        style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 8 }}
      />
      {failed ? <Alert color="red">{t('proctoring.player.unsupported')}</Alert> : null}
      <Group gap="xs">
        <Text size="sm" id="playback-speed-label">
          {t('proctoring.player.speed')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="playback-speed-label"
          data={PLAYBACK_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
          value={String(speed)}
          onChange={(value) => setSpeed(Number(value))}
        />
      </Group>
    </Stack>
  );
}

import { Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** One tile of the tile view: a participant's video, muted for one's own (no echo). */
export function VideoTile({ stream, label, self }: { stream: MediaStream; label: string; self?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <Paper radius="md" withBorder style={{ position: 'relative', overflow: 'hidden', background: '#111' }}>
      <video
        ref={video}
        autoPlay
        playsInline
        muted={self}
        data-testid={self ? 'webinar-self-video' : 'webinar-remote-video'}
        style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
      />
      <Text
        size="sm"
        c="white"
        px="xs"
        data-testid="webinar-tile-label"
        style={{ position: 'absolute', left: 8, bottom: 8, background: 'rgba(0,0,0,.55)', borderRadius: 4 }}
      >
        {label}
      </Text>
    </Paper>
  );
}

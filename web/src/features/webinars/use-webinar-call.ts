import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';
import type { Webinar } from './api';
import { WebinarMesh, type RemotePeer } from './mesh';
import { WebinarSignalling } from './signalling';

export type CallState = 'connecting' | 'live' | 'ended' | 'forbidden' | 'no-devices';

/** The socket's address on the page's own host: ws: beside http:, wss: beside https:. */
const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/ws`;

/**
 * Takes the camera and microphone, joins the webinar's channel and keeps the mesh while the page is
 * open; leaving the page says goodbye to the others and lets the devices go.
 */
export function useWebinarCall(webinar: Webinar | undefined) {
  const [state, setState] = useState<CallState>('connecting');
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const meshRef = useRef<WebinarMesh | null>(null);
  const wsToken = useSession((s) => s.wsToken);

  useEffect(() => {
    if (!webinar || webinar.status === 'finished' || !wsToken) {
      if (webinar?.status === 'finished') setState('ended');
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    let signalling: WebinarSignalling | null = null;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch {
        if (!stopped) setState('no-devices');
        return;
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      setLocal(stream);
      const mesh = new WebinarMesh(stream, webinar.ice_servers, () => signalling!, setPeers);
      meshRef.current = mesh;
      signalling = new WebinarSignalling(socketUrl(), webinar.room, wsToken, {
        join: (peer) => void mesh.joined(peer),
        leave: (peer) => mesh.left(peer),
        signal: (message) => void mesh.signal(message),
        ended: () => {
          mesh.close();
          setState('ended');
        },
        failed: (reason) => setState((s) => (s === 'ended' ? s : reason === 'forbidden' ? 'forbidden' : s)),
      });
      signalling.start();
      setState('live');
    })();
    return () => {
      stopped = true;
      signalling?.stop();
      meshRef.current?.close();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [webinar, wsToken]);

  const toggle = (kind: 'video' | 'audio') => {
    const tracks = kind === 'video' ? local?.getVideoTracks() : local?.getAudioTracks();
    for (const track of tracks ?? []) track.enabled = !track.enabled;
  };
  return { state, local, peers, toggle, setState };
}

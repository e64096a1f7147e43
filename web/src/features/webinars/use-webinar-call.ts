import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';
import type { Webinar } from './api';
import { WebinarMesh, type RemotePeer } from './mesh';
import { WebinarSfu } from './sfu';
import { WebinarSignalling } from './signalling';

/** `full` and `lost`: the SFU refused the socket (its room is full) or dropped its connection. */
export type CallState = 'connecting' | 'live' | 'ended' | 'forbidden' | 'no-devices' | 'full' | 'lost';

/** The socket's address on the page's own host: ws: beside http:, wss: beside https:. */
const socketUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/ws`;

/**
 * Takes the camera and microphone, joins the webinar's channel and keeps the call while the page is
 * open: a mesh of peer connections, or one connection to the server's SFU, as the webinar's `type`
 * says. Leaving the page says goodbye and lets the devices go.
 */
export function useWebinarCall(webinar: Webinar | undefined) {
  const [state, setState] = useState<CallState>('connecting');
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const callRef = useRef<{ close(): void } | null>(null);
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
      const ended = () => {
        callRef.current?.close();
        setState('ended');
      };
      const failed = (reason: string) =>
        setState((s) => (s === 'ended' ? s : reason === 'forbidden' ? 'forbidden' : s));
      if (webinar.type === 'sfu') {
        const sfu = new WebinarSfu(
          stream,
          webinar.ice_servers,
          (signal) => signalling?.sendToServer(signal),
          setPeers,
        );
        callRef.current = sfu;
        signalling = new WebinarSignalling(
          socketUrl(),
          webinar.room,
          wsToken,
          {
            join: () => undefined,
            leave: () => undefined,
            signal: () => undefined,
            sfuOffer: (offer) => sfu.offer(offer),
            sfuClosed: (reason) => {
              if (reason === 'ended' || reason === 'deleted') return ended();
              sfu.close();
              setState(reason === 'full' ? 'full' : 'lost');
            },
            ended,
            failed,
          },
          'sfu',
        );
      } else {
        const mesh = new WebinarMesh(stream, webinar.ice_servers, () => signalling!, setPeers);
        callRef.current = mesh;
        signalling = new WebinarSignalling(socketUrl(), webinar.room, wsToken, {
          join: (peer) => void mesh.joined(peer),
          leave: (peer) => mesh.left(peer),
          signal: (message) => void mesh.signal(message),
          ended,
          failed,
        });
      }
      signalling.start();
      setState('live');
    })();
    return () => {
      stopped = true;
      signalling?.stop();
      callRef.current?.close();
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [webinar, wsToken]);

  const toggle = (kind: 'video' | 'audio') => {
    const tracks = kind === 'video' ? local?.getVideoTracks() : local?.getAudioTracks();
    for (const track of tracks ?? []) track.enabled = !track.enabled;
  };
  return { state, local, peers, toggle, setState };
}

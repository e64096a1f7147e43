import { useEffect, useRef, useState } from 'react';
import type { ChannelListener, ChannelState } from './realtime-client';
import { useRealtimeConnection } from './realtime-connection';

/**
 * Listens to a private channel (`assignment.42`) on the app's connection while the component is
 * mounted; the latest callbacks are used without resubscribing. Returns where the subscription stands.
 */
export function useChannel(channel: string | null, listener: ChannelListener): ChannelState {
  const client = useRealtimeConnection((s) => s.client);
  const [state, setState] = useState<ChannelState>('connecting');
  const latest = useRef(listener);
  latest.current = listener;

  useEffect(() => {
    if (!client || !channel) return;
    return client.subscribe(channel, {
      onEvent: (event, data) => latest.current.onEvent?.(event, data),
      onSubscribed: () => latest.current.onSubscribed?.(),
      onState: (next) => {
        setState(next);
        latest.current.onState?.(next);
      },
    });
  }, [client, channel]);

  // Before the app's connection exists (its effect runs after the page's first render): still connecting.
  return client ? state : 'connecting';
}

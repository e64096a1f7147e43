import type { ServerEventMap, SfuSignal, WebinarSignal } from '@sabaq/events';
import { webinarsApi } from './api';

export interface SignallingHandlers {
  join(peer: ServerEventMap['webinar-join']): void;
  leave(peer: ServerEventMap['webinar-leave']): void;
  signal(message: ServerEventMap['webinar-signal']): void;
  ended(): void;
  failed(reason: string): void;
  /** On the SFU: the server's offer, and the server closing the socket's room. */
  sfuOffer?(offer: ServerEventMap['sfu-offer']): void;
  sfuClosed?(reason: string): void;
}

/**
 * The webinar's own socket on the platform's realtime endpoint: authenticates with the ws token,
 * subscribes to `webinar.{id}` with the channel's signature, and whispers join, leave and signals
 * (docs/webinars.md): to the other peers on a mesh, to the server on the SFU (`sfu-*`). Its own socket,
 * so the call ends cleanly when the page is left.
 */
export class WebinarSignalling {
  private socket: WebSocket | null = null;
  socketId: string | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly wsToken: string,
    private readonly handlers: SignallingHandlers,
    private readonly mode: 'mesh' | 'sfu' = 'mesh',
  ) {}

  start(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ event: 'authenticate', token: this.wsToken }));
    socket.onmessage = (message) => void this.receive(String(message.data));
    socket.onclose = (event) => {
      if (this.socket === socket && event.code !== 1000) this.handlers.failed(`closed ${event.code}`);
    };
  }

  stop(): void {
    if (!this.socket) return;
    this.whisper(this.mode === 'sfu' ? 'sfu-leave' : 'webinar-leave');
    const socket = this.socket;
    this.socket = null;
    socket.close(1000, 'left the webinar');
  }

  send(to: string, signal: WebinarSignal): void {
    this.frame({ event: 'whisper', channel: this.channel, name: 'webinar-signal', to, signal });
  }

  sendToServer(sfu: SfuSignal): void {
    this.frame({ event: 'whisper', channel: this.channel, name: 'sfu-signal', sfu });
  }

  private whisper(name: 'webinar-join' | 'webinar-leave' | 'sfu-join' | 'sfu-leave'): void {
    this.frame({ event: 'whisper', channel: this.channel, name });
  }

  private frame(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private async receive(raw: string): Promise<void> {
    const message = JSON.parse(raw) as { event: string; channel?: string; data?: unknown };
    switch (message.event) {
      case 'connected': {
        this.socketId = (message.data as { socket_id: string }).socket_id;
        try {
          const { auth } = await webinarsApi.channelAuth(this.socketId, this.channel);
          this.frame({ event: 'subscribe', channel: this.channel, auth });
        } catch {
          this.handlers.failed('forbidden');
        }
        return;
      }
      case 'subscribed':
        if (message.channel === this.channel) this.whisper(this.mode === 'sfu' ? 'sfu-join' : 'webinar-join');
        return;
      case 'subscription_error':
        this.handlers.failed('forbidden');
        return;
      case 'webinar-join':
        this.handlers.join(message.data as ServerEventMap['webinar-join']);
        return;
      case 'webinar-leave':
        this.handlers.leave(message.data as ServerEventMap['webinar-leave']);
        return;
      case 'webinar-signal':
        this.handlers.signal(message.data as ServerEventMap['webinar-signal']);
        return;
      case 'webinar-ended':
        this.handlers.ended();
        return;
      case 'sfu-offer':
        this.handlers.sfuOffer?.(message.data as ServerEventMap['sfu-offer']);
        return;
      case 'sfu-closed':
        this.handlers.sfuClosed?.((message.data as ServerEventMap['sfu-closed']).reason);
        return;
    }
  }
}

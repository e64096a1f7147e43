import type { ServerEventMap } from '@sabaq/events';

/** docs/realtime.md close codes, as values: the contract's runtime would bring zod into the bundle. */
const LOGGED_OUT = 4000;
const UNAUTHENTICATED = 4401;
const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

export type ChannelState = 'connecting' | 'live' | 'offline' | 'refused';

export interface AssignmentChannelOptions {
  url: string;
  channel: string;
  wsToken: () => string | null;
  /** POST /broadcasting/auth: the signature for this socket and channel (throws when refused). */
  authorize: (socketId: string, channel: string) => Promise<string>;
  renewTokens: () => Promise<boolean>;
  onAction: (action: ServerEventMap['ActionRecorded']) => void;
  /** Subscribed (again): what was pushed while the socket was down is lost, so the page refetches. */
  onSubscribed: () => void;
  onState: (state: ChannelState) => void;
}

/**
 * The proctor's live feed of one assignment (`assignment.{id}`, docs/realtime.md): its own socket,
 * since the app's shared connection listens to the user's channel only and signs nothing. It
 * authenticates, asks the API for the channel's signature, subscribes, and reconnects with growing
 * pauses; a refusal (403) is final, a logout ends it.
 */
export class AssignmentChannel {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: AssignmentChannelOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'page closed');
    this.socket = null;
  }

  private connect(): void {
    const token = this.options.wsToken();
    if (!token || this.stopped) return;
    this.options.onState('connecting');
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ event: 'authenticate', token }));
    socket.onmessage = (message) => void this.receive(socket, message.data);
    socket.onclose = (event) => void this.closed(socket, event.code);
  }

  private async receive(socket: WebSocket, raw: unknown): Promise<void> {
    if (typeof raw !== 'string') return;
    let frame: { event?: string; channel?: string; data?: unknown };
    try {
      frame = JSON.parse(raw) as typeof frame;
    } catch {
      return;
    }
    const { channel } = this.options;
    switch (frame.event) {
      case 'connected': {
        const socketId = (frame.data as { socket_id: string }).socket_id;
        try {
          const auth = await this.options.authorize(socketId, channel);
          if (socket.readyState === WebSocket.OPEN) {
            socket.send(JSON.stringify({ event: 'subscribe', channel, auth }));
          }
        } catch {
          this.refuse();
        }
        return;
      }
      case 'subscribed':
        if (frame.channel !== channel) return;
        this.attempts = 0;
        this.options.onState('live');
        this.options.onSubscribed();
        return;
      case 'subscription_error':
        this.refuse();
        return;
      case 'ActionRecorded':
        if (frame.channel === channel) this.options.onAction(frame.data as ServerEventMap['ActionRecorded']);
        return;
      default:
    }
  }

  private refuse(): void {
    this.options.onState('refused');
    this.stop();
  }

  private async closed(socket: WebSocket, code: number): Promise<void> {
    if (this.socket !== socket) return;
    this.socket = null;
    if (this.stopped) return;
    this.options.onState('offline');
    if (code === LOGGED_OUT) {
      this.stopped = true;
      return;
    }
    if (code === UNAUTHENTICATED && !(await this.options.renewTokens())) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempts += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }
}

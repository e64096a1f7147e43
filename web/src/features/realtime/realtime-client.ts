import type { ChannelKind, ServerEventMap, ServerMessage } from '@sabaq/events';

/** docs/realtime.md close codes, copied as values: importing the contract's runtime would bundle zod. */
const LOGGED_OUT = 4000;
const REAUTHENTICATE = 4001;
const UNAUTHENTICATED = 4401;
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type Handler<E extends keyof ServerEventMap> = (data: ServerEventMap[E], channel: string) => void;

export interface RealtimeOptions {
  url: string;
  /** The current ws token (it changes when the tokens are refreshed). */
  wsToken: () => string | null;
  /** The server ended the session (LogoutAction, or close 4000). */
  onLoggedOut: () => void;
  /** The ws token was refused: renew the tokens before reconnecting; false when that failed. */
  renewTokens: () => Promise<boolean>;
}

/**
 * The realtime connection (docs/realtime.md): authenticates with the ws token in its first frame,
 * listens to the user's own channel, reconnects with growing pauses, and never reconnects after the
 * session was ended.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly handlers = new Map<string, Set<(data: unknown, channel: string) => void>>();

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000, 'client stopped');
    this.socket = null;
  }

  on<E extends keyof ServerEventMap>(event: E, handler: Handler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (data: unknown, channel: string) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (data: unknown, channel: string) => void);
  }

  /** The user's own channel needs no signature; other kinds will subscribe through /broadcasting/auth. */
  private subscribeOwn(userId: string): void {
    const channel: `${ChannelKind}.${string}` = `user.${userId}`;
    this.send({ event: 'subscribe', channel });
  }

  private connect(): void {
    const token = this.options.wsToken();
    if (!token || this.stopped) return;
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => this.send({ event: 'authenticate', token });
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = (event) => void this.closed(socket, event.code);
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (message.event === 'connected') {
      this.attempts = 0;
      this.subscribeOwn(message.data.user_id);
      return;
    }
    if (!('channel' in message) || !('data' in message)) return;
    if (message.event === 'LogoutAction') {
      this.stopped = true;
      this.options.onLoggedOut();
    }
    for (const handler of this.handlers.get(message.event) ?? []) handler(message.data, message.channel);
  }

  private async closed(socket: WebSocket, code: number): Promise<void> {
    if (this.socket !== socket) return;
    this.socket = null;
    if (this.stopped) return;
    if (code === LOGGED_OUT) {
      this.stopped = true;
      this.options.onLoggedOut();
      return;
    }
    if (code === UNAUTHENTICATED && !(await this.options.renewTokens())) return;
    const delay =
      code === REAUTHENTICATE
        ? 0
        : RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempts += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }
}

/** The socket's address on the page's own host: ws: beside http:, wss: beside https:. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

import type { ChannelKind, ServerEventMap, ServerMessage } from '@sabaq/events';

/** docs/realtime.md close codes, copied as values: importing the contract's runtime would bundle zod. */
const LOGGED_OUT = 4000;
const REAUTHENTICATE = 4001;
const UNAUTHENTICATED = 4401;
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type Handler<E extends keyof ServerEventMap> = (data: ServerEventMap[E], channel: string) => void;

/** Where a channel subscription stands: asking, receiving, socket down (it resubscribes), or refused. */
export type ChannelState = 'connecting' | 'live' | 'offline' | 'refused';

/** What a screen listening to one channel hears (`subscribe`). Every callback is optional. */
export interface ChannelListener {
  /** A push on the channel: its event name and data. */
  onEvent?: (event: string, data: unknown) => void;
  /**
   * Subscribed, first or again after a reconnect: pushes sent while the socket was down are lost
   * (docs/realtime.md), so the screen refetches what it shows.
   */
  onSubscribed?: () => void;
  onState?: (state: ChannelState) => void;
}

/** The part of a WebSocket the client uses: tests hand in a fake one. */
export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface RealtimeOptions {
  url: string;
  /** The current ws token (it changes when the tokens are refreshed). */
  wsToken: () => string | null;
  /** The server ended the session (LogoutAction, or close 4000). */
  onLoggedOut: () => void;
  /** The ws token was refused: renew the tokens before reconnecting; false when that failed. */
  renewTokens: () => Promise<boolean>;
  /** POST /broadcasting/auth: a channel's signature for this socket (throws when refused). */
  authorize: (socketId: string, channel: string) => Promise<string>;
  /** Opens the socket; the browser's WebSocket unless a test hands in its own. */
  openSocket?: (url: string) => SocketLike;
  /** Schedules a reconnect; setTimeout unless a test drives time itself. */
  schedule?: (run: () => void, ms: number) => () => void;
}

interface Channel {
  listeners: Set<ChannelListener>;
  state: ChannelState;
}

/**
 * The app's one realtime connection (docs/realtime.md): authenticates with the ws token in its first
 * frame, listens to the user's own channel, and keeps the channels screens subscribe to: each is
 * signed through /broadcasting/auth and subscribed once however many screens listen, subscribed again
 * after every reconnect, and unsubscribed when its last listener leaves. Reconnects with growing
 * pauses, and never after the session was ended.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private socketId: string | null = null;
  private attempts = 0;
  private stopped = true;
  private cancelTimer: (() => void) | undefined;
  private readonly handlers = new Map<string, Set<(data: unknown, channel: string) => void>>();
  private readonly channels = new Map<string, Channel>();

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.socket?.close(1000, 'client stopped');
    this.socket = null;
    this.socketId = null;
    for (const channel of this.channels.values()) this.setState(channel, 'offline');
  }

  /** Every push of one event name, on whichever channel it comes. */
  on<E extends keyof ServerEventMap>(event: E, handler: Handler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (data: unknown, channel: string) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (data: unknown, channel: string) => void);
  }

  /**
   * Listens to a channel (`assignment.42`) until the returned function is called. The first listener
   * subscribes it on the socket; a later one is told where it stands at once.
   */
  subscribe(name: string, listener: ChannelListener): () => void {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { listeners: new Set(), state: 'connecting' };
      this.channels.set(name, channel);
      channel.listeners.add(listener);
      listener.onState?.(channel.state);
      if (this.socketId !== null) void this.join(name, channel);
    } else {
      channel.listeners.add(listener);
      listener.onState?.(channel.state);
      if (channel.state === 'live') listener.onSubscribed?.();
    }
    const joined = channel;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0 || this.channels.get(name) !== joined) return;
      this.channels.delete(name);
      if (joined.state === 'live' || joined.state === 'connecting')
        this.send({ event: 'unsubscribe', channel: name });
    };
  }

  /** Tells the other listeners of a live channel something passing (typing); dropped when it is not live. */
  whisper(name: string, event: 'start-typing' | 'end-typing'): void {
    if (this.channels.get(name)?.state === 'live')
      this.send({ event: 'whisper', channel: name, name: event });
  }

  /** The channels listened to now, for tests and the status page. */
  channelStates(): Record<string, ChannelState> {
    return Object.fromEntries([...this.channels].map(([name, channel]) => [name, channel.state]));
  }

  private connect(): void {
    const token = this.options.wsToken();
    if (!token || this.stopped) return;
    for (const channel of this.channels.values()) this.setState(channel, 'connecting');
    const socket = (this.options.openSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(
      this.options.url,
    );
    this.socket = socket;
    socket.onopen = () => this.send({ event: 'authenticate', token });
    socket.onmessage = (message) => this.receive(socket, message.data);
    socket.onclose = (event) => void this.closed(socket, event.code);
  }

  /** Signs and subscribes one channel on the current socket; a newer socket makes this one moot. */
  private async join(name: string, channel: Channel): Promise<void> {
    const socket = this.socket;
    const socketId = this.socketId;
    if (!socket || socketId === null) return;
    this.setState(channel, 'connecting');
    let auth: string;
    try {
      auth = await this.options.authorize(socketId, name);
    } catch {
      if (this.socket === socket && this.channels.get(name) === channel) this.setState(channel, 'refused');
      return;
    }
    if (this.socket !== socket || this.channels.get(name) !== channel) return;
    this.send({ event: 'subscribe', channel: name, auth });
  }

  private receive(socket: SocketLike, raw: unknown): void {
    if (typeof raw !== 'string' || this.socket !== socket) return;
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (message.event === 'connected') {
      this.attempts = 0;
      this.socketId = message.data.socket_id;
      const own: `${ChannelKind}.${string}` = `user.${message.data.user_id}`;
      this.send({ event: 'subscribe', channel: own });
      for (const [name, channel] of this.channels) void this.join(name, channel);
      return;
    }
    const frame = message as { event: string; channel?: string; data?: unknown };
    const channel = frame.channel === undefined ? undefined : this.channels.get(frame.channel);
    if (frame.event === 'subscribed') {
      if (!channel) return;
      this.setState(channel, 'live');
      for (const listener of [...channel.listeners]) listener.onSubscribed?.();
      return;
    }
    if (frame.event === 'subscription_error') {
      if (channel) this.setState(channel, 'refused');
      return;
    }
    if (frame.channel === undefined || !('data' in frame)) return;
    if (frame.event === 'LogoutAction') {
      this.stopped = true;
      this.options.onLoggedOut();
    }
    for (const handler of this.handlers.get(frame.event) ?? []) handler(frame.data, frame.channel);
    for (const listener of channel?.listeners ?? []) listener.onEvent?.(frame.event, frame.data);
  }

  private async closed(socket: SocketLike, code: number): Promise<void> {
    if (this.socket !== socket) return;
    this.socket = null;
    this.socketId = null;
    if (this.stopped) return;
    for (const channel of this.channels.values()) {
      if (channel.state !== 'refused') this.setState(channel, 'offline');
    }
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
    const schedule =
      this.options.schedule ??
      ((run: () => void, ms: number) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
    this.cancelTimer = schedule(() => this.connect(), delay);
  }

  private setState(channel: Channel, state: ChannelState): void {
    if (channel.state === state) return;
    channel.state = state;
    for (const listener of [...channel.listeners]) listener.onState?.(state);
  }

  private send(frame: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }
}

/** The socket's address on the page's own host: ws: beside http:, wss: beside https:. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

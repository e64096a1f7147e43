import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import {
  CLOSE_CODES,
  type ChannelName,
  type Push,
  type ServerEventMap,
  type ServerMessage,
  type WebinarSignal,
} from '@sabaq/events';
import { WebSocket } from 'ws';
import type { Caller } from '../http/caller';
import { parseChannel } from './channels';

export interface HubLimits {
  /** Bytes a socket may have waiting to be sent before it is dropped: a slow reader costs only itself. */
  maxBufferedBytes: number;
  /** Ping interval; a socket that has not answered the previous ping by the next one is dropped. */
  heartbeatMs: number;
  /** How long shutdown waits for clients to answer the close frame. */
  closeGraceMs: number;
}

export const DEFAULT_LIMITS: HubLimits = {
  // About 2.5 s of a proctor's pushes for 3,000 students' actions (docs/realtime.md); 1 MiB cut them off.
  maxBufferedBytes: 4 * 1024 * 1024,
  heartbeatMs: 25_000,
  closeGraceMs: 2_000,
};

/** One authenticated socket and the channels it listens to. */
export class Connection {
  readonly channels = new Set<string>();
  alive = true;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    readonly caller: Caller,
    /** The session the ws token belongs to, when the authenticator says so; scopes LogoutAction. */
    readonly sessionId: string | undefined,
  ) {}
}

export interface DroppedSocket {
  socketId: string;
  userId: string;
  reason: 'too_slow' | 'no_heartbeat';
}

/** A socket stopped listening to a channel: it unsubscribed, closed or was dropped. */
export interface LeftChannel {
  socketId: string;
  channel: string;
}

/**
 * In-process fan-out from channels to sockets. Sending never waits for a socket: each one buffers on its
 * own, and the one whose buffer passes the limit is dropped, so one slow reader never delays the others.
 */
export class RealtimeHub extends EventEmitter<{ dropped: [DroppedSocket]; left: [LeftChannel] }> {
  private readonly connections = new Map<string, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  /** Sockets holding this turn's frames, written out together at its end (`holdUntilTurnEnds`). */
  /** Sockets corked in this turn of the event loop, with what they had waiting before it. */
  private readonly held = new Map<Socket, number>();

  constructor(private readonly limits: HubLimits = DEFAULT_LIMITS) {
    super();
    this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  attach(connection: Connection): void {
    if (this.closing) {
      connection.socket.close(CLOSE_CODES.goingAway, 'server shutting down');
      return;
    }
    this.connections.set(connection.id, connection);
    connection.socket.on('pong', () => (connection.alive = true));
    connection.socket.on('close', () => this.detach(connection));
  }

  /** Whether the user has an authenticated socket on this instance (a chat's offline notices, online dots). */
  isConnected(userId: string): boolean {
    for (const connection of this.connections.values()) if (connection.caller.userId === userId) return true;
    return false;
  }

  subscribe(connection: Connection, channel: string): void {
    if (!this.connections.has(connection.id)) return;
    connection.channels.add(channel);
    const members = this.channels.get(channel) ?? new Set<Connection>();
    members.add(connection);
    this.channels.set(channel, members);
  }

  /** Whether a socket on this instance listens to the channel. */
  hasListeners(channel: string): boolean {
    return this.channels.has(channel);
  }

  unsubscribe(connection: Connection, channel: string): void {
    const was = connection.channels.delete(channel);
    const members = this.channels.get(channel);
    members?.delete(connection);
    if (members?.size === 0) this.channels.delete(channel);
    if (was) this.emit('left', { socketId: connection.id, channel });
  }

  /** Delivers a push to the channel's sockets on this instance; LogoutAction also closes them. */
  publish(push: Push): void {
    if (push.event === 'LogoutAction') return this.logout(push.channel, push.data);
    const text = JSON.stringify(push);
    for (const connection of this.channels.get(push.channel) ?? []) this.send(connection, text);
  }

  /** A typing indicator from one socket to the others on the channel; the sender is stamped here. */
  whisper(from: Connection, channel: ChannelName<'chat'>, event: 'start-typing' | 'end-typing'): void {
    const push: Push<'chat'> = { channel, event, data: { user_id: from.caller.userId } };
    const text = JSON.stringify(push);
    for (const connection of this.channels.get(channel) ?? []) {
      if (connection !== from) this.send(connection, text);
    }
  }

  /**
   * A webinar peer's frame to the others on the webinar's channel (join, leave), or a signal to the one
   * socket it names; the sender's user and socket are stamped here, never taken from the client. Like
   * typing, it reaches sockets of this instance only (docs/webinars.md).
   */
  webinarWhisper(
    from: Connection,
    channel: ChannelName<'webinar'>,
    name: 'webinar-join' | 'webinar-leave' | 'webinar-signal',
    target?: { to: string; signal: WebinarSignal },
  ): void {
    const peer = { user_id: from.caller.userId, socket_id: from.id };
    const push: Push<'webinar'> =
      name === 'webinar-signal' && target
        ? { channel, event: name, data: { ...peer, signal: target.signal } }
        : { channel, event: name === 'webinar-leave' ? 'webinar-leave' : 'webinar-join', data: peer };
    const text = JSON.stringify(push);
    for (const connection of this.channels.get(channel) ?? []) {
      if (connection === from) continue;
      if (target && connection.id !== target.to) continue;
      this.send(connection, text);
    }
  }

  sendControl(connection: Connection, message: ServerMessage): void {
    this.send(connection, JSON.stringify(message));
  }

  stats(): { sockets: number; channels: number } {
    return { sockets: this.connections.size, channels: this.channels.size };
  }

  /** Says goodbye to every socket, waits briefly for their close handshakes, then cuts the rest. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    const sockets = [...this.connections.values()].map((connection) => connection.socket);
    const closed = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close(CLOSE_CODES.goingAway, 'server shutting down');
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.limits.closeGraceMs)));
    await Promise.race([Promise.all(closed), grace]);
    clearTimeout(timer);
    for (const socket of sockets) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  }

  /**
   * The session is over: its sockets get LogoutAction and are closed, on whichever channel they listen.
   * A socket whose session is unknown may belong to the ended session, so it is closed without the
   * action: it reconnects with its ws token, which fails only if that token's session really ended.
   */
  private logout(channel: string, data: ServerEventMap['LogoutAction']): void {
    const userId = parseChannel(channel)?.id;
    const text = JSON.stringify({ channel, event: 'LogoutAction', data });
    for (const connection of [...this.connections.values()]) {
      if (connection.caller.userId !== userId) continue;
      if (data.session_id === null || connection.sessionId === data.session_id) {
        this.send(connection, text);
        this.end(connection, CLOSE_CODES.loggedOut, 'logged out');
      } else if (connection.sessionId === undefined) {
        this.end(connection, CLOSE_CODES.reauthenticate, 'reauthenticate');
      }
    }
  }

  private send(connection: Connection, text: string): void {
    const socket = connection.socket;
    if (socket.readyState !== WebSocket.OPEN) return;
    // Slow is what earlier turns left unsent: frames held back in this turn (a burst of pushes, one per
    // student action under proctoring load) have not had the chance to leave yet.
    const raw = rawSocketOf(socket);
    const waiting = (raw && this.held.get(raw)) ?? socket.bufferedAmount;
    if (waiting + Buffer.byteLength(text) > this.limits.maxBufferedBytes) {
      return this.drop(connection, 'too_slow');
    }
    if (raw) this.holdUntilTurnEnds(raw, socket.bufferedAmount);
    socket.send(text);
  }

  /**
   * Frames sent to one socket in the same turn of the event loop leave in one write, one system call,
   * instead of one each: a proctor's socket gets a push per student action, and each write cost as much
   * as building the push (docs/proctoring.md, "Load").
   */
  private holdUntilTurnEnds(raw: Socket, waiting: number): void {
    if (this.held.has(raw)) return;
    raw.cork();
    this.held.set(raw, waiting);
    if (this.held.size === 1) setImmediate(() => this.release());
  }

  private release(): void {
    for (const raw of this.held.keys()) raw.uncork();
    this.held.clear();
  }

  /** Closes politely: queued frames (a LogoutAction) still go out before the close frame. */
  private end(connection: Connection, code: number, reason: string): void {
    this.detach(connection);
    connection.socket.close(code, reason);
  }

  /** A close frame would queue behind what the socket cannot read, so the connection is cut at once. */
  private drop(connection: Connection, reason: DroppedSocket['reason']): void {
    this.detach(connection);
    connection.socket.terminate();
    this.emit('dropped', { socketId: connection.id, userId: connection.caller.userId, reason });
  }

  private detach(connection: Connection): void {
    if (!this.connections.delete(connection.id)) return;
    for (const channel of [...connection.channels]) this.unsubscribe(connection, channel);
  }

  private beat(): void {
    for (const connection of [...this.connections.values()]) {
      if (!connection.alive) {
        this.drop(connection, 'no_heartbeat');
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}

/** ws keeps its TCP socket private (`_socket`); without one that can cork, frames go out one by one. */
function rawSocketOf(socket: WebSocket): Socket | undefined {
  const raw = (socket as unknown as { _socket?: Socket })._socket;
  return raw && typeof raw.cork === 'function' ? raw : undefined;
}

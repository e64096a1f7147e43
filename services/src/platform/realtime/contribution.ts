import {
  isEvent,
  type ChannelKind,
  type ContextReplyMessage,
  type EventOf,
  type EventType,
  type Push,
  type ServerMessage,
  type StoredEvent,
} from '@sabaq/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../http/caller';

/** `chat.{id}`: a channel kind, a dot, and named parameters in braces. */
export type ChannelPattern = `${ChannelKind}.{${string}}`;

/**
 * Who may subscribe to channels matching a pattern. The rule runs on every POST /broadcasting/auth, so it
 * reads the context's read models (is this user a participant of the chat, a proctor of the assignment?).
 */
export interface ChannelRule {
  pattern: ChannelPattern;
  authorize(caller: Caller, params: Record<string, string>): Promise<boolean>;
}

/**
 * Turns one stored event into the pushes it causes. Runs on every api instance for every event of the
 * listed types, live only: a failing mapper loses that push (logged), never the log position.
 */
export interface PushMapper {
  eventTypes: readonly string[];
  map(event: StoredEvent): Promise<readonly Push[]> | readonly Push[];
}

/** A push mapper whose `map` sees each event typed as its member of the union of the listed types. */
export function pushMapper<T extends EventType>(mapper: {
  eventTypes: readonly T[];
  map(event: EventOf<T>): Promise<readonly Push[]> | readonly Push[];
}): PushMapper {
  return {
    eventTypes: mapper.eventTypes,
    map: (event) => (isEvent(event, ...mapper.eventTypes) ? mapper.map(event) : []),
  };
}

/**
 * Answers one kind of frame a client sends on its authenticated socket (`proctoring.actions`): a context's
 * own command over the socket, for clients that send too often for a request each. Frames of one socket
 * reach it one at a time in the order sent. It answers every frame itself, refusals included; a throw is
 * a bug, and the platform closes the socket with 1011 as for any failed frame.
 */
export interface ClientMessageHandler {
  /** The frame's `event`, namespaced by the context; the platform's own frames cannot be claimed. */
  event: `${string}.${string}`;
  handle(
    frame: Record<string, unknown>,
    from: { caller: Caller; log: FastifyBaseLogger },
  ): Promise<ContextReplyMessage>;
}

/** The socket a whisper came from; `send` reaches that socket only (nothing if it has closed since). */
export interface WhisperingSocket {
  socketId: string;
  caller: Caller;
  channel: string;
  /** A push on the channel, or an `error` frame answering the whisper. */
  send(message: ServerMessage): void;
}

/**
 * Answers whispers of some names on one kind of channel itself, instead of the platform fanning them
 * out (webinars' SFU: a socket signals the server). The platform admits only sockets subscribed to the
 * channel (its rule is the guard); the handler checks the rest and answers through `send`. Whispers of
 * one socket reach it in the order sent; a throw is a bug (the socket is closed with 1011).
 */
export interface WhisperHandler {
  kind: ChannelKind;
  names: readonly string[];
  handle(whisper: Record<string, unknown> & { name: string }, from: WhisperingSocket): Promise<void> | void;
  /** The socket stopped listening to a channel of this kind (it unsubscribed, closed or was dropped). */
  left?(socketId: string, channel: string): void;
  /** Largest client frame the handler's whispers need (an SFU answer); the socket's limit is the largest asked. */
  maxFrameBytes?: number;
}

/** Who has a socket on this api instance (not on the others: a deployment of several sees its own only). */
export interface PresenceView {
  isConnected(userId: string): boolean;
}

/** What a bounded context adds to the realtime channels. */
export interface RealtimeContribution {
  channels?: readonly ChannelRule[];
  pushes?: readonly PushMapper[];
  messages?: readonly ClientMessageHandler[];
  whispers?: readonly WhisperHandler[];
  /** Given once the hub exists, for a context's routes that ask who is online. */
  presence?(view: PresenceView): void;
}

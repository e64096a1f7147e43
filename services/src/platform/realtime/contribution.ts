import {
  isEvent,
  type ChannelKind,
  type ContextReplyMessage,
  type EventOf,
  type EventType,
  type Push,
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

/** Who has a socket on this api instance (not on the others: a deployment of several sees its own only). */
export interface PresenceView {
  isConnected(userId: string): boolean;
}

/** What a bounded context adds to the realtime channels. */
export interface RealtimeContribution {
  channels?: readonly ChannelRule[];
  pushes?: readonly PushMapper[];
  messages?: readonly ClientMessageHandler[];
  /** Given once the hub exists, for a context's routes that ask who is online. */
  presence?(view: PresenceView): void;
}

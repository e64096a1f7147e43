import type { ChannelKind, Push, StoredEvent } from '@sabaq/events';
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

/** What a bounded context adds to the realtime channels. */
export interface RealtimeContribution {
  channels?: readonly ChannelRule[];
  pushes?: readonly PushMapper[];
}

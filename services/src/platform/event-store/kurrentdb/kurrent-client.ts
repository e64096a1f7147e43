import {
  EventStoreDBClient,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type JSONEventData,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import { toClientConnectionString } from './mapping';

/** A live $all subscription, used only as a "something was appended" signal. */
export interface LiveFeed {
  on(event: 'data' | 'error' | 'close', listener: () => void): unknown;
  unsubscribe(): Promise<void>;
}

/**
 * The part of @eventstore/db-client the adapter uses, narrowed so that tests can hand in an in-memory
 * double with KurrentDB's semantics where no server can run. EventStoreDBClient satisfies it as is.
 */
export interface KurrentClient {
  appendToStream(
    streamName: string,
    events: JSONEventData[],
    options: { expectedRevision: AppendExpectedRevision },
  ): Promise<AppendResult>;
  readStream(streamName: string, options: ReadStreamOptions): AsyncIterable<ResolvedEvent>;
  readAll(options: ReadAllOptions): AsyncIterable<AllStreamResolvedEvent>;
  subscribeToAll(options: SubscribeToAllOptions): LiveFeed;
  dispose(): Promise<void>;
}

export function connectKurrentClient(connectionString: string): KurrentClient {
  const client: KurrentClient = EventStoreDBClient.connectionString(
    toClientConnectionString(connectionString),
  );
  return client;
}

import type { NewEvent, StoredEvent } from '@sabaq/events';

/**
 * Expected version of a stream before an append:
 * - a number: the stream's current version (0-based position of its last event) must equal it;
 * - 'no_stream': the stream must not exist; 'stream_exists': it must; 'any': no check.
 */
export type ExpectedVersion = number | 'any' | 'no_stream' | 'stream_exists';

export interface AppendOptions {
  expectedVersion?: ExpectedVersion;
}

export interface AppendResult {
  /** The stream's version after the append: pass it as expectedVersion to the next append. */
  nextExpectedVersion: number;
  /** Global position of the last event of the batch. */
  lastGlobalPosition: bigint;
  /** False when every event of the batch was already stored: the append was a retry and changed nothing. */
  appended: boolean;
}

/** One stream's batch of a many-stream append. */
export interface AppendBatch {
  streamId: string;
  events: NewEvent[];
  expectedVersion?: ExpectedVersion;
}

/**
 * What became of one batch of a many-stream append. `appended` and `retry` carry what `append` answers
 * (a retry changed nothing); the refusals carry the typed error `append` would have thrown:
 * IdempotencyConflictError, WrongExpectedVersionError, or for `invalid` ValidationError,
 * UnknownEventTypeError or InvalidEventPayloadError.
 */
export type AppendOutcome =
  | { outcome: 'appended' | 'retry'; result: AppendResult }
  | { outcome: 'idempotency_conflict' | 'wrong_expected_version' | 'invalid'; error: Error };

export interface ReadStreamOptions {
  /** First stream position to return (default 0). */
  fromVersion?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this global position; omit to start at the beginning. */
  after?: bigint;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; omit to start at the beginning. */
  after?: bigint;
  batchSize?: number;
  /** Called with batches in global order. The next batch waits until this resolves. */
  onBatch(events: StoredEvent[]): Promise<void>;
  /** Called when onBatch or the store fails; the subscription retries the same batch after a pause. */
  onError?(error: unknown): void;
}

export interface Subscription {
  /** Resolves once every event visible at call time has been handed to onBatch and processed. */
  caughtUp(): Promise<void>;
  /** Position of the last event whose onBatch resolved. */
  position(): bigint | undefined;
  stop(): Promise<void>;
}

/**
 * The event store port. Adapters: PostgreSQL (embedded and distributed read-side deployments) and
 * KurrentDB/EventStoreDB. Every adapter passes the same contract suite.
 *
 * Guarantees:
 * - appends of one batch are atomic, checked against expectedVersion (WrongExpectedVersionError);
 * - an append whose event ids are all already stored is a retry: it succeeds and changes nothing;
 * - event types and payloads are validated against the registry (UnknownEventTypeError,
 *   InvalidEventPayloadError) before anything is written;
 * - the global log is read in a fixed order, and a reader that has seen position P never later
 *   finds an event below P (no gaps filled in by slower concurrent transactions).
 */
export interface EventStore {
  readonly kind: string;
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /**
   * Appends batches to many streams, answering one outcome per batch in the order given. Each batch is
   * checked and refused on its own (a refusal never stops the others); the outcomes are those of
   * appending the batches one after the other in that order (a later batch naming ids of an earlier one
   * is a retry of it or a conflict). Throws only when the store fails: then any batch may or may not be
   * stored, and appending it again is safe (a retry). PostgreSQL commits the accepted batches in one
   * transaction (two or more only when batches share a stream or ids); adapters without multi-stream
   * transactions append them one by one.
   */
  appendMany(batches: AppendBatch[]): Promise<AppendOutcome[]>;
  /** Events of one stream in order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** Current version of a stream, or -1 when it does not exist. */
  streamVersion(streamId: string): Promise<number>;
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /** Position of the newest event of the global log (0n when empty). */
  headPosition(): Promise<bigint>;
  subscribe(options: SubscribeOptions): Subscription;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The event store port over KurrentDB (EventStoreDB) through @eventstore/db-client: the store of the
 * distributed topology. It passes the PostgreSQL adapter's contract suite; what differs underneath:
 *
 * - Global positions are commit positions: byte offsets in KurrentDB's transaction log, one per event,
 *   strictly increasing in commit order. One writer appends the log and $all is read only up to what is
 *   indexed, so a reader never finds an event below a position it has passed (no gaps). But positions
 *   are sparse (PostgreSQL's are 1, 2, 3…): compare and store them, never count with them, and never
 *   carry a checkpoint from one store to the other.
 * - $all also holds KurrentDB's own events (types starting with '$': epochs, stats, stream metadata);
 *   readAll, headPosition and subscriptions skip them.
 * - KurrentDB event ids are UUIDs. A canonical lower-case UUID is stored as is; any other id is stored as
 *   its UUID v5 (fixed namespace) with the original in metadata ($sabaqEventId), restored on read.
 * - There is no unique index on event ids, so retries are recognised by reading: the stream's tail (the
 *   batch's size plus `retryWindow` events) before each append, and the whole stream when KurrentDB
 *   answers wrong-expected-version, or answers success with a position older than that tail (it
 *   recognised the batch itself: the same ids at the expected revision, or in its in-memory cache of
 *   recent ids). Limit: a batch retried with 'any' or 'stream_exists', or with an expected version that
 *   already counts it, lying deeper than the window and gone from KurrentDB's cache (a restart empties
 *   it), is stored twice. Telemetry retries (browser resends, the persister replaying uncommitted Kafka
 *   offsets) are recent, well inside the window.
 * - An id reused in another stream is caught by this process's memory of recent ids (RecentEventIds),
 *   not across processes or restarts. KurrentDB has no cross-stream index and this client no
 *   multi-stream transaction; the sound alternative, a reservation stream per id, doubles every write,
 *   which we judged too heavy for telemetry. When it slips, one id lives in two streams and consumers
 *   that dedupe by event id drop the later one. An id that is the UUID v5 of another id collides too.
 * - `appended: false` is exact for retries these checks see; two identical appends racing each other
 *   may both report true (KurrentDB's id cache stores the batch once).
 * - recordedAt is KurrentDB's `created`: the server's clock, rounded to milliseconds by the client.
 * - Subscriptions poll $all (PollingSubscription), woken by this process's appends and by one live $all
 *   subscription per store, so appends from other processes are seen at once too, not at the next poll.
 */
import {
  BACKWARDS,
  END,
  FORWARDS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  type AppendResult as KurrentAppendResult,
  type Position,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import type { EventRegistry, NewEvent, StoredEvent } from '@sabaq/events';
import { IdempotencyConflictError, ValidationError, WrongExpectedVersionError } from '../../errors';
import type {
  AppendBatch,
  AppendOptions,
  AppendOutcome,
  AppendResult,
  EventStore,
  ExpectedVersion,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
  Subscription,
} from '../../ports/event-store';
import { appendOneByOne } from '../append-outcomes';
import { checkBatch } from '../check-batch';
import { subscribeByPolling } from '../polling-subscription';
import { fromKurrentEvent } from './event-ids';
import { connectKurrentClient, type KurrentClient, type LiveFeed } from './kurrent-client';
import { globalPositionOf, readPositionFrom, toExpectedRevision, toVersion } from './mapping';
import { RecentEventIds, type IdClaim } from './recent-event-ids';
import { collect, isSystemEvent, lastPosition, toEventData } from './records';

export interface KurrentDbEventStoreOptions {
  /** esdb://, kurrentdb:// or kurrent://, e.g. kurrentdb://kurrentdb:2113?tls=false */
  connectionString?: string;
  /** A client built elsewhere (tests); the store disposes it on close. */
  client?: KurrentClient;
  registry: EventRegistry;
  /** Events read past the batch's size from the stream's tail to recognise a retry. */
  retryWindow?: number;
  /** Recent event ids remembered to catch an id reused in another stream. */
  recentIds?: number;
}

interface StreamSlice {
  events: StoredEvent[];
  /** The stream's version when read; -1 when it does not exist. */
  version: number;
}

const MAX_PAGE = 1000;
const HEAD_PAGE = 100;
const FEED_RETRY_MS = 1000;

export class KurrentDbEventStore implements EventStore {
  readonly kind = 'kurrentdb';
  private readonly client: KurrentClient;
  private readonly recentIds: RecentEventIds;
  private readonly retryWindow: number;
  private readonly wakers = new Set<() => void>();
  private feed: LiveFeed | undefined;
  private feedRetry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: KurrentDbEventStoreOptions) {
    if (options.client) this.client = options.client;
    else if (options.connectionString) this.client = connectKurrentClient(options.connectionString);
    else throw new Error('KurrentDbEventStore needs a connectionString or a client');
    this.recentIds = new RecentEventIds(options.recentIds);
    this.retryWindow = options.retryWindow ?? 50;
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const checked = checkBatch(this.options.registry, streamId, events);
    const expected = options.expectedVersion ?? 'any';
    const ids = checked.map((e) => e.id);
    const claim = this.recentIds.claim(streamId, ids);
    if (claim.foreign.length > 0) throw new IdempotencyConflictError(streamId, claim.foreign);
    try {
      return await this.appendClaimed(streamId, checked, expected);
    } catch (error) {
      releaseIfRefused(claim, error);
      throw error;
    }
  }

  /** KurrentDB commits one stream per call: the batches are appended one after the other. */
  appendMany(batches: AppendBatch[]): Promise<AppendOutcome[]> {
    return appendOneByOne(this, batches);
  }

  private async appendClaimed(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    const ids = events.map((e) => e.id);
    const expectedRevision = toExpectedRevision(expected);
    const tail = await this.readTail(streamId, events.length + this.retryWindow);
    const earlier = retryOutcome(streamId, ids, tail);
    if (earlier) return earlier;
    let result: KurrentAppendResult;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), { expectedRevision });
    } catch (error) {
      if (!(error instanceof KurrentWrongExpectedVersionError)) throw error;
      // A stale writer, or a retry of a batch further back than the tail: only the whole stream can tell.
      const retry = retryOutcome(streamId, ids, await this.readWhole(streamId));
      if (retry) return retry;
      throw new WrongExpectedVersionError(streamId, String(expected), toVersion(error.actualVersion));
    }
    const position = globalPositionOf(result.position);
    const newest = tail.events[0]?.globalPosition;
    if (position !== undefined && newest !== undefined && position <= newest) {
      // KurrentDB recognised the batch itself (same ids where expected, or in its recent-id cache) and
      // answered with the old position: a retry from further back than the tail.
      const retry = retryOutcome(streamId, ids, await this.readWhole(streamId));
      if (retry) return retry;
    }
    for (const wake of this.wakers) wake();
    return {
      nextExpectedVersion: Number(result.nextExpectedRevision),
      lastGlobalPosition: position ?? (await this.positionAt(streamId, result.nextExpectedRevision)),
      appended: true,
    };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    return this.readEvents(
      streamId,
      FORWARDS,
      options.maxCount,
      BigInt(Math.max(0, options.fromVersion ?? 0)),
    );
  }

  async streamVersion(streamId: string): Promise<number> {
    return (await this.readTail(streamId, 1)).version;
  }

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const found: StoredEvent[] = [];
    let from = readPositionFrom(options.after);
    let after = options.after;
    // Pages continue past KurrentDB's own events, so a run of them never looks like the end of the log.
    while (found.length < maxCount) {
      const pageSize = Math.min(maxCount - found.length + 1, MAX_PAGE);
      const page = await collect(
        this.client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: pageSize }),
      );
      for (const { event } of page) {
        const wanted =
          event && !isSystemEvent(event) && (after === undefined || event.position.commit > after);
        if (!wanted) continue;
        found.push(this.toStored(event, event.position));
        if (found.length === maxCount) break;
      }
      const last = lastPosition(page);
      if (page.length < pageSize || !last) break;
      from = last;
      after = last.commit;
    }
    return found;
  }

  async headPosition(): Promise<bigint> {
    let from: ReadPosition = END;
    let before: bigint | undefined;
    for (;;) {
      const page = await collect(
        this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: HEAD_PAGE }),
      );
      for (const resolved of page) {
        const event = resolved.event;
        if (!event || (before !== undefined && event.position.commit >= before)) continue;
        if (!isSystemEvent(event)) return event.position.commit;
      }
      const last = lastPosition(page);
      if (page.length < HEAD_PAGE || !last) return 0n;
      from = last;
      before = last.commit;
    }
  }

  subscribe(options: SubscribeOptions): Subscription {
    this.ensureFeed();
    return subscribeByPolling(this, this.wakers, options);
  }

  async ping(): Promise<void> {
    await collect(this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.feedRetry);
    const feed = this.feed;
    this.feed = undefined;
    await feed?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }

  /**
   * One live $all subscription per store wakes every subscription as soon as anything is appended,
   * by any process. Subscriptions keep polling on their own, so losing it only costs latency; it is
   * re-opened after a pause while subscriptions still listen.
   */
  private ensureFeed(): void {
    if (this.feed || this.closed) return;
    const feed = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    const dropped = () => {
      if (this.feed !== feed) return;
      this.feed = undefined;
      void feed.unsubscribe().catch(() => undefined);
      if (this.closed || this.wakers.size === 0) return;
      this.feedRetry = setTimeout(() => this.ensureFeed(), FEED_RETRY_MS);
      this.feedRetry.unref();
    };
    feed.on('data', () => {
      for (const wake of this.wakers) wake();
    });
    feed.on('error', dropped);
    feed.on('close', dropped);
    this.feed = feed;
  }

  /** Events of one stream, forwards from `from` or backwards from its end; none when it does not exist. */
  private async readEvents(
    streamId: string,
    direction: typeof FORWARDS | typeof BACKWARDS,
    maxCount = Number.MAX_SAFE_INTEGER,
    from = 0n,
  ): Promise<StoredEvent[]> {
    const fromRevision = direction === BACKWARDS ? END : from;
    try {
      const read = await collect(this.client.readStream(streamId, { direction, fromRevision, maxCount }));
      return read.flatMap((resolved) =>
        resolved.event ? [this.toStored(resolved.event, resolved.event.position)] : [],
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  private async readWhole(streamId: string): Promise<StreamSlice> {
    const events = await this.readEvents(streamId, FORWARDS);
    return { events, version: events.at(-1)?.streamPosition ?? -1 };
  }

  /** The newest `count` events of a stream, and its version. */
  private async readTail(streamId: string, count: number): Promise<StreamSlice> {
    const events = await this.readEvents(streamId, BACKWARDS, count);
    return { events, version: events[0]?.streamPosition ?? -1 };
  }

  /** Servers that answer an append without a position: ask for the batch's last event. */
  private async positionAt(streamId: string, revision: bigint): Promise<bigint> {
    const [event] = await this.readEvents(streamId, FORWARDS, 1, revision);
    if (!event) throw new Error(`event ${revision} of ${streamId} vanished right after it was appended`);
    return event.globalPosition;
  }

  private toStored(event: RecordedEvent, position: Position | undefined): StoredEvent {
    const globalPosition = globalPositionOf(position);
    if (globalPosition === undefined) {
      throw new Error(
        'KurrentDB sent no log position with the event: KurrentDB (or EventStoreDB 22.6+) is needed',
      );
    }
    const { id, metadata } = fromKurrentEvent(event.id, event.metadata);
    return this.options.registry.upcast({
      id,
      type: event.type,
      data: event.data,
      metadata,
      streamId: event.streamId,
      streamPosition: Number(event.revision),
      globalPosition,
      recordedAt: event.created,
    });
  }
}

/** The append's answer when every id of the batch is already in the slice; a conflict when only some are. */
function retryOutcome(streamId: string, ids: string[], slice: StreamSlice): AppendResult | undefined {
  const wanted = new Set(ids);
  const found = slice.events.filter((e) => wanted.has(e.id));
  if (found.length === 0) return undefined;
  const foundIds = new Set(found.map((e) => e.id));
  if (foundIds.size < wanted.size) throw new IdempotencyConflictError(streamId, [...foundIds]);
  const lastGlobalPosition = found.reduce((max, e) => (e.globalPosition > max ? e.globalPosition : max), 0n);
  return { nextExpectedVersion: slice.version, lastGlobalPosition, appended: false };
}

/** Ids claimed for an append that stored nothing are given back; after an unknown outcome they stay. */
function releaseIfRefused(claim: IdClaim, error: unknown): void {
  const refused =
    error instanceof WrongExpectedVersionError ||
    error instanceof IdempotencyConflictError ||
    error instanceof ValidationError;
  if (refused) claim.release();
}

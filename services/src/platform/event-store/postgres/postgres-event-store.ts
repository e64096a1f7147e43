import pg from 'pg';
import type { EventRegistry, NewEvent, StoredEvent } from '@sabaq/events';
import type {
  AppendBatch,
  AppendOptions,
  AppendOutcome,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
  Subscription,
} from '../../ports/event-store';
import { IdempotencyConflictError, WrongExpectedVersionError } from '../../errors';
import { outcomeOfError } from '../append-outcomes';
import { checkBatch } from '../check-batch';
import { PollingSubscription } from '../polling-subscription';
import { LogReader } from './log-reader';
import { splitRound, toOutcome, type AppendRow, type CheckedBatch } from './many-append-rounds';
import { lockKey, notifyChannel, quoteIdent, SAFE_TO_READ, schemaSql } from './schema';

export interface PostgresEventStoreOptions {
  connectionString: string;
  registry: EventRegistry;
  /** Schema holding the store's tables; tests give each suite its own. */
  schema?: string;
  poolSize?: number;
  /** Connections kept for appends (default 8), so that acknowledgements never queue behind reads. */
  appendPoolSize?: number;
}

interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_position: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

interface PageWaiter {
  resolve(events: StoredEvent[]): void;
  reject(error: unknown): void;
}

/**
 * A transaction of a many-stream append that lost a race it could not see coming: another transaction
 * stored one of its ids at the same moment (unique violation), or two of them inserted the same ids in
 * opposite orders (deadlock). Run again, it sees the winner's outcome.
 */
const RACE_RETRIES = 5;

const COLUMNS = 'global_position, event_id, stream_id, stream_position, type, data, metadata, recorded_at';

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;
  private readonly appendPool: pg.Pool;
  private readonly schema: string;
  private readonly table: string;
  private listener: pg.Client | undefined;
  private listenerReady: Promise<void> | undefined;
  private readonly pageReads = new Map<string, PageWaiter[]>();
  private readonly reader = new LogReader({
    read: (after, maxCount) => this.sharedRead(after, maxCount),
    onError: (error) => console.warn('event store: reading the log failed; retrying', error),
  });
  private closed = false;

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.schema = options.schema ?? 'event_store';
    this.table = `${quoteIdent(this.schema)}.events`;
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 8 });
    // Under load the read pool has a queue (every request's session, every subscription's page): an
    // append waiting in it would hold back every acknowledgement of its group.
    this.appendPool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.appendPoolSize ?? 8,
    });
    // A dropped idle connection must not crash the process; the next query simply takes a new one.
    this.pool.on('error', () => undefined);
    this.appendPool.on('error', () => undefined);
  }

  /** Creates the schema, tables and append function; safe to run concurrently and repeatedly. */
  async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [lockKey(`${this.schema}.migrate`)]);
      try {
        await client.query(schemaSql(this.schema));
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lockKey(`${this.schema}.migrate`)]);
      }
    } finally {
      client.release();
    }
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    const checked = checkBatch(this.options.registry, streamId, events);
    const expected = options.expectedVersion ?? 'any';
    const rows = await this.callAppend(streamId, String(expected), checked);
    const row = rows[0];
    if (!row) throw new Error('append_events returned no row');
    const version = Number(row.stream_version);
    switch (row.outcome) {
      case 'appended':
      case 'retry':
        return {
          nextExpectedVersion: version,
          lastGlobalPosition: BigInt(row.last_position),
          appended: row.outcome === 'appended',
        };
      case 'wrong_expected_version':
        throw new WrongExpectedVersionError(streamId, String(expected), version);
      case 'idempotency_conflict':
        throw new IdempotencyConflictError(
          streamId,
          checked.map((e) => e.id),
        );
      default:
        throw new Error(`unexpected append outcome ${row.outcome}`);
    }
  }

  async appendMany(batches: AppendBatch[]): Promise<AppendOutcome[]> {
    const outcomes: AppendOutcome[] = new Array<AppendOutcome>(batches.length);
    let pending: CheckedBatch[] = [];
    batches.forEach((batch, index) => {
      try {
        const events = checkBatch(this.options.registry, batch.streamId, batch.events);
        pending.push({
          index,
          streamId: batch.streamId,
          expected: String(batch.expectedVersion ?? 'any'),
          events,
        });
      } catch (error) {
        const refused = outcomeOfError(error);
        if (!refused) throw error;
        outcomes[index] = refused;
      }
    });
    while (pending.length > 0) {
      const { now, later } = splitRound(pending);
      const rows = await this.callAppendMany(now);
      now.forEach((batch, i) => {
        const row = rows[i];
        if (!row) throw new Error('append_events_many returned too few rows');
        outcomes[batch.index] = toOutcome(batch.streamId, batch.expected, batch.events, row);
      });
      pending = later;
    }
    return outcomes;
  }

  private async callAppendMany(batches: CheckedBatch[]): Promise<AppendRow[]> {
    const flat = batches.flatMap((batch, i) => batch.events.map((event) => ({ event, n: i + 1 })));
    const params = [
      batches.map((b) => b.streamId),
      batches.map((b) => b.expected),
      flat.map((f) => f.n),
      flat.map((f) => f.event.id),
      flat.map((f) => f.event.type),
      flat.map((f) => JSON.stringify(f.event.data)),
      flat.map((f) => JSON.stringify(f.event.metadata ?? {})),
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.query<AppendRow>(
          `SELECT outcome, stream_version, last_position FROM ${quoteIdent(this.schema)}.append_events_many(
             $1, $2, $3, $4, $5, $6::jsonb[], $7::jsonb[])`,
          params,
        );
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string };
        const lostRace = constraint === 'events_event_id_unique' || code === '40P01';
        if (!lostRace || attempt >= RACE_RETRIES) throw error;
      }
    }
  }

  /** An append statement on a connection of the append pool. */
  private async query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
    const client = await this.appendPool.connect();
    try {
      const result = await client.query<Row>(text, values);
      client.release();
      return result.rows;
    } catch (error) {
      // The store-wide lock is session-level: never hand a connection back that might still hold it.
      await client.query('SELECT pg_advisory_unlock_all()').then(
        () => client.release(),
        () => client.release(true),
      );
      throw error;
    }
  }

  private async callAppend(
    streamId: string,
    expected: string,
    events: NewEvent[],
  ): Promise<{ outcome: string; stream_version: string; last_position: string }[]> {
    try {
      return await this.query<{ outcome: string; stream_version: string; last_position: string }>(
        `SELECT * FROM ${quoteIdent(this.schema)}.append_events($1, $2, $3, $4, $5::jsonb[], $6::jsonb[])`,
        [
          streamId,
          expected,
          events.map((e) => e.id),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata ?? {})),
        ],
      );
    } catch (error) {
      // Two streams raced to store the same event id: the loser sees the unique constraint.
      if ((error as { constraint?: string }).constraint === 'events_event_id_unique') {
        throw new IdempotencyConflictError(
          streamId,
          events.map((e) => e.id),
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE stream_id = $1 AND stream_position >= $2
        ORDER BY stream_position LIMIT $3`,
      [streamId, options.fromVersion ?? 0, options.maxCount ?? null],
    );
    return rows.map((row) => this.toStored(row));
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: string }>(
      `SELECT version FROM ${quoteIdent(this.schema)}.streams WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0] ? Number(rows[0].version) : -1;
  }

  /**
   * A full page the process's log reader holds is answered from memory (log-reader.ts); any other from
   * the database, in a query shared by every ask of the same page in the same turn of the event loop.
   * Each caller gets its own array; the events are shared and read-only.
   */
  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const from = options.after ?? 0n;
    const maxCount = options.maxCount ?? 1000;
    return this.reader.fullPage(from, maxCount) ?? this.sharedRead(from, maxCount);
  }

  /**
   * A subscription's next batch: from the log reader's memory while its position lies in the stretch
   * read last (none at its end or ahead of it: the reader wakes it when there is more), else its own
   * stretch from the database (it starts from an old checkpoint, or fell behind what the reader keeps).
   */
  private readForSubscription(after: bigint | undefined, maxCount: number): Promise<StoredEvent[]> {
    const from = after ?? 0n;
    const page = this.reader.next(from, maxCount);
    return page ? Promise.resolve(page) : this.sharedRead(from, maxCount);
  }

  /**
   * One query for every ask of the same page in the same turn of the event loop, sent after the last
   * of them was made, so each answer is as fresh as a query of its own would have been.
   */
  private sharedRead(from: bigint, maxCount: number): Promise<StoredEvent[]> {
    const after = from.toString();
    const key = `${after}/${maxCount}`;
    return new Promise((resolve, reject) => {
      let waiting = this.pageReads.get(key);
      if (!waiting) {
        const joined: PageWaiter[] = [];
        waiting = joined;
        this.pageReads.set(key, joined);
        setImmediate(() => {
          this.pageReads.delete(key);
          this.readPage(after, maxCount).then(
            (events) => joined.forEach((w) => w.resolve(events.slice())),
            (error: unknown) => joined.forEach((w) => w.reject(error)),
          );
        });
      }
      waiting.push({ resolve, reject });
    });
  }

  private async readPage(after: string, maxCount: number): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE global_position > $1 AND ${SAFE_TO_READ}
        ORDER BY global_position LIMIT $2`,
      [after, maxCount],
    );
    const events = rows.map((row) => this.toStored(row));
    this.reader.remember(BigInt(after), maxCount, events);
    return events;
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ position: string | null }>(
      `SELECT max(global_position) AS position FROM ${this.table}`,
    );
    return BigInt(rows[0]?.position ?? 0);
  }

  subscribe(options: SubscribeOptions): Subscription {
    void this.ensureListener().catch(() => undefined);
    return new PollingSubscription({
      ...options,
      read: (after, maxCount) => this.readForSubscription(after, maxCount),
      head: async () => {
        const head = await this.headPosition();
        // Without a notice (a missed one, LISTEN down) the reader would only find it at its next poll.
        this.reader.expect(head);
        return head;
      },
      onWake: (wake) => this.reader.onAdvance(wake),
    });
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.reader.close();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await Promise.all([this.pool.end(), this.appendPool.end()]);
  }

  /** One LISTEN connection per store wakes every subscription as soon as an append commits. */
  private ensureListener(): Promise<void> {
    this.listenerReady ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on('error', () => {
        // Subscriptions keep polling on their own; a new listener is made on the next subscribe.
        this.listener = undefined;
        this.listenerReady = undefined;
        this.reader.moved();
      });
      client.on('notification', (message) => {
        // The append functions announce the last position they committed.
        const position = /^\d+$/.test(message.payload ?? '') ? BigInt(message.payload!) : undefined;
        this.reader.moved(position);
      });
      await client.connect();
      await client.query(`LISTEN ${notifyChannel(this.schema)}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
      // Commits before the LISTEN were never announced: read on from where the reader stands.
      this.reader.moved();
    })();
    return this.listenerReady;
  }

  private toStored(row: EventRow): StoredEvent {
    return this.options.registry.upcast({
      id: row.event_id,
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      streamId: row.stream_id,
      streamPosition: Number(row.stream_position),
      globalPosition: BigInt(row.global_position),
      recordedAt: row.recorded_at,
    });
  }
}

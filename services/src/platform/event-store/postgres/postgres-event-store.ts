import pg from 'pg';
import type { EventRegistry, NewEvent, StoredEvent } from '@sabaq/events';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
  Subscription,
} from '../../ports/event-store';
import { IdempotencyConflictError, WrongExpectedVersionError } from '../../errors';
import { checkBatch } from '../check-batch';
import { subscribeByPolling } from '../polling-subscription';
import { lockKey, notifyChannel, quoteIdent, SAFE_TO_READ, schemaSql } from './schema';

export interface PostgresEventStoreOptions {
  connectionString: string;
  registry: EventRegistry;
  /** Schema holding the store's tables; tests give each suite its own. */
  schema?: string;
  poolSize?: number;
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

const COLUMNS = 'global_position, event_id, stream_id, stream_position, type, data, metadata, recorded_at';

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;
  private readonly schema: string;
  private readonly table: string;
  private listener: pg.Client | undefined;
  private listenerReady: Promise<void> | undefined;
  private readonly wakers = new Set<() => void>();
  private closed = false;

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.schema = options.schema ?? 'event_store';
    this.table = `${quoteIdent(this.schema)}.events`;
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 8 });
    // A dropped idle connection must not crash the process; the next query simply takes a new one.
    this.pool.on('error', () => undefined);
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

  private async callAppend(
    streamId: string,
    expected: string,
    events: NewEvent[],
  ): Promise<{ outcome: string; stream_version: string; last_position: string }[]> {
    const client = await this.pool.connect();
    try {
      const result = await client.query<{ outcome: string; stream_version: string; last_position: string }>(
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
      client.release();
      return result.rows;
    } catch (error) {
      // The store-wide lock is session-level: never hand a connection back that might still hold it.
      await client.query('SELECT pg_advisory_unlock_all()').then(
        () => client.release(),
        () => client.release(true),
      );
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

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM ${this.table} WHERE global_position > $1 AND ${SAFE_TO_READ}
        ORDER BY global_position LIMIT $2`,
      [(options.after ?? 0n).toString(), options.maxCount ?? 1000],
    );
    return rows.map((row) => this.toStored(row));
  }

  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ position: string | null }>(
      `SELECT max(global_position) AS position FROM ${this.table}`,
    );
    return BigInt(rows[0]?.position ?? 0);
  }

  subscribe(options: SubscribeOptions): Subscription {
    void this.ensureListener().catch(() => undefined);
    return subscribeByPolling(this, this.wakers, options);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /** One LISTEN connection per store wakes every subscription as soon as an append commits. */
  private ensureListener(): Promise<void> {
    this.listenerReady ??= (async () => {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      client.on('error', () => {
        // Subscriptions keep polling on their own; a new listener is made on the next subscribe.
        this.listener = undefined;
        this.listenerReady = undefined;
      });
      client.on('notification', () => {
        for (const wake of this.wakers) wake();
      });
      await client.connect();
      await client.query(`LISTEN ${notifyChannel(this.schema)}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
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

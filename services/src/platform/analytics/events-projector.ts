import type { EventRegistry, StoredEvent } from '@sabaq/events';
import type { AnalyticsStore } from '../ports/analytics';
import type { EventStore, Subscription } from '../ports/event-store';
import { loadCheckpoint, saveCheckpoint } from '../read-models/checkpoints';
import type { ReadModelDb } from '../read-models/database';
import {
  errorText,
  parkEvent,
  projectionsWithReplayRequests,
  replayRequested,
} from '../projections/parked-events';
import { BatchingWriter } from './batching-writer';
import { ParkingSink } from './parking-sink';
import { fitsClickHouseDate } from './values';

export interface AnalyticsEventsProjectorOptions {
  store: EventStore;
  analytics: AnalyticsStore;
  /** Holds the checkpoint (ClickHouse has no transactions to keep it with the rows). */
  db: ReadModelDb;
  registry: EventRegistry;
  flushIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export const ANALYTICS_EVENTS = { name: 'analytics.events', version: 1 } as const;

/**
 * Copies every stored event into ClickHouse's `events` table in large batches. The checkpoint moves only
 * after the rows before it are written, so a crash replays a little; the table is a ReplacingMergeTree
 * keyed by event, so replayed rows fold into their earlier copies. A version bump empties the table and
 * replays the whole log.
 */
export class AnalyticsEventsProjector {
  private subscription: Subscription | undefined;
  private writer: BatchingWriter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private added: bigint = 0n;
  private saved: bigint = 0n;
  private saving: Promise<void> | undefined;

  constructor(private readonly options: AnalyticsEventsProjectorOptions) {}

  position(): bigint {
    return this.saved;
  }

  async start(): Promise<void> {
    const { db, analytics } = this.options;
    const checkpoint = await loadCheckpoint(db, ANALYTICS_EVENTS.name);
    let from = checkpoint?.position ?? 0n;
    if (checkpoint && checkpoint.version !== ANALYTICS_EVENTS.version) {
      await analytics.command('TRUNCATE TABLE IF EXISTS events');
      // Every event is copied again: what was parked is met again too.
      await db.deleteFrom('projection_parked').where('projection', '=', ANALYTICS_EVENTS.name).execute();
      from = 0n;
    }
    await saveCheckpoint(db, ANALYTICS_EVENTS.name, from, ANALYTICS_EVENTS.version);
    this.added = from;
    this.saved = from;
    // A row ClickHouse keeps refusing is parked (projections/parked-events.ts), not retried for ever.
    const sink = new ParkingSink(analytics, {
      alive: async () => (await analytics.query('SELECT 1 AS ok')).length === 1,
      park: async (row, error) => {
        await parkEvent(db, {
          projection: ANALYTICS_EVENTS.name,
          eventId: String(row.event_id),
          position: BigInt(row.global_position as bigint),
          eventType: String(row.type),
          error,
        });
        this.options.onError?.(new Error(`analytics parked event ${String(row.event_id)}: ${error}`));
      },
    });
    this.writer = new BatchingWriter(sink, {
      flushIntervalMs: this.options.flushIntervalMs ?? 1000,
      onError: (error) => this.options.onError?.(error),
    });
    this.subscription = this.options.store.subscribe({
      after: from === 0n ? undefined : from,
      onBatch: async (events) => {
        await this.writer!.add(
          'events',
          events.map((event) => this.row(event)),
        );
        this.added = events[events.length - 1]!.globalPosition;
      },
      onError: (error) => this.options.onError?.(error),
    });
    await this.replayParked();
    this.timer = setInterval(
      () =>
        void this.checkpoint()
          .then(() => this.replayParked())
          .catch((e: unknown) => this.options.onError?.(e)),
      1000,
    );
    this.timer.unref();
  }

  /** Copies again the parked events whose replay `npm run replay-parked` asked for. */
  private async replayParked(): Promise<void> {
    const { db, analytics, store } = this.options;
    const asked = await projectionsWithReplayRequests(db).catch(() => new Set<string>());
    if (!asked.has(ANALYTICS_EVENTS.name)) return;
    try {
      await replayRequested(db, store, ANALYTICS_EVENTS.name, (event) =>
        analytics.insert('events', [this.row(event)]),
      );
    } catch (error) {
      this.options.onError?.(new Error(`analytics replay of parked events failed: ${errorText(error)}`));
    }
  }

  /** Resolves when every event visible now is written to ClickHouse and checkpointed. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
    await this.checkpoint();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
    await this.checkpoint();
    await this.writer?.close();
  }

  /** Writes what is buffered, then moves the checkpoint to the last event added before the flush. */
  private checkpoint(): Promise<void> {
    this.saving ??= (async () => {
      const target = this.added;
      await this.writer?.flush();
      if (target > this.saved) {
        await saveCheckpoint(this.options.db, ANALYTICS_EVENTS.name, target, ANALYTICS_EVENTS.version);
        this.saved = target;
      }
    })().finally(() => {
      this.saving = undefined;
    });
    return this.saving;
  }

  private row(event: StoredEvent): Record<string, unknown> {
    const occurred =
      typeof event.metadata.occurredAt === 'string' ? new Date(event.metadata.occurredAt) : null;
    return {
      school_id: typeof event.metadata.schoolId === 'string' ? event.metadata.schoolId : '',
      context: this.options.registry.contextOf(event.streamId),
      type: event.type,
      stream_id: event.streamId,
      event_id: event.id,
      global_position: event.globalPosition,
      recorded_at: event.recordedAt,
      // A time ClickHouse cannot hold (a client's year 1) is no time: views then use recorded_at.
      occurred_at: occurred && fitsClickHouseDate(occurred) ? occurred : null,
      data: JSON.stringify(this.options.registry.redact(event).data),
    };
  }
}

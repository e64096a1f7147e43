import type { StoredEvent } from '@sabaq/events';
import type { EventStore, Subscription } from '../ports/event-store';
import type { ReadModelDb } from '../read-models/database';
import { CoalescedCheckpoint } from './coalesced-checkpoint';
import { CheckpointWrites } from './checkpoint-writes';
import {
  errorText,
  forgetParked,
  MAX_BATCH_ATTEMPTS,
  parkedSummaries,
  projectionsWithReplayRequests,
  replayRequested,
} from './parked-events';
import type { Projection, ProjectionState } from './projection';
import {
  moveCheckpoint,
  announceChange,
  applyOneByOne,
  claimCheckpoint,
  lockCheckpoint,
  resetProjection,
  storedCheckpoint,
} from './checkpoint-statements';

export { resetProjection };

export interface ProjectionRunnerOptions {
  store: EventStore;
  db: ReadModelDb;
  projections: readonly Projection[];
  batchSize?: number;
  watchIntervalMs?: number;
  /** How often, at most, a projection writes positions of batches it had nothing to apply from. */
  skipWriteIntervalMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

/** Raised in a subscription that has been replaced: it must stop without applying anything. */
class SupersededError extends Error {}

/** Raised inside a batch when the stored checkpoint moved under us (a rebuild, or a second runner). */
class CheckpointMovedError extends Error {
  constructor(readonly stored: bigint) {
    super(`checkpoint moved to ${stored}`);
  }
}

/**
 * Runs every registered projection on its own checkpointed subscription to the global log.
 * Each batch with events the projection reads is one transaction: take the projection's lock (an
 * advisory lock, which gives the transaction no id to hold the log's readers back with), check the
 * checkpoint is where this runner left it, apply, and move it on only from there. So two runners never
 * apply a batch twice, and a rebuild started by `npm run rebuild` while the platform runs is noticed at
 * the next batch and followed from zero. A batch with none of them opens no transaction: its position is
 * written coalesced (coalesced-checkpoint.ts), with the same check, since under proctoring load most
 * projections read none of a batch and a transaction each per batch kept the main thread busy.
 */
export class ProjectionRunner {
  private readonly stateByName = new Map<string, ProjectionState>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly expected = new Map<string, bigint>();
  private readonly checkpoints = new Map<string, CoalescedCheckpoint>();
  /** Per projection: the first position of the batch that keeps failing, and how often it failed. */
  private readonly failing = new Map<string, { at: bigint; attempts: number }>();
  private stopped = false;
  private watch: NodeJS.Timeout | undefined;
  private readonly checkpointWrites: CheckpointWrites;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.checkpointWrites = new CheckpointWrites(options.db);
    const names = new Set<string>();
    for (const projection of options.projections) {
      if (names.has(projection.name)) throw new Error(`projection '${projection.name}' registered twice`);
      names.add(projection.name);
    }
  }

  async start(): Promise<void> {
    for (const projection of this.options.projections) await this.startOne(projection);
    // Replays asked for while no runner ran (the platform stopped) are done now.
    await this.replayParked();
    // An idle projection sees no batch that would reveal a reset made elsewhere, so look now and then.
    this.watch = setInterval(() => void this.followMovedCheckpoints(), this.options.watchIntervalMs ?? 2000);
    this.watch.unref();
  }

  private following: Promise<void> | undefined;

  /** One follow at a time: two concurrent ones could both resubscribe and leave a stray subscription. */
  private followMovedCheckpoints(): Promise<void> {
    this.following ??= this.followOnce().finally(() => {
      this.following = undefined;
    });
    return this.following;
  }

  private async followOnce(): Promise<void> {
    if (this.stopped) return;
    await this.replayParked();
    try {
      const rows = await this.options.db
        .selectFrom('projection_checkpoints')
        .select(['name', 'position'])
        .execute();
      for (const row of rows) {
        const projection = this.options.projections.find((p) => p.name === row.name);
        const expected = this.expected.get(row.name);
        if (!projection || expected === undefined || BigInt(row.position) === expected) continue;
        const subscription = this.subscriptions.get(row.name);
        // A batch in flight may be about to advance it legitimately; only act when still different after it.
        await subscription?.stop();
        // A coalesced write in flight too; the replaced subscription's remembered skip is then dropped.
        const checkpoint = this.checkpoints.get(row.name);
        await checkpoint?.exclusive(async () => checkpoint?.discard());
        const now = await this.options.db
          .selectFrom('projection_checkpoints')
          .select('position')
          .where('name', '=', row.name)
          .executeTakeFirst();
        const position = BigInt(now?.position ?? 0);
        const state = this.stateByName.get(row.name);
        if (state) {
          state.position = position;
          if (position === 0n) state.status = 'rebuilding';
        }
        this.subscribeFrom(projection, position);
      }
    } catch (error) {
      this.options.log?.('checkpoint watch failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /**
   * Tries again the parked events whose replay `npm run replay-parked` asked for (parked-events.ts). An
   * event is applied alone, in its own transaction, beside the running subscription: projections are
   * idempotent by event id, and the checkpoint is already past it.
   */
  private async replayParked(): Promise<void> {
    const asked = await projectionsWithReplayRequests(this.options.db).catch(() => new Set<string>());
    for (const projection of this.options.projections) {
      if (this.stopped) return;
      if (!asked.has(projection.name)) continue;
      try {
        const handled = new Set(projection.handles);
        const { replayed, failed } = await replayRequested(
          this.options.db,
          this.options.store,
          projection.name,
          async (event, tx) => {
            if (!handled.has(event.type)) return;
            await projection.apply(tx, [event]);
            await announceChange(tx, projection.name);
          },
        );
        if (replayed + failed > 0) {
          this.options.log?.('parked events replayed', { projection: projection.name, replayed, failed });
        }
      } catch (error) {
        this.options.log?.('parked events replay failed', {
          projection: projection.name,
          error: errorText(error),
        });
      }
    }
  }

  /** Resolves when every projection has processed every event visible at call time. */
  async caughtUp(): Promise<void> {
    // A checkpoint reset elsewhere (a rebuild) must be followed before "caught up" can mean anything.
    await this.followMovedCheckpoints();
    await Promise.all(
      this.options.projections.map(async (projection) => {
        // A subscription may be replaced while we wait (a followed rebuild): then wait on the new one.
        for (let attempt = 0; ; attempt++) {
          const subscription = this.subscriptions.get(projection.name);
          if (!subscription) return;
          try {
            await subscription.caughtUp();
            // "Caught up" includes the checkpoint row, which cross-process waiters read.
            await this.checkpoints.get(projection.name)?.flush();
            if (this.subscriptions.get(projection.name) === subscription) return;
          } catch (error) {
            if (this.stopped || attempt > 100) throw error;
            // Let a replacement in progress finish before looking for the current subscription again.
            await this.following;
          }
        }
      }),
    );
  }

  states(): ProjectionState[] {
    return [...this.stateByName.values()].map((s) => ({ ...s }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.watch) clearInterval(this.watch);
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    await Promise.all(
      [...this.checkpoints.values()].map(async (checkpoint) => {
        await checkpoint.flush();
        checkpoint.discard();
      }),
    );
    this.subscriptions.clear();
    this.checkpoints.clear();
    for (const state of this.stateByName.values()) state.status = 'stopped';
  }

  private async startOne(projection: Projection): Promise<void> {
    const { db } = this.options;
    const from = await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('projection_checkpoints')
        .values({ name: projection.name, position: '0', version: projection.version, updated_at: new Date() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await lockCheckpoint(tx, projection.name);
      if (row.version !== projection.version) {
        this.options.log?.('projection version changed: rebuilding from zero', {
          projection: projection.name,
          from: row.version,
          to: projection.version,
        });
        await projection.reset(tx);
        await forgetParked(tx, projection.name);
        await moveCheckpoint(tx, projection.name, 0n, projection.version);
        return { position: 0n, rebuilding: true };
      }
      return { position: row.position, rebuilding: false };
    });
    this.stateByName.set(projection.name, {
      name: projection.name,
      version: projection.version,
      status: from.rebuilding ? 'rebuilding' : 'catching_up',
      position: from.position,
    });
    this.subscribeFrom(projection, from.position);
  }

  private subscribeFrom(projection: Projection, position: bigint): void {
    if (this.stopped) return;
    this.expected.set(projection.name, position);
    const handled = new Set(projection.handles);
    // Each subscription keeps its own expectation of the checkpoint, and only the current one may
    // apply: a subscription being replaced can never apply a batch its successor applies too.
    const checkpoint: CoalescedCheckpoint = new CoalescedCheckpoint({
      db: this.options.db,
      writes: this.checkpointWrites,
      name: projection.name,
      written: position,
      intervalMs: this.options.skipWriteIntervalMs ?? 250,
      isCurrent: (): boolean => this.checkpoints.get(projection.name) === checkpoint,
      onWritten: (written) => this.expected.set(projection.name, written),
      onMoved: (stored) => this.onError(projection, new CheckpointMovedError(stored)),
      log: this.options.log,
    });
    const subscription: Subscription = this.options.store.subscribe({
      after: position === 0n ? undefined : position,
      batchSize: this.options.batchSize ?? 2000,
      onBatch: async (events) => {
        if (this.subscriptions.get(projection.name) !== subscription) throw new SupersededError();
        await this.applyBatch(projection, handled, events, checkpoint);
      },
      onError: (error) => {
        if (error instanceof SupersededError) void subscription.stop();
        else this.onError(projection, error);
      },
    });
    this.subscriptions.set(projection.name, subscription);
    this.checkpoints.set(projection.name, checkpoint);
  }

  /** Applies one batch in one transaction, or only remembers its position when nothing in it is read. */
  private async applyBatch(
    projection: Projection,
    handled: Set<string>,
    events: StoredEvent[],
    checkpoint: CoalescedCheckpoint,
  ): Promise<void> {
    const last = events[events.length - 1];
    if (!last) return;
    const relevant = events.filter((e) => handled.has(e.type));
    if (relevant.length === 0) {
      checkpoint.skip(last.globalPosition);
    } else {
      const first = events[0]!.globalPosition;
      const failing = this.failing.get(projection.name);
      // The same batch failed often enough: apply it event by event and park what still fails.
      const isolate = failing !== undefined && failing.at === first && failing.attempts >= MAX_BATCH_ATTEMPTS;
      try {
        await checkpoint.exclusive(async () => {
          const parked = await this.options.db.transaction().execute(async (tx) => {
            const expected = checkpoint.written();
            const row = await claimCheckpoint(tx, projection.name);
            if (row.position !== expected) throw new CheckpointMovedError(row.position);
            const stepped = isolate ? await applyOneByOne(tx, projection, relevant) : [];
            if (!isolate) await projection.apply(tx, relevant);
            const moved = await moveCheckpoint(
              tx,
              projection.name,
              last.globalPosition,
              projection.version,
              expected,
            );
            if (!moved) throw new CheckpointMovedError(await storedCheckpoint(tx, projection.name));
            return stepped;
          });
          checkpoint.committed(last.globalPosition);
          this.expected.set(projection.name, last.globalPosition);
          for (const event of parked) {
            this.options.log?.('projection parked an event it keeps failing on', {
              projection: projection.name,
              position: event.position.toString(),
              event: event.eventId,
              type: event.eventType,
              error: event.error,
            });
          }
        });
        this.failing.delete(projection.name);
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) {
          const attempts = failing?.at === first ? failing.attempts + 1 : 1;
          this.failing.set(projection.name, { at: first, attempts });
        }
        throw error;
      }
    }
    const state = this.stateByName.get(projection.name);
    if (state) {
      state.position = last.globalPosition;
      if (state.status === 'failed') state.status = 'catching_up';
      delete state.lastError;
    }
  }

  private onError(projection: Projection, error: unknown): void {
    const state = this.stateByName.get(projection.name);
    if (error instanceof CheckpointMovedError) {
      // Someone else moved the checkpoint (a rebuild, another runner): follow it from where it stands,
      // through the one serialised path that replaces subscriptions.
      this.options.log?.('projection checkpoint moved; resubscribing', {
        projection: projection.name,
        position: error.stored.toString(),
      });
      void this.followMovedCheckpoints();
      return;
    }
    if (state) {
      state.status = 'failed';
      state.lastError = error instanceof Error ? error.message : String(error);
    }
    this.options.log?.('projection batch failed; retrying', {
      projection: projection.name,
      error: state?.lastError,
    });
  }

  /** Marks projections live once they reach the head, with their parked events; called by health checks. */
  async refreshStatuses(head: bigint): Promise<ProjectionState[]> {
    // Read from the table, not remembered: a replay by another process clears rows under us.
    const parked = await parkedSummaries(this.options.db).catch(() => undefined);
    for (const state of this.stateByName.values()) {
      if (parked) {
        const summary = parked.get(state.name);
        state.parked = summary?.count ?? 0;
        state.parkedError = summary?.firstError;
      }
      if (state.status === 'failed' || state.status === 'stopped') continue;
      state.status =
        state.position >= head ? 'live' : state.status === 'rebuilding' ? 'rebuilding' : 'catching_up';
    }
    return this.states();
  }
}

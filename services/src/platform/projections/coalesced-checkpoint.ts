import type { ReadModelDb } from '../read-models/database';
import { storedCheckpoint } from './checkpoint-statements';
import type { CheckpointWrites } from './checkpoint-writes';

export interface CoalescedCheckpointOptions {
  db: ReadModelDb;
  /** The runner's writer, which sends the writes of all its projections due together in one statement. */
  writes: CheckpointWrites;
  name: string;
  /** The position stored in the checkpoint row when the subscription started. */
  written: bigint;
  /** At most one write of skipped positions per this many milliseconds. */
  intervalMs: number;
  /** False once the subscription was replaced: then this keeper must never write. */
  isCurrent: () => boolean;
  onWritten: (position: bigint) => void;
  /** The row is no longer where this keeper left it (a rebuild, a second runner). */
  onMoved: (stored: bigint) => void;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * One subscription's checkpoint. A batch holding no event the projection reads opens no transaction:
 * its position is only remembered (`skip`) and written by one conditional UPDATE at most every
 * `intervalMs`, at once when nothing was written for that long (so an idle subscription's row reaches
 * the head promptly for waitForProjections), by the next relevant batch's transaction (`committed`),
 * or on `flush`. A crash loses only an unwritten skip, and replaying skipped events applies nothing.
 * Everything that reads or writes the row goes through `exclusive`, one at a time, so a coalesced
 * write can never move the row under a batch's "is it where I left it" check.
 */
export class CoalescedCheckpoint {
  private stored: bigint;
  private skipped: bigint | undefined;
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private lane: Promise<unknown> = Promise.resolve();
  private discarded = false;

  constructor(private readonly options: CoalescedCheckpointOptions) {
    this.stored = options.written;
  }

  /** The position the checkpoint row holds, as far as this keeper wrote it. */
  written(): bigint {
    return this.stored;
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lane.then(work);
    this.lane = run.catch(() => undefined);
    return run;
  }

  /** A batch with nothing to apply ended at `position`. */
  skip(position: bigint): void {
    this.skipped = position;
    this.schedule();
  }

  /** A batch's transaction wrote `position` (carrying any skip before it). Call inside `exclusive`. */
  committed(position: bigint): void {
    this.stored = position;
    if (this.skipped !== undefined && this.skipped <= position) this.skipped = undefined;
    this.lastWriteAt = Date.now();
  }

  /** Writes any remembered skip now. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    return this.exclusive(() => this.write());
  }

  /** The subscription was replaced because the row moved: its remembered skip must not be written. */
  discard(): void {
    this.discarded = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.discarded) return;
    // On a grid of the interval shared by every projection, so that their writes fall due together and
    // go in one statement; never sooner than an interval after this row's last write.
    const interval = this.options.intervalMs;
    const due = Math.ceil((this.lastWriteAt + interval) / interval) * interval;
    const wait = Math.max(0, due - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.exclusive(() => this.write());
    }, wait);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const target = this.skipped;
    if (target === undefined || target <= this.stored || this.discarded || !this.options.isCurrent()) return;
    const { db, name } = this.options;
    try {
      // Counted from when the write is sent: a skip arriving while it is in flight (under load, every
      // batch) waits for the next interval instead of finding the last write an interval old and
      // writing again at once, back to back.
      this.lastWriteAt = Date.now();
      const written = await this.options.writes.write({ name, expected: this.stored, target });
      if (!written) {
        const stored = await storedCheckpoint(db, name);
        this.discard();
        this.options.onMoved(stored);
        return;
      }
      this.stored = target;
      if (this.skipped === target) this.skipped = undefined;
      this.options.onWritten(target);
    } catch (error) {
      // Nothing is lost: the skip stays remembered and is tried again (or carried by the next batch).
      this.options.log?.('projection checkpoint write failed; retrying', {
        projection: name,
        error: error instanceof Error ? error.message : String(error),
      });
      this.lastWriteAt = Date.now();
    }
    if (this.skipped !== undefined) this.schedule();
  }
}

import { sql } from 'kysely';
import type { ReadModelDb } from '../read-models/database';

export interface CheckpointWrite {
  name: string;
  /** Where this runner left the row: the write holds only if it is still there. */
  expected: bigint;
  target: bigint;
}

interface Pending {
  write: CheckpointWrite;
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * The coalesced checkpoint writes of one runner's projections (coalesced-checkpoint.ts), sent as one
 * conditional UPDATE for all the writes asked for in the same turn of the event loop. Their timers fire
 * on a shared grid, so under load the ~30 projections that skip a batch write their rows in one
 * statement instead of ~30 a tick (0.06 statements per action at 3,000 proctored students).
 */
export class CheckpointWrites {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: ReadModelDb) {}

  /** True when the row stood at `expected` and now holds `target`; false when it had moved. */
  write(write: CheckpointWrite): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    try {
      const values = sql.join(
        batch.map(
          ({ write }) =>
            sql`(${write.name}::text, ${write.expected.toString()}::bigint, ${write.target.toString()}::bigint)`,
        ),
      );
      const { rows } = await sql<{ name: string }>`
        UPDATE projection_checkpoints AS c SET position = v.target, updated_at = now()
        FROM (VALUES ${values}) AS v(name, expected, target)
        WHERE c.name = v.name AND c.position = v.expected
        RETURNING c.name`.execute(this.db);
      const written = new Set(rows.map((row) => row.name));
      for (const { write, resolve } of batch) resolve(written.has(write.name));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}

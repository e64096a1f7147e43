import type { StoredEvent } from '@sabaq/events';
import type { ReadModelTx } from '../read-models/database';

/**
 * A read model fed from the global log. `apply` runs inside the same transaction that saves the
 * checkpoint, so a crash can never leave the table and its checkpoint disagreeing. Still write it
 * idempotently (upserts keyed by event or aggregate id): tests replay every event twice.
 */
export interface Projection {
  /** Unique, stable name; also the checkpoint's name. */
  name: string;
  /** Bump when the read model's shape or logic changes: the runner then rebuilds it from zero. */
  version: number;
  /** Event types the projection reads; the checkpoint advances past the others without calling apply. */
  handles: readonly string[];
  apply(tx: ReadModelTx, events: StoredEvent[]): Promise<void>;
  /** Deletes everything the projection wrote, before a rebuild from zero. */
  reset(tx: ReadModelTx): Promise<void>;
}

export type ProjectionStatus = 'catching_up' | 'live' | 'rebuilding' | 'failed' | 'stopped';

export interface ProjectionState {
  name: string;
  version: number;
  status: ProjectionStatus;
  position: bigint;
  lastError?: string;
  /** Events stepped over after repeated failures (parked-events.ts), and the first one's error. */
  parked?: number;
  parkedError?: string;
}

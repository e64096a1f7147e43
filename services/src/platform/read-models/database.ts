import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

/**
 * Tables of the platform itself. Each context declares its own tables in its read-model folders and
 * merges them into its Kysely database type; the platform only needs the checkpoints.
 */
export interface PlatformTables {
  projection_checkpoints: {
    name: string;
    /** Global position of the last event whose effects are committed, as a decimal string (bigint). */
    position: string;
    /** The projection's code version that wrote this checkpoint; a different version means rebuild. */
    version: number;
    updated_at: Date;
  };
  /** Events a projection stepped over after failing on them (projections/parked-events.ts). */
  projection_parked: {
    projection: string;
    event_id: string;
    /** Global position, a decimal string (bigint). */
    position: string;
    event_type: string;
    error: string;
    attempts: number;
    parked_at: Date;
    /** Set by `npm run replay-parked`: the projection tries the event again and clears the row on success. */
    replay_requested_at: Date | null;
  };
}

// Kysely's database type is structural: contexts extend it with their own tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReadModelDb = Kysely<PlatformTables & Record<string, any>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReadModelTx = Transaction<PlatformTables & Record<string, any>>;

/** A context's typed view of the read-model database: the platform's tables plus the context's own. */
export type TablesDb<T> = Kysely<PlatformTables & T>;
/** The same view inside a projection's transaction. */
export type TablesTx<T> = Transaction<PlatformTables & T>;

/**
 * The shared database seen with a context's table interfaces, so column names and row types are
 * checked. Only the static type changes (the same object is returned). The cast is sound because the
 * context's migrations create exactly the tables `T` declares, and a reading context declares of
 * another context's published table only the columns it reads.
 */
export function withTables<T>(db: ReadModelDb): TablesDb<T> {
  return db as unknown as TablesDb<T>;
}

/** `withTables` for a projection's transaction. */
export function txWithTables<T>(tx: ReadModelTx): TablesTx<T> {
  return tx as unknown as TablesTx<T>;
}

// int8 columns arrive as strings by default; keep them so (positions exceed 2^53 in theory), but
// parse counts explicitly where needed.
export function createReadModelDb(connectionString: string, poolSize = 10): ReadModelDb {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', () => undefined);
  return new Kysely({ dialect: new PostgresDialect({ pool }) });
}

import { createRegistry } from '@sabaq/events';
import type { Migration } from 'kysely';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres/postgres-event-store';
import { createReadModelDb, type ReadModelDb } from '../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../services/src/platform/read-models/migrations';
import { createTestDatabase } from './databases';

export interface StoreAndReadModels {
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  close(): Promise<void>;
}

/** A real event store and read-model database in a fresh database of the run's PostgreSQL server. */
export async function storeAndReadModels(
  migrations: Record<string, Migration> = {},
): Promise<StoreAndReadModels> {
  const url = await createTestDatabase('rm');
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db, migrations);
  return {
    url,
    store,
    db,
    async close() {
      await store.close();
      await db.destroy();
    },
  };
}

/** Polls a condition until it holds or the deadline passes; for effects with no completion signal. */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms; last value ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

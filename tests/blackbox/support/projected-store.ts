import { randomUUID } from 'node:crypto';
import { createRegistry } from '@sabaq/events';
import type { BoundedContext, ContextServices } from '../../../services/src/platform/context';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createReadModelDb, type ReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../../support/databases';
import { testAuthenticator } from '../records/records-app';

/** Stands in for a service a test app does not wire: any use of it throws, naming it. */
export const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of these tests`);
      },
    },
  ) as T;

export interface ProjectedStore {
  /** The fresh database's connection string. */
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  /** The names of the projections running. */
  projections: string[];
  /** Waits until the named projections (all running ones by default) have applied everything appended so far. */
  caughtUp(names?: readonly string[]): Promise<void>;
  /** Stops the projections and closes the store and the database (after the server that uses them). */
  stop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database (`database` names it) with the event store and the given contexts' read
 * models migrated and their projections running: the ground of a black-box test app.
 */
export async function startProjectedStore(
  database: string,
  contexts: readonly Pick<BoundedContext, 'migrations' | 'projections'>[],
): Promise<ProjectedStore> {
  const url = await createTestDatabase(database);
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db, Object.assign({}, ...contexts.map((c) => c.migrations)));
  const projections = contexts.flatMap((c) => c.projections);
  const runner = new ProjectionRunner({ store, db, projections });
  await runner.start();
  const names = projections.map((p) => p.name);
  return {
    url,
    store,
    db,
    projections: names,
    async caughtUp(waitFor = names) {
      await waitForProjections(db, [...waitFor], await store.headPosition());
    },
    async stop() {
      await runner.stop();
      await store.close();
      await db.destroy();
    },
  };
}

/**
 * The services a context's routes get, over the given store and database: the record API's test
 * tokens (records-app.ts), the real clock and ids, and `unused` for what the app does not wire unless
 * `wired` gives it.
 */
export function testServices(
  ground: Pick<ProjectedStore, 'store' | 'db'>,
  wired: Partial<ContextServices> = {},
): ContextServices {
  return {
    store: ground.store,
    db: ground.db,
    registry: createRegistry(),
    ingest: unused('ingest'),
    objects: unused('objects'),
    analytics: unused('analytics'),
    authenticator: testAuthenticator,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: false,
    ...wired,
  };
}

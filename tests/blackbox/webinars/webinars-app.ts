import { randomBytes, randomUUID } from 'node:crypto';
import { createRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ContextServices } from '../../../services/src/contexts';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { webinarsContext } from '../../../services/src/contexts/webinars';
import { webinarsRealtime } from '../../../services/src/contexts/webinars/realtime';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createRealtime } from '../../../services/src/platform/realtime/plugin';
import { createReadModelDb, type ReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../../support/databases';
import { testAuthenticator } from '../records/records-app';

const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of these tests`);
      },
    },
  ) as T;

export interface WebinarsApp {
  app: FastifyInstance;
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The webinars context as the platform runs it, listening on a port: its routes (with the route access
 * table), its process manager, the assignments read model it reads classes and assignments from, and
 * the realtime socket with its channel rule. Tokens are the record API's test tokens.
 */
export async function startWebinarsApp(): Promise<WebinarsApp> {
  const url = await createTestDatabase('webinars');
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db, { ...assignmentsContext.migrations, ...webinarsContext.migrations });
  const projections = [...assignmentsContext.projections, ...webinarsContext.projections];
  const runner = new ProjectionRunner({ store, db, projections });
  await runner.start();
  const services: ContextServices = {
    store,
    db,
    registry: createRegistry(),
    ingest: unused('ingest'),
    objects: unused('objects'),
    analytics: unused('analytics'),
    authenticator: testAuthenticator,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: false,
  };
  const realtime = createRealtime({
    authenticator: testAuthenticator,
    store,
    contributions: [webinarsRealtime(services)],
    secret: randomBytes(32),
  });
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: testAuthenticator },
    plugins: [(api) => webinarsContext.routes!(api, services), realtime.plugin],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    store,
    db,
    async caughtUp() {
      const names = [...projections.map((p) => p.name), 'webinars.assignment-webinars'];
      await waitForProjections(db, names, await store.headPosition());
      await waitForProjections(db, names, await store.headPosition());
    },
    async close() {
      await app.close();
      await runner.stop();
      await store.close();
      await db.destroy();
    },
  };
}

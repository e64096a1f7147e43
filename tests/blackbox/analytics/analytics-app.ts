import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ContextServices } from '../../../services/src/platform/context';
import { analyticsContext } from '../../../services/src/contexts/analytics';
import { analyticsRoutes } from '../../../services/src/contexts/analytics/routes';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { assignmentsRoutes } from '../../../services/src/contexts/assignments/routes';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { proctoringContext } from '../../../services/src/contexts/proctoring';
import { shopContext } from '../../../services/src/contexts/shop';
import { proctoringRoutes } from '../../../services/src/contexts/proctoring/routes';
import { ClickHouseAnalytics } from '../../../services/src/platform/analytics/clickhouse-analytics';
import { AnalyticsEventsProjector } from '../../../services/src/platform/analytics/events-projector';
import { migrateAnalytics } from '../../../services/src/platform/analytics/migrations';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { EmbeddedTelemetryIngest } from '../../../services/src/platform/ingest/embedded-telemetry-ingest';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../../support/databases';
import { testAccess, testAuthenticator } from '../records/records-app';
import { routeAccessTable } from '../../support/access-tables';
import { analyticsMigrationsOf } from '../../../services/src/platform/context';

const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of the analytics tests`);
      },
    },
  ) as T;

export interface AnalyticsApp {
  app: FastifyInstance;
  analytics: ClickHouseAnalytics;
  services: ContextServices;
  /** The server's clock: tests move it to give attempts known start and finish times. */
  setNow(at: Date): void;
  /** Read models and ClickHouse hold everything appended so far. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Assignments (attempts), proctoring (actions, timelines and scores) and analytics over real PostgreSQL
 * and chdb, the analytics projector copying events to ClickHouse, the route access table enforced, the
 * record API's test tokens (`analyst@school-a`, records-app.ts) and a clock the test sets.
 */
export async function startAnalyticsApp(): Promise<AnalyticsApp> {
  const url = await createTestDatabase('analytics');
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  // The shop is here for its ClickHouse tables: the console's views name every analyst table.
  const contexts = [authoringContext, assignmentsContext, proctoringContext, shopContext, analyticsContext];
  await migrateReadModels(db, Object.assign({}, ...contexts.map((c) => c.migrations)));
  const projections = contexts.flatMap((c) => c.projections);
  const runner = new ProjectionRunner({ store, db, projections });
  await runner.start();
  const analytics = ClickHouseAnalytics.embedded({
    path: await mkdtemp(path.resolve('.tmp/chdb-analytics-api-')),
  });
  await migrateAnalytics(analytics, analyticsMigrationsOf(contexts));
  const projector = new AnalyticsEventsProjector({ store, analytics, db, registry: createRegistry() });
  await projector.start();
  let now = new Date();
  const ingest = new EmbeddedTelemetryIngest(store);
  const services: ContextServices = {
    store,
    db,
    registry: createRegistry(),
    ingest,
    objects: unused('objects'),
    analytics,
    authenticator: testAuthenticator,
    clock: () => new Date(now),
    newId: () => randomUUID(),
    demo: false,
  };
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: services.authenticator, table: routeAccessTable },
    plugins: [
      (api) => assignmentsRoutes(api, services, { access: testAccess }),
      (api) => proctoringRoutes(api, services),
      (api) => analyticsRoutes(api, services, testAccess),
    ],
  });
  await app.ready();
  return {
    app,
    analytics,
    services,
    setNow(at) {
      now = at;
    },
    async caughtUp() {
      await waitForProjections(
        db,
        projections.map((p) => p.name),
        await store.headPosition(),
      );
      await projector.caughtUp();
    },
    async close() {
      await app.close();
      await projector.stop();
      await runner.stop();
      await ingest.close();
      await store.close();
      await db.destroy();
      await analytics.close();
    },
  };
}

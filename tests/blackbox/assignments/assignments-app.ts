import type { FastifyInstance } from 'fastify';
import type { ContextServices } from '../../../services/src/platform/context';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { assignmentsProjection } from '../../../services/src/contexts/assignments/read-model/projection';
import { assignmentsMigrations } from '../../../services/src/contexts/assignments/read-model/tables';
import { assignmentsRoutes } from '../../../services/src/contexts/assignments/routes';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { authoringRoutes } from '../../../services/src/contexts/authoring/routes';
import type { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import type { AccessTable } from '../../../services/src/platform/http/records/access';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import type { ReadModelDb } from '../../../services/src/platform/read-models/database';
import { testAccess, type RecordsApp } from '../records/records-app';
import { startProjectedStore, testServices } from '../support/projected-store';
import { routeAccessTable } from '../../support/access-tables';

/** The authoring and assignments routes over the given services, with the route access table enforced. */
async function assignmentsServer(services: ContextServices, access: AccessTable): Promise<FastifyInstance> {
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: services.authenticator, table: routeAccessTable },
    plugins: [
      (api) => authoringRoutes(api, services, access),
      (api) => assignmentsRoutes(api, services, { access }),
    ],
  });
  await app.ready();
  return app;
}

export interface AssignmentsApp {
  app: FastifyInstance;
  store: PostgresEventStore;
  db: ReadModelDb;
  url: string;
  services: ContextServices;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Authoring and assignments over a real PostgreSQL, projections running, with the record API's test
 * tokens (`teacher@school-a`, `student@school-a#2`: records-app.ts).
 */
export async function startAssignmentsApp(): Promise<AssignmentsApp> {
  const ground = await startProjectedStore('assignments', [authoringContext, assignmentsContext]);
  const services = testServices(ground);
  const app = await assignmentsServer(services, testAccess);
  return {
    app,
    store: ground.store,
    db: ground.db,
    url: ground.url,
    services,
    caughtUp: () => ground.caughtUp(),
    async close() {
      await app.close();
      await ground.stop();
    },
  };
}

/**
 * The assignments context beside a records app (records/access.int.test.ts): its tables in the records
 * app's database, its projection over the records app's store, and its routes on a server of their own.
 */
export async function attachAssignments(records: RecordsApp) {
  // Created directly: the records app's migrator already ran migrations numbered after this one.
  for (const migration of Object.values(assignmentsMigrations)) await migration.up(records.db as never);
  const runner = new ProjectionRunner({
    store: records.store,
    db: records.db,
    projections: [assignmentsProjection],
  });
  await runner.start();
  const app = await assignmentsServer(records.services, testAccess);
  return {
    app,
    async close() {
      await app.close();
      await runner.stop();
    },
  };
}

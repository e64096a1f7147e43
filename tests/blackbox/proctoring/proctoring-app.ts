import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ContextServices } from '../../../services/src/platform/context';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { assignmentsRoutes } from '../../../services/src/contexts/assignments/routes';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { proctoringContext } from '../../../services/src/contexts/proctoring';
import { proctoringRealtime } from '../../../services/src/contexts/proctoring/realtime';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { EmbeddedTelemetryIngest } from '../../../services/src/platform/ingest/embedded-telemetry-ingest';
import { MinioObjectStore } from '../../../services/src/platform/objects/minio-object-store';
import { startS3Server, type RunningS3Server } from '../../../services/src/platform/objects/s3-server';
import { createRealtime } from '../../../services/src/platform/realtime/plugin';
import type { AnalyticsStore } from '../../../services/src/platform/ports/analytics';
import type { TelemetryIngest } from '../../../services/src/platform/ports/telemetry-ingest';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createReadModelDb, type ReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../../support/databases';
import { testAccess, testAuthenticator } from '../records/records-app';
import { routeAccessTable } from '../../support/access-tables';

const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of the proctoring tests`);
      },
    },
  ) as T;

export interface ProctoringApp {
  app: FastifyInstance;
  /** The server on a loopback port, for the realtime socket. */
  url: string;
  store: PostgresEventStore;
  db: ReadModelDb;
  services: ContextServices;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Assignments (attempts come from there) and proctoring over real PostgreSQL, the embedded telemetry
 * ingest and s3rver, projections running, the route access table enforced, the realtime socket with
 * proctoring's channel rule and pushes, and the record API's test tokens (`student@school-a#2`: records-app.ts).
 */
export async function startProctoringApp(
  options: { ingest?: (store: PostgresEventStore) => TelemetryIngest; analytics?: AnalyticsStore } = {},
): Promise<ProctoringApp> {
  const url = await createTestDatabase('proctoring');
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db, {
    ...authoringContext.migrations,
    ...assignmentsContext.migrations,
    ...proctoringContext.migrations,
  });
  const projections = [
    ...authoringContext.projections,
    ...assignmentsContext.projections,
    ...proctoringContext.projections,
  ];
  const runner = new ProjectionRunner({ store, db, projections });
  await runner.start();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sabaq-proctoring-'));
  const s3: RunningS3Server = await startS3Server({
    dataDir,
    accessKey: 'sabaq-test',
    secretKey: 'sabaq-test-s',
  });
  const objects = new MinioObjectStore({
    kind: 's3rver',
    endpoint: s3.endpoint,
    port: s3.port,
    useSSL: false,
    accessKey: 'sabaq-test',
    secretKey: 'sabaq-test-s',
    bucket: 'proctoring',
  });
  await objects.ensureBucket();
  // Embedded unless a test wires the distributed path (Kafka and the persister).
  const ingest = options.ingest ? options.ingest(store) : new EmbeddedTelemetryIngest(store);
  const services: ContextServices = {
    store,
    db,
    registry: createRegistry(),
    ingest,
    objects,
    analytics: options.analytics ?? unused('analytics'),
    authenticator: testAuthenticator,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: false,
  };
  const realtime = createRealtime({
    authenticator: services.authenticator,
    store,
    contributions: [proctoringRealtime(services)],
    secret: randomBytes(32),
    projectedPushesFrom: url,
  });
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: services.authenticator, table: routeAccessTable },
    plugins: [
      (api) => assignmentsRoutes(api, services, { access: testAccess }),
      // The whole context's routes, the device agent's among them.
      (api) => proctoringContext.routes!(api, services),
      realtime.plugin,
    ],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    store,
    db,
    services,
    async caughtUp() {
      await waitForProjections(
        db,
        projections.map((p) => p.name),
        await store.headPosition(),
      );
    },
    async close() {
      await app.close();
      await runner.stop();
      await ingest.close();
      await store.close();
      await db.destroy();
      await s3.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

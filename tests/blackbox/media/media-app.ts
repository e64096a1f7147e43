import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { createRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { ContextServices } from '../../../services/src/platform/context';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { assignmentsRoutes } from '../../../services/src/contexts/assignments/routes';
import { mediaContext } from '../../../services/src/contexts/media';
import { mediaRealtime } from '../../../services/src/contexts/media/realtime';
import { mediaRoutes } from '../../../services/src/contexts/media/routes';
import { MediaSigner } from '../../../services/src/contexts/media/signing';
import { TranscoderWorker } from '../../../services/src/contexts/media/transcoder/worker';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { MinioObjectStore } from '../../../services/src/platform/objects/minio-object-store';
import { startS3Server } from '../../../services/src/platform/objects/s3-server';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createReadModelDb, type ReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createRealtime } from '../../../services/src/platform/realtime/plugin';
import { createTestDatabase } from '../../support/databases';
import { testAccess, testAuthenticator } from '../records/records-app';
import { routeAccessTable } from '../../support/access-tables';

const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of the media tests`);
      },
    },
  ) as T;

export interface MediaApp {
  url: string;
  app: FastifyInstance;
  store: PostgresEventStore;
  db: ReadModelDb;
  objects: MinioObjectStore;
  services: ContextServices;
  worker: TranscoderWorker;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The media and assignments contexts over a real PostgreSQL, s3rver on loopback and the realtime
 * channels, listening on a loopback port, with the record API's test tokens (`student@school-a#2`:
 * records-app.ts). The transcoder worker runs unless `worker: false`.
 */
export async function startMediaApp(
  options: {
    worker?: boolean;
    /** Read models of other contexts the test reads (the external camera's page reads the directory). */
    migrations?: Record<string, Migration>;
    signer?: MediaSigner;
  } = {},
): Promise<MediaApp> {
  const url = await createTestDatabase('media');
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  await migrateReadModels(db, {
    ...assignmentsContext.migrations,
    ...mediaContext.migrations,
    ...options.migrations,
  });
  const projections = [...assignmentsContext.projections, ...mediaContext.projections];
  const runner = new ProjectionRunner({ store, db, projections });
  await runner.start();
  const dataDir = await mkdtemp(path.resolve('.tmp/media-objects-'));
  const s3 = await startS3Server({ dataDir, accessKey: 'media-test', secretKey: 'media-test-secret' });
  const objects = new MinioObjectStore({
    endpoint: s3.endpoint,
    port: s3.port,
    useSSL: false,
    accessKey: 'media-test',
    secretKey: 'media-test-secret',
    bucket: 'media-test',
    kind: 's3rver',
  });
  await objects.ensureBucket();
  const services: ContextServices = {
    store,
    db,
    registry: createRegistry(),
    ingest: unused('ingest'),
    objects,
    analytics: unused('analytics'),
    authenticator: testAuthenticator,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: false,
  };
  const realtime = createRealtime({
    authenticator: testAuthenticator,
    store,
    contributions: [mediaRealtime(services)],
    secret: randomBytes(32),
  });
  const signer = options.signer ?? new MediaSigner(randomBytes(32), services.clock);
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: testAuthenticator, table: routeAccessTable },
    plugins: [
      (api) => assignmentsRoutes(api, services, { access: testAccess }),
      (api) => mediaRoutes(api, services, { access: testAccess, signer }),
      realtime.plugin,
    ],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const worker = new TranscoderWorker(services, { pollMs: 200, log: () => undefined });
  if (options.worker !== false) worker.start();
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    store,
    db,
    objects,
    services,
    worker,
    async caughtUp() {
      await waitForProjections(
        db,
        projections.map((p) => p.name),
        await store.headPosition(),
      );
    },
    async close() {
      await worker.stop();
      await app.close();
      await runner.stop();
      await store.close();
      await db.destroy();
      await s3.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

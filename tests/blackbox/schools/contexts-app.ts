import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { BoundedContext, ContextServices } from '../../../services/src/platform/context';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { MinioObjectStore } from '../../../services/src/platform/objects/minio-object-store';
import { startS3Server } from '../../../services/src/platform/objects/s3-server';
import type { ObjectStore } from '../../../services/src/platform/ports/objects';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createReadModelDb, type ReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../../support/databases';
import { testAuthenticator } from '../records/records-app';
import { routeAccessTable } from '../../support/access-tables';

const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of these tests`);
      },
    },
  ) as T;

export interface ContextsApp {
  app: FastifyInstance;
  store: PostgresEventStore;
  db: ReadModelDb;
  services: ContextServices;
  /** Resolves once every projection has applied everything appended so far. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The given bounded contexts as the platform assembles them (migrations, projections, routes with the
 * route access table enforced) over a real PostgreSQL and, when asked, a real s3rver; callers are the
 * record API's test tokens (`teacher@school-a`, records-app.ts).
 */
export async function startContextsApp(
  contexts: readonly BoundedContext[],
  options: {
    objects?: boolean;
    clock?: () => Date;
    /** Contexts whose tables and projections are needed (e.g. identity's directory), not their routes. */
    background?: readonly BoundedContext[];
  } = {},
): Promise<ContextsApp> {
  const url = await createTestDatabase('ctx');
  const store = new PostgresEventStore({ connectionString: url, registry: createRegistry() });
  await store.migrate();
  const db = createReadModelDb(url);
  const everything = [...(options.background ?? []), ...contexts];
  await migrateReadModels(db, Object.assign({}, ...everything.map((c) => c.migrations)));
  const projections = everything.flatMap((c) => c.projections);
  const runner = new ProjectionRunner({ store, db, projections });
  await runner.start();
  const stops: (() => Promise<void>)[] = [];
  let objects: ObjectStore = unused('objects');
  if (options.objects) {
    const dataDir = await mkdtemp(path.resolve('.tmp/ctx-s3-'));
    const server = await startS3Server({ dataDir, accessKey: 'ctx-test', secretKey: 'ctx-test-secret' });
    const minio = new MinioObjectStore({
      endpoint: server.endpoint,
      port: server.port,
      useSSL: false,
      accessKey: 'ctx-test',
      secretKey: 'ctx-test-secret',
      bucket: 'sabaq-test',
      region: 'us-east-1',
      kind: 's3rver',
    });
    await minio.ensureBucket();
    objects = minio;
    stops.push(async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
  }
  const services: ContextServices = {
    store,
    db,
    registry: createRegistry(),
    ingest: unused('ingest'),
    objects,
    analytics: unused('analytics'),
    authenticator: testAuthenticator,
    clock: options.clock ?? (() => new Date()),
    newId: () => randomUUID(),
    demo: false,
  };
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: services.authenticator, table: routeAccessTable },
    plugins: contexts.flatMap((c) => (c.routes ? [(api: FastifyInstance) => c.routes!(api, services)] : [])),
  });
  await app.ready();
  return {
    app,
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
      await store.close();
      await db.destroy();
      for (const stop of stops) await stop();
    },
  };
}

export type Body = Record<string, unknown> & {
  entity?: Record<string, unknown> & { id: string };
  entities?: unknown;
  errors?: Record<string, string[]>;
  message?: string;
  status_code?: number;
};

/**
 * `app.inject` as a bearer of the given test token (none for `null`), the answer's body read as `B` (by
 * default `Body`). `headers` are sent with every call, asked for each one so they may name what the
 * suite starts later (the `origin` a browser page sends).
 */
export function caller<B extends object = Body>(
  app: () => FastifyInstance,
  options: { headers?: () => Record<string, string> } = {},
) {
  return async (method: string, url: string, token: string | null, payload?: unknown) => {
    const response = await app().inject({
      method: method as 'GET',
      url,
      headers: { ...options.headers?.(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    let body: unknown;
    try {
      body = response.body ? response.json() : {};
    } catch {
      body = { raw: response.body };
    }
    return {
      status: response.statusCode,
      body: body as B,
      headers: response.headers,
      raw: response.rawPayload,
    };
  };
}

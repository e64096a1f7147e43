import { createRegistry, type EventRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { createAnalytics } from '../platform/analytics/create-analytics';
import type { AnalyticsEventsProjector } from '../platform/analytics/events-projector';
import { migrateAnalytics } from '../platform/analytics/migrations';
import type { PlatformConfig } from '../platform/config/config';
import { analyticsMigrationsOf, migrationsOf, type BoundedContext } from '../platform/context';
import { PostgresEventStore } from '../platform/event-store/postgres/postgres-event-store';
import { HealthChecks } from '../platform/http/health';
import { createLog } from '../platform/log/create-log';
import { createObjects } from '../platform/objects/create-objects';
import type { AnalyticsStore } from '../platform/ports/analytics';
import type { EventLog } from '../platform/ports/event-log';
import type { EventStore } from '../platform/ports/event-store';
import type { ObjectStore } from '../platform/ports/objects';
import type { TelemetryIngest } from '../platform/ports/telemetry-ingest';
import { startEmbeddedPostgres } from '../platform/postgres/embedded-postgres';
import type { ProjectionRunner } from '../platform/projections/projection-runner';
import { createReadModelDb, type ReadModelDb } from '../platform/read-models/database';
import { migrateReadModels } from '../platform/read-models/migrations';
import { startApiRole, startHealthOnly } from './api-role';
import type { Backends } from './backends';
import { startPersisterRole } from './persister-role';
import { startProjectorRole } from './projector-role';
import { startRelayRole } from './relay-role';
import { platformVersion } from '../platform/version';

export type Role = 'api' | 'projector' | 'relay' | 'persister';

export interface PlatformOptions {
  config: PlatformConfig;
  roles: readonly Role[];
  /** The bounded contexts to serve (services/src/contexts/index.ts for the product, fewer in tests). */
  contexts: readonly BoundedContext[];
  webDist?: string;
  /** Where start-up lines go (what started, where); the console by default. */
  announce?: (line: string) => void;
}

export interface RunningPlatform {
  config: PlatformConfig;
  registry: EventRegistry;
  store: EventStore;
  db: ReadModelDb;
  log: EventLog;
  ingest: TelemetryIngest;
  analytics: AnalyticsStore;
  objects: ObjectStore;
  analyticsProjector: AnalyticsEventsProjector | undefined;
  runner: ProjectionRunner | undefined;
  http: FastifyInstance | undefined;
  /** Base URL of the HTTP server when the api role runs. */
  url: string | undefined;
  health: HealthChecks;
  stop(): Promise<void>;
}

/**
 * Starts the back ends the configuration asks for (embedded ones under DATA_DIR), then the roles
 * (roles/). Every part is stopped in reverse order on stop(), so a Ctrl-C loses nothing acknowledged.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const { config } = options;
  const announce = options.announce ?? ((line: string) => console.log(line));
  const stops: (() => Promise<void>)[] = [];
  const onStop = (stop: () => Promise<void>) => void stops.push(stop);
  const stopAll = async () => {
    for (const stop of stops.reverse().splice(0)) {
      await stop().catch((error: unknown) => console.error('shutdown step failed', error));
    }
  };
  try {
    const b = await startBackends(config, options.contexts, announce, onStop);
    const roles = new Set(options.roles);
    if (roles.has('relay')) await startRelayRole(b);
    if (roles.has('persister')) await startPersisterRole(b);
    const projector = roles.has('projector') ? await startProjectorRole(b) : undefined;
    const api = roles.has('api') ? await startApiRole(b, options.webDist) : undefined;
    if (!api) await startHealthOnly(b);
    return {
      config,
      registry: b.registry,
      store: b.store,
      db: b.db,
      log: b.log.log,
      ingest: b.log.ingest,
      analytics: b.analytics,
      objects: b.objects,
      analyticsProjector: projector?.analyticsProjector,
      runner: projector?.runner,
      http: api?.http,
      url: api?.url,
      health: b.health,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The event store, read models, analytics, objects and log every role needs, each with its health probe. */
async function startBackends(
  config: PlatformConfig,
  contexts: readonly BoundedContext[],
  announce: (line: string) => void,
  onStop: (stop: () => Promise<void>) => void,
): Promise<Backends> {
  const registry = createRegistry();
  const embedded = config.databaseUrl === undefined;
  const health = new HealthChecks(embedded ? 'embedded' : 'distributed', platformVersion);

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres({ dataDir: config.dataDir });
    onStop(() => postgres.stop());
    await postgres.ensureDatabase('sabaq');
    databaseUrl = postgres.urlFor('sabaq');
    announce(`PostgreSQL (embedded) on 127.0.0.1:${postgres.port}, data in ${config.dataDir}/postgres`);
  }

  const store = await createEventStore(config, databaseUrl, registry);
  onStop(() => store.close());
  health.register('event_store', store.kind, () => store.ping());

  const db = createReadModelDb(databaseUrl);
  onStop(() => db.destroy());
  const applied = await migrateReadModels(db, migrationsOf(contexts));
  if (applied.length) announce(`read-model migrations applied: ${applied.join(', ')}`);
  health.register('read_models', 'postgres', async () => {
    await db.selectFrom('projection_checkpoints').select('name').limit(1).execute();
  });

  const analytics = createAnalytics(config);
  onStop(() => analytics.close());
  const analyticsApplied = await migrateAnalytics(analytics, analyticsMigrationsOf(contexts));
  if (analyticsApplied.length) announce(`analytics migrations applied: ${analyticsApplied.join(', ')}`);
  health.register('analytics', analytics.kind, () => analytics.ping());
  announce(
    config.analytics.kind === 'chdb'
      ? `ClickHouse (chdb, in-process), data in ${config.analytics.path}`
      : `ClickHouse server at ${config.analytics.url}`,
  );

  const objectParts = await createObjects(config);
  onStop(() => objectParts.stop());
  const objects = objectParts.objects;
  await objects.ensureBucket();
  health.register('objects', objects.kind, () => objects.ping());
  announce(`object storage (${objects.kind}) at ${objectParts.where}, bucket ${objects.bucket}`);

  const log = createLog(config, store, db, registry);
  onStop(() => log.close());
  health.register('log', config.log.kind, () => log.probe());

  return {
    config,
    contexts,
    registry,
    databaseUrl,
    embedded,
    store,
    db,
    analytics,
    objects,
    log,
    health,
    announce,
    onStop,
  };
}

async function createEventStore(
  config: PlatformConfig,
  databaseUrl: string,
  registry: EventRegistry,
): Promise<EventStore> {
  if (config.eventStore.kind === 'kurrentdb') {
    const { KurrentDbEventStore } = await import('../platform/event-store/kurrentdb/kurrentdb-event-store');
    return new KurrentDbEventStore({ connectionString: config.eventStore.url, registry });
  }
  const store = new PostgresEventStore({ connectionString: databaseUrl, registry });
  await store.migrate();
  return store;
}

import { createRegistry, type EventRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { allMigrations, allProjections, contexts, type ContextServices } from '../contexts';
import { nobodyAuthenticator } from './http/authenticate';
import type { PlatformConfig } from './config/config';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store';
import { HealthChecks } from './http/health';
import { buildServer } from './http/server';
import type { EventStore } from './ports/event-store';
import { startEmbeddedPostgres, type RunningPostgres } from './postgres/embedded-postgres';
import { ProjectionRunner } from './projections/projection-runner';
import { TelemetryPersister } from './ingest/telemetry-persister';
import { createAnalytics } from './analytics/create-analytics';
import { ANALYTICS_EVENTS, AnalyticsEventsProjector } from './analytics/events-projector';
import { migrateAnalytics } from './analytics/migrations';
import { createObjects } from './objects/create-objects';
import type { AnalyticsStore } from './ports/analytics';
import type { ObjectStore } from './ports/objects';
import { createLog, definedOnly } from './log/create-log';
import { leadership } from './read-models/leadership';
import { EventRelay } from './log/relay';
import type { EventLog } from './ports/event-log';
import type { TelemetryIngest } from './ports/telemetry-ingest';
import { createReadModelDb, type ReadModelDb } from './read-models/database';
import { migrateReadModels } from './read-models/migrations';
import { platformVersion } from './version';
import { createRealtime } from './realtime/plugin';
import { realtimeSecret } from './realtime/secret';

export type Role = 'api' | 'projector' | 'relay' | 'persister';

export interface PlatformOptions {
  config: PlatformConfig;
  roles: readonly Role[];
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
 * Starts the back ends the configuration asks for (embedded ones under DATA_DIR), then the roles.
 * Every later part is stopped in reverse order on stop(), so a Ctrl-C loses nothing acknowledged.
 */
export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const { config } = options;
  const announce = options.announce ?? ((line: string) => console.log(line));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse().splice(0)) {
      await stop().catch((error: unknown) => console.error('shutdown step failed', error));
    }
  };
  try {
    const registry = createRegistry();
    const embedded = config.databaseUrl === undefined;
    const health = new HealthChecks(embedded ? 'embedded' : 'distributed', platformVersion);

    let databaseUrl = config.databaseUrl;
    let postgres: RunningPostgres | undefined;
    if (!databaseUrl) {
      postgres = await startEmbeddedPostgres({ dataDir: config.dataDir });
      stops.push(() => postgres!.stop());
      await postgres.ensureDatabase('sabaq');
      databaseUrl = postgres.urlFor('sabaq');
      announce(`PostgreSQL (embedded) on 127.0.0.1:${postgres.port}, data in ${config.dataDir}/postgres`);
    }

    const store = await createEventStore(config, databaseUrl, registry);
    stops.push(() => store.close());
    health.register('event_store', store.kind, () => store.ping());

    const db = createReadModelDb(databaseUrl);
    stops.push(() => db.destroy());
    const applied = await migrateReadModels(db, allMigrations());
    if (applied.length) announce(`read-model migrations applied: ${applied.join(', ')}`);
    health.register('read_models', 'postgres', async () => {
      await db.selectFrom('projection_checkpoints').select('name').limit(1).execute();
    });

    const analytics = createAnalytics(config);
    stops.push(() => analytics.close());
    const analyticsApplied = await migrateAnalytics(analytics);
    if (analyticsApplied.length) announce(`analytics migrations applied: ${analyticsApplied.join(', ')}`);
    health.register('analytics', analytics.kind, () => analytics.ping());
    announce(
      config.analytics.kind === 'chdb'
        ? `ClickHouse (chdb, in-process), data in ${config.analytics.path}`
        : `ClickHouse server at ${config.analytics.url}`,
    );

    const objectParts = await createObjects(config);
    stops.push(() => objectParts.stop());
    const objects = objectParts.objects;
    await objects.ensureBucket();
    health.register('objects', objects.kind, () => objects.ping());
    announce(`object storage (${objects.kind}) at ${objectParts.where}, bucket ${objects.bucket}`);

    const logParts = createLog(config, store, db, registry);
    stops.push(() => logParts.close());
    health.register('log', config.log.kind, () => logParts.probe());

    if (options.roles.includes('relay')) {
      if (config.log.kind !== 'kafka') throw new Error('the relay role needs LOG=kafka');
      // Two relays would publish everything twice: replicas beyond the first stand by.
      const leader = leadership(databaseUrl, 'relay');
      stops.push(() => leader.release());
      announce('relay: waiting to lead (one relay publishes at a time)');
      await leader.acquired;
      leader.onLost(() => {
        console.error('relay: lost the leadership lock; stopping so that a standby takes over');
        process.kill(process.pid, 'SIGTERM');
      });
      const relay = new EventRelay({
        store,
        log: logParts.log,
        db,
        onError: (error) => console.warn('relay batch failed; retrying', error),
      });
      await relay.start();
      stops.push(() => relay.stop());
      announce('relay: the store global log → Kafka topics events.<context>');
    }
    if (options.roles.includes('persister')) {
      if (config.log.kind !== 'kafka') throw new Error('the persister role needs LOG=kafka');
      const persister = new TelemetryPersister({
        brokers: config.log.brokers,
        consumer: definedOnly(config.log.consumer),
        store,
        contexts: registry.contexts(),
      });
      await persister.start();
      stops.push(() => persister.stop());
      announce('persister: Kafka topics ingest.<context> → the store');
    }

    let runner: ProjectionRunner | undefined;
    let analyticsProjector: AnalyticsEventsProjector | undefined;
    if (options.roles.includes('projector')) {
      analyticsProjector = new AnalyticsEventsProjector({
        store,
        analytics,
        db,
        registry,
        onError: (error) => console.warn('analytics projection failed; retrying', error),
      });
      await analyticsProjector.start();
      stops.push(() => analyticsProjector!.stop());
      runner = new ProjectionRunner({
        store,
        db,
        projections: allProjections(),
        log: (message, fields) => console.warn(message, fields ?? ''),
      });
      await runner.start();
      stops.push(() => runner!.stop());
      const started = runner;
      const copier = analyticsProjector;
      health.registerProjections(async () => {
        const head = await store.headPosition();
        const states = await started.refreshStatuses(head);
        const analyticsPosition = copier.position();
        return [
          ...states.map((state) => ({
            name: state.name,
            version: state.version,
            position: state.position.toString(),
            head: head.toString(),
            lag: Number(head - state.position),
            status: state.status,
          })),
          {
            name: ANALYTICS_EVENTS.name,
            version: ANALYTICS_EVENTS.version,
            position: analyticsPosition.toString(),
            head: head.toString(),
            lag: Number(head - analyticsPosition),
            status: analyticsPosition >= head ? 'live' : 'catching_up',
          },
        ];
      });
      announce(
        `projections running: ${allProjections()
          .map((p) => `${p.name} v${p.version}`)
          .join(', ')}`,
      );
    }

    const contextServices = (): ContextServices => {
      const base = {
        store,
        db,
        registry,
        ingest: logParts.ingest,
        objects,
        analytics,
        clock: () => new Date(),
        newId: () => randomUUID(),
        demo: config.demo,
      };
      const provider = contexts.find((c) => c.authenticator)?.authenticator;
      return { ...base, authenticator: provider ? provider(base) : nobodyAuthenticator };
    };

    let http: FastifyInstance | undefined;
    let url: string | undefined;
    if (options.roles.includes('api')) {
      health.register('http', 'fastify', async () => undefined);
      const services = contextServices();
      for (const context of contexts) await context.seed?.(services);
      // Realtime channels: GET /ws and POST /broadcasting/auth, pushes read from the log (docs/realtime.md).
      const { secret, shared } = realtimeSecret(config.realtimeSecret);
      const realtime = createRealtime({
        authenticator: services.authenticator,
        store,
        contributions: contexts.flatMap((c) => (c.realtime ? [c.realtime(services)] : [])),
        secret,
      });
      if (!shared && !embedded)
        announce('realtime: REALTIME_SECRET unset; channel signatures hold on this instance only');
      http = await buildServer({
        health,
        logLevel: config.logLevel,
        webDist: options.webDist,
        plugins: [
          ...contexts.flatMap((c) => (c.routes ? [(app: FastifyInstance) => c.routes!(app, services)] : [])),
          realtime.plugin,
        ],
      });
      const address = await http.listen({ port: config.port, host: config.host });
      const bound = http.server.address();
      const port = typeof bound === 'object' && bound ? bound.port : config.port;
      url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
      stops.push(() => http!.close());
      announce(`HTTP on ${url} (health: ${url}/health)${address ? '' : ''}`);
    }

    if (!http) {
      // Roles without the API still answer /health on PORT, for container health checks.
      const healthOnly = await buildServer({ health, logLevel: config.logLevel });
      await healthOnly.listen({ port: config.port, host: config.host });
      stops.push(() => healthOnly.close());
      announce(`health on http://${config.host}:${config.port}/health`);
    }

    return {
      config,
      registry,
      store,
      db,
      log: logParts.log,
      ingest: logParts.ingest,
      analytics,
      objects,
      analyticsProjector,
      runner,
      http,
      url,
      health,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function createEventStore(
  config: PlatformConfig,
  databaseUrl: string,
  registry: EventRegistry,
): Promise<EventStore> {
  if (config.eventStore.kind === 'kurrentdb') {
    const { KurrentDbEventStore } = await import('./event-store/kurrentdb/kurrentdb-event-store');
    return new KurrentDbEventStore({ connectionString: config.eventStore.url, registry });
  }
  const store = new PostgresEventStore({ connectionString: databaseUrl, registry });
  await store.migrate();
  return store;
}

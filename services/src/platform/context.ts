import type { EventRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import { ANALYTICS_MIGRATIONS_DIR } from './analytics/migrations';
import type { Authenticator, Caller } from './http/caller';
import { mergeRecordAccess, type AccessTable } from './http/records/access';
import { mergeRouteAccess, platformRouteAccess, type RouteAccessTable } from './http/route-access';
import type { AnalyticsStore } from './ports/analytics';
import type { EventStore } from './ports/event-store';
import type { ObjectStore } from './ports/objects';
import type { TelemetryIngest } from './ports/telemetry-ingest';
import type { Projection } from './projections/projection';
import type { ReadModelDb } from './read-models/database';
import type { RealtimeContribution } from './realtime/contribution';

/** What a context's routes and workers may use; passed in, so tests can fix the clock and the ids. */
export interface ContextServices {
  store: EventStore;
  db: ReadModelDb;
  registry: EventRegistry;
  ingest: TelemetryIngest;
  objects: ObjectStore;
  analytics: AnalyticsStore;
  authenticator: Authenticator;
  clock: () => Date;
  newId: () => string;
  /** True when demo data should be created (DEMO=1, the default of `npm start`). */
  demo: boolean;
  /** With demo: the demo school's past exams too (DEMO_HISTORY); unset means on. */
  demoHistory?: boolean;
  /** Every context's answer to "may this caller read this library file because I show it to them". */
  mediaGrants?: readonly MediaGrant[];
}

/**
 * A context that shows a media library file to people other than its owner (a chat's attachment to the
 * chat's participants) says so here; the media library asks every grant besides its own rule, so it
 * need not know the other context's tables.
 */
export interface MediaGrant {
  mayRead(caller: Caller, mediaId: string): Promise<boolean>;
}

/**
 * What a bounded context contributes. The platform knows contexts only through this interface: the
 * roles (services/src/roles/) hand it the list, so nothing under platform/ imports a context.
 */
export interface BoundedContext {
  name: string;
  migrations: Record<string, Migration>;
  /**
   * A folder of the context's ClickHouse migrations (`NNNN_<what>.sql`, numbered after every folder's
   * last, see platform/analytics/migrations.ts), e.g. its views over the `events` table.
   */
  analyticsMigrations?: string;
  projections: Projection[];
  routes?: (app: FastifyInstance, services: ContextServices) => Promise<void>;
  /**
   * Who may call each of `routes` that is not a record collection's (`METHOD path` → rule), kept beside
   * the routes (contexts/<context>/access-rules.ts). A route without a row stops the server from starting.
   */
  routeAccess?: RouteAccessTable;
  /** Who may do what with the context's record collections (collection × action × group → rule). */
  recordAccess?: AccessTable;
  /** The identity context provides the authenticator every other context relies on. */
  authenticator?: (services: Omit<ContextServices, 'authenticator'>) => Authenticator;
  /** Runs once at start after migrations (e.g. demo data when services.demo is on); must be idempotent. */
  seed?: (services: ContextServices) => Promise<void>;
  /** Reading rights to media library files this context shows to others (see MediaGrant). */
  mediaGrant?: (services: Pick<ContextServices, 'db'>) => MediaGrant;
  /** Channel rules (who may listen where) and event → push mappers for the realtime channels. */
  realtime?: (services: ContextServices) => RealtimeContribution;
}

/** Every context's media grants, for ContextServices.mediaGrants. */
export function mediaGrantsOf(
  contexts: readonly BoundedContext[],
  services: Pick<ContextServices, 'db'>,
): MediaGrant[] {
  return contexts.flatMap((c) => (c.mediaGrant ? [c.mediaGrant(services)] : []));
}

/** Every context's read-model migrations, keyed by name (`NNNN_<context>_<what>`). */
export function migrationsOf(contexts: readonly BoundedContext[]): Record<string, Migration> {
  return Object.assign({}, ...contexts.map((c) => c.migrations)) as Record<string, Migration>;
}

export function projectionsOf(contexts: readonly BoundedContext[]): Projection[] {
  return contexts.flatMap((c) => c.projections);
}

/** The route access table the server enforces: the platform's own rows and every context's. */
export function routeAccessOf(contexts: readonly BoundedContext[]): RouteAccessTable {
  return mergeRouteAccess([platformRouteAccess, ...contexts.map((c) => c.routeAccess ?? {})]);
}

/** Every context's record access rows in one table (for the access matrix and cross-context checks). */
export function recordAccessOf(contexts: readonly BoundedContext[]): AccessTable {
  return mergeRecordAccess(contexts.map((c) => c.recordAccess ?? {}));
}

/** The platform's ClickHouse migration folder and every context's, applied in one numbered order. */
export function analyticsMigrationsOf(contexts: readonly BoundedContext[]): string[] {
  return [
    ANALYTICS_MIGRATIONS_DIR,
    ...contexts.flatMap((c) => (c.analyticsMigrations ? [c.analyticsMigrations] : [])),
  ];
}

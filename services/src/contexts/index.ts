import type { EventRegistry } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { Authenticator } from '../platform/http/caller';
import type { AnalyticsStore } from '../platform/ports/analytics';
import type { EventStore } from '../platform/ports/event-store';
import type { ObjectStore } from '../platform/ports/objects';
import type { TelemetryIngest } from '../platform/ports/telemetry-ingest';
import type { Projection } from '../platform/projections/projection';
import type { ReadModelDb } from '../platform/read-models/database';
import type { RealtimeContribution } from '../platform/realtime/contribution';
import { assignmentsContext } from './assignments';
import { authoringContext } from './authoring';
import { certificatesContext } from './certificates';
import { identityContext } from './identity';
import { mediaContext } from './media';
import { peopleContext } from './people';
import { proctoringContext } from './proctoring';
import { referenceContext } from './reference';
import { schoolsContext } from './schools';
import { tasksContext } from './tasks';
import { analysisContext } from './analysis';
import { analyticsContext } from './analytics';
import { classroomsContext } from './classrooms';
import { infrastructureContext } from './infrastructure';
import { notificationsContext } from './notifications';
import { webinarsContext } from './webinars';
import { antiplagiarismContext } from './antiplagiarism';

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
}

/** What a bounded context contributes; roles assemble these and nothing else. */
export interface BoundedContext {
  name: string;
  migrations: Record<string, Migration>;
  projections: Projection[];
  routes?: (app: FastifyInstance, services: ContextServices) => Promise<void>;
  /** The identity context provides the authenticator every other context relies on. */
  authenticator?: (services: Omit<ContextServices, 'authenticator'>) => Authenticator;
  /** Runs once at start after migrations (e.g. demo data when services.demo is on); must be idempotent. */
  seed?: (services: ContextServices) => Promise<void>;
  /** Channel rules (who may listen where) and event → push mappers for the realtime channels. */
  realtime?: (services: ContextServices) => RealtimeContribution;
}

export const contexts: BoundedContext[] = [
  identityContext,
  proctoringContext,
  referenceContext,
  peopleContext,
  authoringContext,
  assignmentsContext,
  mediaContext,
  schoolsContext,
  certificatesContext,
  tasksContext,
  analysisContext,
  analyticsContext,
  classroomsContext,
  infrastructureContext,
  notificationsContext,
  webinarsContext,
  antiplagiarismContext,
];

export function allMigrations(): Record<string, Migration> {
  return Object.assign({}, ...contexts.map((c) => c.migrations)) as Record<string, Migration>;
}

export function allProjections(): Projection[] {
  return contexts.flatMap((c) => c.projections);
}

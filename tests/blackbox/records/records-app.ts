import { randomUUID } from 'node:crypto';
import { createRegistry, recordEvents, streamId, type ContextContract } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ContextServices } from '../../../services/src/platform/context';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { authoringRoutes } from '../../../services/src/contexts/authoring/routes';
import { identityContext } from '../../../services/src/contexts/identity';
import { peopleContext } from '../../../services/src/contexts/people';
import { peopleRoutes } from '../../../services/src/contexts/people/routes';
import { referenceContext } from '../../../services/src/contexts/reference';
import { referenceRoutes } from '../../../services/src/contexts/reference/routes';
import { seedReference } from '../../../services/src/contexts/reference/seed';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { UnauthenticatedError } from '../../../services/src/platform/http/authenticate';
import {
  GROUPS,
  type Authenticator,
  type Caller,
  type Group,
} from '../../../services/src/platform/http/caller';
import { HealthChecks } from '../../../services/src/platform/http/health';
import type { AccessTable, CollectionAccess } from '../../../services/src/platform/http/records/access';
import { defineCollection } from '../../../services/src/platform/http/records/define';
import { registerCollections } from '../../../services/src/platform/http/records/routes';
import { buildServer } from '../../../services/src/platform/http/server';
import type { EventStore } from '../../../services/src/platform/ports/event-store';
import { ProjectionRunner } from '../../../services/src/platform/projections/projection-runner';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { createReadModelDb, type ReadModelDb } from '../../../services/src/platform/read-models/database';
import { migrateReadModels } from '../../../services/src/platform/read-models/migrations';
import { createTestDatabase } from '../../support/databases';
import { accessTable } from '../../support/access-tables';

/**
 * School notices: a school-scoped collection declared only for these tests, so that every access rule
 * (own-school, own) is exercised before the first real school-scoped context exists.
 */
const NoticeEvents = recordEvents(
  'Notice',
  z.object({ title: z.string().min(1).max(200), body: z.string().max(5000).nullable().default(null) }),
);
const noticeContract: ContextContract = {
  context: 'noticeboard',
  categories: ['notice'],
  events: [NoticeEvents.created, NoticeEvents.updated, NoticeEvents.deleted],
};
export const notices = defineCollection({
  context: 'noticeboard',
  name: 'notices',
  category: 'notice',
  schema: NoticeEvents.created.schema.omit({ id: true }),
  events: { created: 'NoticeCreated', updated: 'NoticeUpdated', deleted: 'NoticeDeleted' },
  columns: { title: 'text', body: 'text' },
  filters: { title: 'string' },
  sortable: ['id', 'title'],
  schoolScoped: true,
  paging: { defaultLimit: 10, maxLimit: 100 },
  toEntity: (row) => ({
    id: row.id,
    school_id: row.school_id,
    owner_id: row.owner_id,
    title: row.title,
    body: row.body,
  }),
});

const by = (rules: Record<Group, CollectionAccess['list'][Group]>) => rules;
const noticeAccess: CollectionAccess = {
  list: by({
    admin: 'all',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own-school',
    proctor: 'none',
    analyst: 'own-school',
  }),
  get: by({
    admin: 'all',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'own-school',
    proctor: 'none',
    analyst: 'own-school',
  }),
  create: by({
    admin: 'all',
    manager: 'own-school',
    teacher: 'own-school',
    student: 'none',
    proctor: 'none',
    analyst: 'none',
  }),
  update: by({
    admin: 'all',
    manager: 'own-school',
    teacher: 'own',
    student: 'none',
    proctor: 'none',
    analyst: 'none',
  }),
  delete: by({
    admin: 'all',
    manager: 'own-school',
    teacher: 'own',
    student: 'none',
    proctor: 'none',
    analyst: 'none',
  }),
};
export const testAccess: AccessTable = { ...accessTable, notices: noticeAccess };

/** Tokens are `<group>@<school>` or `<group>@<school>#<n>` (another user of the same group and school). */
export function tokenFor(group: Group, school: string, n = 1): string {
  return n === 1 ? `${group}@${school}` : `${group}@${school}#${n}`;
}
export function callerFor(group: Group, school: string, n = 1): Caller {
  return { userId: `${group}-${school}-${n}`, schoolId: school, group, pendingChallenges: [] };
}
export const testAuthenticator: Authenticator = {
  async verifyAccessToken(token) {
    const match = /^([a-z]+)@([a-z0-9-]+)(?:#(\d+))?$/.exec(token);
    const group = match?.[1] as Group | undefined;
    if (!match || !group || !GROUPS.includes(group)) throw new UnauthenticatedError();
    return callerFor(group, match[2]!, match[3] ? Number(match[3]) : 1);
  },
  async verifyWsToken(token) {
    return this.verifyAccessToken(token);
  },
};

const unused = <T>(name: string): T =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`${name} is not part of the record API tests`);
      },
    },
  ) as T;

export interface RecordsApp {
  app: FastifyInstance;
  store: EventStore;
  db: ReadModelDb;
  services: ContextServices;
  /** Appends a record straight to the store as `caller`, bypassing the API's rules (test set-up). */
  plant(
    collection: { category: string; events: { created: string } },
    data: object,
    caller: Caller,
  ): Promise<string>;
  /** Registers a user of `group` in the caller's school straight in the store (test set-up). */
  plantPerson(group: Group, caller: Caller): Promise<string>;
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** The reference context and the notices collection over real PostgreSQL, projections running. */
export async function startRecordsApp(
  options: { wrapStore?: (store: EventStore) => EventStore } = {},
): Promise<RecordsApp> {
  const url = await createTestDatabase('records');
  const realStore = new PostgresEventStore({
    connectionString: url,
    registry: createRegistry([noticeContract]),
  });
  await realStore.migrate();
  const store = options.wrapStore ? options.wrapStore(realStore) : realStore;
  const db = createReadModelDb(url);
  // People are registered and deactivated through identity, whose sessions read model they rely on.
  await migrateReadModels(db, {
    ...identityContext.migrations,
    ...referenceContext.migrations,
    ...peopleContext.migrations,
    ...authoringContext.migrations,
    '9900_noticeboard_notices': notices.migration,
  });
  const projections = [
    ...identityContext.projections,
    ...referenceContext.projections,
    ...peopleContext.projections,
    ...authoringContext.projections,
    notices.projection,
  ];
  const runner = new ProjectionRunner({ store: realStore, db, projections });
  await runner.start();
  const services: ContextServices = {
    store,
    db,
    registry: createRegistry([noticeContract]),
    ingest: unused('ingest'),
    objects: unused('objects'),
    analytics: unused('analytics'),
    authenticator: testAuthenticator,
    clock: () => new Date(),
    newId: () => randomUUID(),
    demo: false,
  };
  const caughtUp = async () =>
    waitForProjections(
      db,
      projections.map((p) => p.name),
      await realStore.headPosition(),
    );
  await seedReference(services);
  await caughtUp();
  const app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    plugins: [
      (api) => referenceRoutes(api, services, testAccess),
      (api) => registerCollections(api, services, [notices.collection], testAccess),
      (api) => peopleRoutes(api, services, testAccess),
      (api) => authoringRoutes(api, services, testAccess),
    ],
  });
  await app.ready();
  return {
    app,
    store: realStore,
    db,
    services,
    async plant(collection, data, caller) {
      const id = randomUUID();
      await realStore.append(
        streamId(collection.category, id),
        [
          {
            id: randomUUID(),
            type: collection.events.created,
            data: { ...data, id },
            metadata: { userId: caller.userId, ...(caller.schoolId ? { schoolId: caller.schoolId } : {}) },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
      return id;
    },
    async plantPerson(group, caller) {
      const userId = randomUUID();
      await realStore.append(
        `user-${userId}`,
        [
          {
            id: randomUUID(),
            type: 'UserRegistered',
            data: {
              userId,
              username: `person-${userId}`,
              group,
              schoolIds: [caller.schoolId ?? 'no-school'],
              firstname: 'Имя',
              lastname: 'Фамилия',
              passwordHash: 'not-a-usable-hash',
              registeredAt: new Date().toISOString(),
            },
            metadata: { userId },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
      return userId;
    },
    caughtUp,
    async close() {
      await app.close();
      await runner.stop();
      await realStore.close();
      await db.destroy();
    },
  };
}

import { inviteCodeSchema } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCodes } from '../../../services/src/contexts/identity/invites/collection';
import { createInviteCode } from '../../../services/src/contexts/identity/invites/commands';
import { peopleCollections } from '../../../services/src/contexts/people/collections';
import { referenceCollections } from '../../../services/src/contexts/reference/collections';
import { GROUPS, type Group } from '../../../services/src/platform/http/caller';
import { ACTIONS, ruleFor, type Action, type Rule } from '../../../services/src/platform/http/records/access';
import type { CollectionDefinition } from '../../../services/src/platform/http/records/collection';
import { registerCollections } from '../../../services/src/platform/http/records/routes';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import {
  authoringAccessCollections,
  authoringSamples,
  plantAuthoringParents,
} from '../authoring/access-samples';
import {
  assignmentsAccessCollections,
  assignmentsSamples,
  isAssignmentsCollection,
  plantAssignmentsParents,
  plantAssignmentsRecord,
} from '../assignments/access-samples';
import { attachAssignments } from '../assignments/assignments-app';
import { callerFor, notices, startRecordsApp, testAccess, tokenFor, type RecordsApp } from './records-app';

/** Every collection the access table governs, by the context that registers it. */
export const ACCESS_COLLECTIONS = {
  records: [...referenceCollections.map((c) => c.collection), notices.collection, inviteCodes],
  people: peopleCollections,
  authoring: authoringAccessCollections,
  assignments: assignmentsAccessCollections,
} satisfies Record<string, CollectionDefinition[]>;

let counter = 0;
// A sample may depend on who sends it (authoring parents are the caller's own).
const samples: Record<
  string,
  (group: Group, perspective: Perspective) => { create: object; update: object }
> = {
  regions: () => ({ create: { name: `Регион ${++counter}` }, update: { description: 'Изменено' } }),
  cities: () => ({ create: { slug: `city-${++counter}`, name: 'Город' }, update: { name: 'Другой город' } }),
  countries: () => ({ create: { name: `Страна ${++counter}` }, update: { name: 'Другая страна' } }),
  counties: () => ({ create: { name: `Округ ${++counter}` }, update: { name: 'Другой округ' } }),
  timezones: () => ({ create: { region: 'Asia/Oral', utc: '+05:00' }, update: { utc: '+04:00' } }),
  languages: () => ({
    create: { status: 1, code: 'de', iso: 'de', name: 'Deutsch', is_default: 0, weight: 9 },
    update: { weight: 10 },
  }),
  notices: () => ({ create: { title: `Объявление ${++counter}` }, update: { title: 'Изменено' } }),
  'invite-codes': () => ({ create: { name: `Приглашение ${++counter}` }, update: { is_revoked: true } }),
  ...Object.fromEntries(
    peopleCollections.map((c) => [
      c.name,
      () => ({
        create: {
          username: `person.${++counter}`,
          password: 'Secret123',
          firstname: 'Имя',
          lastname: 'Фамилия',
        },
        update: { firstname: 'Другое имя' },
      }),
    ]),
  ),
  ...authoringSamples,
  ...assignmentsSamples,
};
/** People are registered by identity, not created by a record event: each view plants its own group. */
const personGroup: Record<string, Group> = {
  users: 'analyst',
  students: 'student',
  teachers: 'teacher',
  proctors: 'proctor',
};

const PERSPECTIVES = ['owner', 'colleague', 'other-school'] as const;
type Perspective = (typeof PERSPECTIVES)[number];
const tokenOf = (group: Group, perspective: Perspective) =>
  perspective === 'owner'
    ? tokenFor(group, 'school-a', 1)
    : perspective === 'colleague'
      ? tokenFor(group, 'school-a', 2)
      : tokenFor(group, 'school-b', 1);

function visible(rule: Rule, perspective: Perspective): boolean {
  if (rule === 'all') return true;
  if (rule === 'own-school') return perspective !== 'other-school';
  if (rule === 'own') return perspective === 'owner';
  return false;
}

const expectedStatus: Record<Action, (seen: boolean) => number> = {
  list: () => 200,
  get: (seen) => (seen ? 200 : 404),
  create: () => 201,
  update: (seen) => (seen ? 200 : 404),
  delete: (seen) => (seen ? 204 : 404),
};

let records: RecordsApp;
/** Identity's invite codes over the records app's store, read models and test tokens. */
let invites: FastifyInstance;
/** The assignments context's routes and projection over the records app's store and read models. */
let assignments: Awaited<ReturnType<typeof attachAssignments>>;
async function start(): Promise<void> {
  records = await startRecordsApp();
  invites = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    plugins: [(api) => registerCollections(api, records.services, [inviteCodes], testAccess)],
  });
  await invites.ready();
  await plantAuthoringParents(records);
  assignments = await attachAssignments(records);
  await plantAssignmentsParents(records);
}
async function stop(): Promise<void> {
  await assignments?.close();
  await invites?.close();
  await records?.close();
}

/**
 * The access matrix, generated from the access table: every collection × action × group, each tried by
 * the record's owner, by a colleague in the same school and by a caller of another school. The table says
 * what must happen; nothing here is written per case. Each test file calls it for some of the
 * collections, so the matrix is spread over the workers instead of holding one for minutes.
 */
export function accessMatrix(collections: CollectionDefinition[]): void {
  beforeAll(start);
  afterAll(stop);
  for (const collection of collections) {
    describe(`/api/${collection.name}`, () => {
      for (const action of ACTIONS) {
        for (const group of GROUPS) {
          const rule = ruleFor(testAccess, collection.name, action, group);
          it(`${action} as ${group}: ${rule}`, async () => {
            const owner = callerFor(group, 'school-a', 1);
            const targets = new Map<Perspective, string>();
            // A refused call is refused before any record is looked up, and a create names none: these
            // go to ids that do not exist, and nothing is planted or waited for.
            const needsRecords = rule !== 'none' && action !== 'create';
            for (const perspective of PERSPECTIVES) {
              if (!needsRecords) {
                targets.set(perspective, randomUUID());
                continue;
              }
              const group = personGroup[collection.name];
              if (group) {
                targets.set(perspective, await records.plantPerson(group, owner));
                continue;
              }
              if (isAssignmentsCollection(collection.name)) {
                // Planted through the context's commands, as the people the record belongs to.
                targets.set(perspective, await plantAssignmentsRecord(records, collection.name));
                continue;
              }
              const data = collection.create.parse(samples[collection.name]!(owner.group, 'owner').create);
              if (collection === inviteCodes) {
                // An invite's code is reserved by its create command: planted through it, as the owner.
                const id = randomUUID();
                await createInviteCode(records.services, owner, id, inviteCodeSchema.parse(data));
                targets.set(perspective, id);
                continue;
              }
              targets.set(perspective, await records.plant(collection, data, owner));
            }
            if (needsRecords) await records.caughtUp();
            for (const perspective of PERSPECTIVES) {
              const id = targets.get(perspective)!;
              const sample = samples[collection.name]!(group, perspective);
              const base = `/api/${collection.name}`;
              const request = {
                list: { method: 'GET', url: `${base}?ids[]=${id}` },
                get: { method: 'GET', url: `${base}/${id}` },
                create: { method: 'POST', url: base, payload: sample.create },
                update: { method: 'PUT', url: `${base}/${id}`, payload: sample.update },
                delete: { method: 'DELETE', url: `${base}/${id}` },
              }[action] as { method: 'GET'; url: string; payload?: object };
              const app =
                collection === inviteCodes
                  ? invites
                  : isAssignmentsCollection(collection.name)
                    ? assignments.app
                    : records.app;
              const response = await app.inject({
                ...request,
                headers: { authorization: `Bearer ${tokenOf(group, perspective)}` },
              });
              const seen = visible(rule, perspective);
              const where = `${perspective}: ${response.body}`;
              if (rule === 'none') {
                expect(response.statusCode, where).toBe(403);
                expect(response.json()).toMatchObject({ status_code: 403, errors: {} });
                continue;
              }
              expect(response.statusCode, where).toBe(expectedStatus[action](seen));
              if (action === 'list') {
                expect(
                  response.json().entities.map((e: { id: string }) => e.id),
                  where,
                ).toEqual(seen ? [id] : []);
              }
              if (action === 'create' && collection.schoolScoped) {
                // The school always comes from the caller, never from the body.
                const school = perspective === 'other-school' ? 'school-b' : 'school-a';
                const entity = response.json().entity;
                // People carry their school on the user, beside the student's or teacher's own fields.
                expect(entity.school_id ?? entity.user?.school_id).toBe(school);
              }
            }
          });
        }
      }
    });
  }
}

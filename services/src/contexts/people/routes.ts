import { entityAnswer, ownPersonRecord } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import { authenticate } from '../../platform/http/authenticate';
import type { AccessTable } from '../../platform/http/records/access';
import { registerCollections } from '../../platform/http/records/routes';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { userStream } from '../identity/user-decider';
import { peopleCollections, studentEntity, teacherEntity } from './collections';
import { PEOPLE_PROJECTION } from './directory/projection';
import { withTables } from '../../platform/read-models/database';
import { PEOPLE_TABLE, type PeopleTables, type PersonRow } from './directory/table';
import { personStream } from './person-decider';
import { peopleRecordAccess } from './access-rules';

export async function peopleRoutes(
  app: FastifyInstance,
  services: ContextServices,
  access: AccessTable = peopleRecordAccess,
): Promise<void> {
  await registerCollections(app, services, peopleCollections, access);
  const signedIn = { onRequest: authenticate(services.authenticator) };
  // The caller's own record: the student's profile and settings, 404 for anyone who is not a student.
  app.get(
    '/api/student.json',
    { ...signedIn, schema: { tags: ['students'], response: { 200: entityAnswer(ownPersonRecord) } } },
    async (request) => {
      const row = await ownRow(services, request.caller!.userId, 'student');
      return { entity: studentEntity(row) };
    },
  );
  app.get(
    '/api/teacher.json',
    { ...signedIn, schema: { tags: ['teachers'], response: { 200: entityAnswer(ownPersonRecord) } } },
    async (request) => {
      const row = await ownRow(services, request.caller!.userId, 'teacher');
      return { entity: teacherEntity(row) };
    },
  );
}

async function ownRow(services: ContextServices, userId: string, group: string): Promise<PersonRow> {
  const read = () =>
    withTables<PeopleTables>(services.db)
      .selectFrom(PEOPLE_TABLE)
      .selectAll()
      .where('id', '=', userId)
      .where('deleted', '=', false)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    // Signed in right after being registered: the directory may not show the user yet.
    const position = await lastPositionOf(services, userId);
    if (position !== undefined) {
      await waitForProjections(services.db, [PEOPLE_PROJECTION], position);
      row = await read();
    }
  }
  if (!row || row.group !== group) throw new NotFoundError('Запись не найдена');
  return row;
}

async function lastPositionOf(services: ContextServices, userId: string): Promise<bigint | undefined> {
  const [user, person] = await Promise.all([
    services.store.readStream(userStream(userId)),
    services.store.readStream(personStream(userId)),
  ]);
  const positions = [user.at(-1)?.globalPosition, person.at(-1)?.globalPosition].filter(
    (p): p is bigint => p !== undefined,
  );
  return positions.length ? positions.reduce((a, b) => (a > b ? a : b)) : undefined;
}

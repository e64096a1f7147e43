import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContextServices } from '../../platform/context';
import type { AccessTable } from '../../platform/http/records/access';
import { registerCollections } from '../../platform/http/records/routes';
import { withTables } from '../../platform/read-models/database';
import { classroomCollections } from './collections';
import { personEntity, withParts } from './nested';
import type { ClassroomsTables } from './tables';
import { classroomsRecordAccess } from './access-rules';

type Entity = Record<string, unknown>;
type Answer = { entity?: Entity; entities?: Entity[] | { data: Entity[] } };

/**
 * The record API of the six collections. A classroom's answer is completed after the record route built
 * it (its parts live in other read models); a person's answer gains is_access_expired and the user.
 * Done in onSend, so the record route's cache keeps the flat answer and the parts are read fresh.
 */
export async function classroomRoutes(
  app: FastifyInstance,
  services: ContextServices,
  access: AccessTable = classroomsRecordAccess,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode >= 300 || typeof payload !== 'string' || request.headers['x-requested-fields']) {
        return payload;
      }
      const path = request.url.split('?')[0] ?? '';
      const room = /^\/api\/classrooms(\/|$)/.test(path);
      const person = /^\/api\/classroom-persons(\/|$)/.test(path);
      if (!room && !person) return payload;
      const answer = JSON.parse(payload) as Answer;
      const complete = async (entities: Entity[]) =>
        room ? withParts(services, entities, services.clock()) : withUsers(services, entities);
      if (answer.entity) answer.entity = (await complete([answer.entity]))[0];
      else if (Array.isArray(answer.entities)) answer.entities = await complete(answer.entities);
      else if (answer.entities) answer.entities.data = await complete(answer.entities.data);
      return JSON.stringify(answer);
    });
    await registerCollections(
      scope,
      services,
      classroomCollections.map((c) => c.collection),
      access,
    );
  });
}

async function withUsers(services: ContextServices, persons: Entity[]): Promise<Entity[]> {
  const ids = [...new Set(persons.map((p) => String(p.user_id)))];
  const users = ids.length
    ? await withTables<ClassroomsTables>(services.db)
        .selectFrom('people_directory')
        .select(['id', 'firstname', 'lastname', 'patronymic', 'group', 'photo'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const now = services.clock();
  return persons.map((p) =>
    personEntity(
      p,
      users.find((u) => u.id === p.user_id),
      now,
    ),
  );
}

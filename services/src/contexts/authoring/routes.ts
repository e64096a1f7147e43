import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { AccessTable } from '../../platform/http/records/access';
import { registerCollections } from '../../platform/http/records/routes';
import { withTables } from '../../platform/read-models/database';
import { courseCollections, lessonCollections } from './collections';
import { TABLES, type AuthoringTables } from './read-model/tables';
import { courseVisibilityAnswer, courseVisibilityRule } from './visibility';
import { authoringRecordAccess } from './access-rules';

/**
 * The draft rule, which the access table (per collection and group, not per record) cannot say: a
 * course in draft, with its groups and materials, is seen by its author only, whatever their group;
 * once published it is seen as the access table says. The read model keeps each row's audience
 * ('school', or the author's id while a draft); lists are narrowed to it and a single record outside it
 * is 404, as if absent.
 */
function draftRule(services: ContextServices, tables: Map<string, string>) {
  return async (request: FastifyRequest) => {
    const caller = request.caller;
    const url = request.routeOptions.url ?? '';
    const table = tables.get(url.replace(/\/:id$/, ''));
    if (!caller || !table || !isCourseTable(table)) return;
    const audience = ['school', caller.userId];
    if (url.endsWith('/:id')) {
      const { id } = request.params as { id: string };
      const row = await withTables<AuthoringTables>(services.db)
        .selectFrom(table)
        .select('audience')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row && !audience.includes(row.audience)) throw new NotFoundError('Запись не найдена');
    } else if (request.method === 'GET') {
      const query = request.query as { filter?: Record<string, unknown> };
      query.filter = { ...query.filter, audience };
    }
  };
}

const COURSE_TABLES: readonly string[] = [TABLES.courses, TABLES.courseGroups, TABLES.courseMaterials];
/** The course collections' tables, the ones that keep an audience. */
function isCourseTable(
  table: string,
): table is typeof TABLES.courses | typeof TABLES.courseGroups | typeof TABLES.courseMaterials {
  return COURSE_TABLES.includes(table);
}

export async function authoringRoutes(
  app: FastifyInstance,
  services: ContextServices,
  access: AccessTable = authoringRecordAccess,
): Promise<void> {
  await registerCollections(app, services, lessonCollections, access);
  // Its own scope, so the draft and visibility rules' hooks run on the course routes only.
  await app.register(async (scope) => {
    const tables = new Map(courseCollections.map((c) => [`/api/${c.name}`, c.table]));
    scope.addHook('preHandler', draftRule(services, tables));
    // Then what a student reads of the published courses (visibility.ts).
    scope.addHook('preHandler', courseVisibilityRule(services));
    scope.addHook('onSend', courseVisibilityAnswer());
    await registerCollections(scope, services, courseCollections, access);
  });
}

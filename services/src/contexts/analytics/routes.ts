import { analyticsDashboardAnswer, analyticsQueryAnswer, entityAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { AccessTable } from '../../platform/http/records/access';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { runConsoleQuery } from './console/run-query';
import { MAX_SQL_LENGTH } from './console/static-check';
import { analyticsDashboard } from './dashboard/dashboard';
import { analyticsQueries } from './queries/collection';
import { callerOf } from '../../platform/http/authenticate';
import { analyticsRecordAccess } from './access-rules';

const paramName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Имя параметра: латиница, цифры, _')
  .refine((name) => !name.startsWith('sabaq_'), 'Имена sabaq_* заняты сервером');

export const queryBody = z.strictObject({
  sql: z.string().min(1, 'Введите запрос').max(MAX_SQL_LENGTH),
  params: z
    .record(paramName, z.union([z.string().max(10_000), z.number().finite()]))
    .refine((params) => Object.keys(params).length <= 100, 'Не больше 100 параметров')
    .optional(),
});

const dashboardQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  assignment_id: recordId.optional(),
});

/**
 * The analysts' calls; who may call is in the route access table (analysts, admins and managers), and
 * each answers about the caller's school only.
 * - POST /api/analytics/query: the SQL console (console/run-query.ts);
 * - GET /api/analytics/dashboard?from=&to=&assignment_id=: the prepared figures (dashboard/);
 * - /api/analytics-queries: saved queries, the record API (queries/collection.ts).
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  services: ContextServices,
  access: AccessTable = analyticsRecordAccess,
): Promise<void> {
  await registerCollections(app, services, [analyticsQueries.collection], access);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analytics'];

  api.post(
    '/api/analytics/query',
    { schema: { tags, body: queryBody, response: { 200: entityAnswer(analyticsQueryAnswer) } } },
    async (request) => {
      const caller = callerOf(request);
      if (caller.schoolId === null) throw new NotFoundError('Школа не выбрана');
      return { entity: await runConsoleQuery(services.analytics, caller.schoolId, request.body) };
    },
  );

  api.get(
    '/api/analytics/dashboard',
    {
      schema: {
        tags,
        querystring: dashboardQuery,
        response: { 200: entityAnswer(analyticsDashboardAnswer) },
      },
    },
    async (request) => ({
      entity: await analyticsDashboard(services, callerOf(request), request.query),
    }),
  );
}

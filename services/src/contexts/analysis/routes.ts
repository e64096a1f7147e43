import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../platform/context';
import { NotFoundError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { aiReportsCollection, reportEntity } from './collection';
import { analysisStream, derive, reportId } from './ids';
import type { ReportInterval } from './report';
import { TABLES } from './tables';
import { analysisRecordAccess } from './access-rules';

/** A report of the caller's school, or 404 (another school's report does not exist for them). */
async function reportOf(services: ContextServices, caller: Caller, id: string) {
  const row = await services.db
    .selectFrom(TABLES.reports)
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row || caller.schoolId === null || row.school_id !== caller.schoolId) {
    throw new NotFoundError(`No ai-reports record ${id}`);
  }
  return row;
}

/**
 * The AI reports: read through the generic record calls (`/api/ai-reports`), their thumbnails through an
 * authorised proxy (the object store is never reachable from the browser), and a re-run that analyses
 * the recording again as a new report version.
 */
export async function analysisRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  await registerCollections(app, services, [aiReportsCollection], analysisRecordAccess);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/ai-reports/:id/thumbs/:file',
    { schema: { params: z.object({ id: recordId, file: z.string().max(64) }) } },
    async (request, reply) => {
      const row = await reportOf(services, request.caller!, request.params.id);
      // The school is checked first: another school learns nothing, not even what a file name looks like.
      const file = /^(\d{1,5})\.jpg$/.exec(request.params.file);
      const key = file ? ((row.intervals ?? []) as ReportInterval[])[Number(file[1])]?.thumb_key : undefined;
      if (!key) throw new NotFoundError('No such thumbnail');
      return reply
        .header('cache-control', 'private, max-age=3600')
        .type('image/jpeg')
        .send(await services.objects.get(key));
    },
  );

  api.post(
    '/api/ai-reports/:id/rerun',
    {
      schema: {
        params: z.object({ id: recordId }),
        // Not strict: the school is checked before anything about the body is said.
        body: z.object({ reason: z.string().max(500).optional() }).optional(),
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const row = await reportOf(services, caller, request.params.id);
      const session = await services.db
        .selectFrom(TABLES.sessions)
        .select(['last_run'])
        .where('id', '=', String(row.session_id))
        .executeTakeFirstOrThrow();
      const run = Number(session.last_run) + 1;
      const sessionId = String(row.session_id);
      const result = await services.store.append(
        analysisStream(sessionId),
        [
          {
            // One re-run per next number: two teachers asking at once ask for the same run.
            id: derive('analysis-rerun', sessionId, run),
            type: 'AiAnalysisRequested',
            data: {
              session_id: sessionId,
              run,
              requested_by: caller.userId,
              reason: request.body?.reason ?? null,
            },
            metadata: {
              occurredAt: services.clock().toISOString(),
              ...(row.school_id ? { schoolId: row.school_id } : {}),
              userId: caller.userId,
            },
          },
        ],
        { expectedVersion: 'any' },
      );
      await waitForProjections(services.db, ['analysis'], result.lastGlobalPosition);
      const created = await reportOf(services, caller, reportId(sessionId, run));
      return reply.status(202).send({ entity: reportEntity(created) });
    },
  );
}

import { aiReportObject, entitiesAnswer, entityAnswer, fileAnswer } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTables } from '../../platform/read-models/database';
import type { ContextServices } from '../../platform/context';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { Caller } from '../../platform/http/caller';
import { recordId } from '../../platform/http/records/list-query';
import { registerCollections } from '../../platform/http/records/routes';
import { waitForProjections } from '../../platform/projections/wait-for-projection';
import { aiReportsCollection, reportEntity } from './collection';
import { assignmentsFacts, attemptFacts, watches } from '../proctoring/assignments-lookup';
import { reportId } from './ids';
import { requestAnalysis } from './request-analysis';
import { ANALYSED_SESSION_TYPES } from './scheduling';
import { TABLES, type AnalysisTables } from './tables';
import { analysisRecordAccess } from './access-rules';

/** A report of the caller's school, or 404 (another school's report does not exist for them). */
async function reportOf(services: ContextServices, caller: Caller, id: string) {
  const row = await withTables<AnalysisTables>(services.db)
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
 * authorised proxy (the object store is never reachable from the browser), and the requests that
 * analyse an attempt's recordings (again), each run a new report version; earlier versions are kept.
 */
export async function analysisRoutes(app: FastifyInstance, services: ContextServices): Promise<void> {
  await registerCollections(app, services, [aiReportsCollection], analysisRecordAccess);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/ai-reports/:id/thumbs/:file',
    {
      schema: {
        params: z.object({ id: recordId, file: z.string().max(64) }),
        response: { 200: fileAnswer(['image/jpeg'], "A thumbnail of one of the report's intervals") },
      },
    },
    async (request, reply) => {
      const row = await reportOf(services, request.caller!, request.params.id);
      // The school is checked first: another school learns nothing, not even what a file name looks like.
      const file = /^(\d{1,5})\.jpg$/.exec(request.params.file);
      const key = file ? row.intervals[Number(file[1])]?.thumb_key : undefined;
      if (!key) throw new NotFoundError('No such thumbnail');
      return reply
        .header('cache-control', 'private, max-age=3600')
        .type('image/jpeg')
        .send(await services.objects.get(key));
    },
  );

  // Another run of one report's recording (the next version), for the assignment's watchers.
  api.post(
    '/api/ai-reports/:id/rerun',
    {
      schema: {
        params: z.object({ id: recordId }),
        // Not strict: the school is checked before anything about the body is said.
        body: z.object({ reason: z.string().max(500).optional() }).optional(),
        response: { 202: entityAnswer(aiReportObject) },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const row = await reportOf(services, caller, request.params.id);
      // A recording of an attempt is the assignment's watchers'; one outside any attempt the school staff's.
      if (row.assignment_attempt_id !== null)
        await watchedAttemptOf(services, caller, row.assignment_attempt_id, `No ai-reports record ${row.id}`);
      const [created] = await requestRuns(services, caller, [String(row.session_id)], request.body?.reason);
      return reply.status(202).send({ entity: reportEntity(created!) });
    },
  );

  // Analysis (or another run of it) of every analysable recording of an attempt, for its watchers.
  api.post(
    '/api/ai-reports/request.json',
    {
      schema: {
        body: z.object({ assignment_attempt_id: recordId, reason: z.string().max(500).optional() }),
        response: { 202: entitiesAnswer(aiReportObject) },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const attemptId = request.body.assignment_attempt_id;
      await watchedAttemptOf(services, caller, attemptId, 'Попытка не найдена');
      const sessions = await withTables<AnalysisTables>(services.db)
        .selectFrom(TABLES.sessions)
        .select('id')
        .where('assignment_attempt_id', '=', attemptId)
        .where('session_type', 'in', [...ANALYSED_SESSION_TYPES])
        .where('erased', '=', false)
        .where('playlist_key', 'is not', null)
        .orderBy('id')
        .execute();
      if (sessions.length === 0) {
        const message = 'У попытки нет преобразованной записи камеры';
        throw new ValidationError(message, { assignment_attempt_id: [message] });
      }
      const created = await requestRuns(
        services,
        caller,
        sessions.map((s) => s.id),
        request.body.reason,
      );
      return reply.status(202).send({ entities: created.map(reportEntity) });
    },
  );
}

/**
 * The attempt whose recordings the caller may have analysed: its assignment's watchers (the school's
 * admins, managers and proctors, its owner and reviewers). Anyone else is told it does not exist.
 */
async function watchedAttemptOf(
  services: ContextServices,
  caller: Caller,
  attemptId: unknown,
  notFound: string,
): Promise<void> {
  const attempt = typeof attemptId === 'string' ? await attemptFacts(services.db, attemptId) : undefined;
  const assignment = attempt
    ? (await assignmentsFacts(services.db, [attempt.assignmentId])).get(attempt.assignmentId)
    : undefined;
  if (!assignment || !watches(caller, assignment)) throw new NotFoundError(notFound);
}

/** Asks for the next run of each session and answers the new (pending) reports. */
async function requestRuns(
  services: ContextServices,
  caller: Caller,
  sessionIds: readonly string[],
  reason: string | undefined,
) {
  let last = 0n;
  const runs: { sessionId: string; run: number }[] = [];
  for (const sessionId of sessionIds) {
    const session = await withTables<AnalysisTables>(services.db)
      .selectFrom(TABLES.sessions)
      .select(['last_run', 'school_id'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    // One request per next number: two people asking at once ask for the same run.
    const run = Number(session.last_run) + 1;
    const result = await requestAnalysis(services, {
      sessionId,
      run,
      schoolId: session.school_id,
      by: caller.userId,
      reason: reason ?? null,
    });
    if (result.lastGlobalPosition > last) last = result.lastGlobalPosition;
    runs.push({ sessionId, run });
  }
  await waitForProjections(services.db, ['analysis'], last);
  return Promise.all(runs.map(({ sessionId, run }) => reportOf(services, caller, reportId(sessionId, run))));
}

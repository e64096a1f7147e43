import {
  entitiesAnswer,
  entityAnswer,
  erasedRecordingsObject,
  recordingSessionObject,
  recordingSummaryObject,
} from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import { authenticate, callerOf } from '../../../platform/http/authenticate';
import type { Caller } from '../../../platform/http/caller';
import { recordId } from '../../../platform/http/records/list-query';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordEntity } from '../read-model/entities';
import { TABLES, type MediaTables } from '../read-model/tables';
import { eraseAttemptRecordings } from '../retention/erase';
import type { MediaSigner } from '../signing';
import { mayReadRecording } from '../visibility';
import { retryConversion } from './commands';
import { summariseSessions } from './session-summary';
import type { Row } from '../../../platform/http/records/collection';
import { withTables } from '../../../platform/read-models/database';

/**
 * Asks for a conversion of a session's recording again (after a failure): its student, or a teacher,
 * admin or manager who may see it. Answers the webinar record the new conversion fills.
 */
export async function requestConversion(
  services: ContextServices,
  signer: MediaSigner,
  caller: Caller,
  sessionId: string,
) {
  const session = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.sessions)
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session || !(await mayReadRecording(services.db, caller, session)) || caller.group === 'proctor') {
    throw new NotFoundError(`No webinar-sessions record ${sessionId}`);
  }
  const recordId_ = await retryConversion(services, sessionId, caller);
  const row = await withTables<MediaTables>(services.db)
    .selectFrom(TABLES.records)
    .selectAll()
    .where('id', '=', recordId_)
    .executeTakeFirstOrThrow();
  return recordEntity(row, signer);
}

export async function sessionRoutes(app: FastifyInstance, services: ContextServices, signer: MediaSigner) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = {
    config: { access: 'records' as const },
    onRequest: authenticate(services.authenticator),
  };

  api.post(
    '/api/webinar-sessions/:id/retry.json',
    {
      ...signedIn,
      schema: {
        tags: ['webinar-sessions'],
        params: z.object({ id: recordId }),
        response: { 200: entityAnswer(recordingSessionObject) },
      },
    },
    async (request) => ({
      entity: await requestConversion(services, signer, callerOf(request), request.params.id),
    }),
  );

  // Specification 001 §4: whether an attempt's sessions have video, and their converted duration.
  api.get(
    '/api/webinar-sessions/summary.json',
    {
      ...signedIn,
      schema: {
        tags: ['webinar-sessions'],
        querystring: z.object({ assignment_attempt_id: recordId }),
        response: { 200: entityAnswer(recordingSummaryObject) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.sessions)
        .selectAll()
        .where('assignment_attempt_id', '=', request.query.assignment_attempt_id)
        .where('school_id', '=', caller.schoolId)
        .where('deleted', '=', false)
        .execute();
      const visible: Row[] = [];
      for (const row of rows) if (await mayReadRecording(services.db, caller, row)) visible.push(row);
      const ready = visible.length
        ? await withTables<MediaTables>(services.db)
            .selectFrom(TABLES.records)
            .select(['webinar_session_id'])
            .where(
              'webinar_session_id',
              'in',
              visible.map((row) => String(row.id)),
            )
            .where('status', '=', 'ready')
            .execute()
        : [];
      const summary = summariseSessions(
        visible.map((row) => ({
          state: row.state === null ? null : String(row.state),
          records: ready.filter((r) => r.webinar_session_id === row.id).length,
          duration: row.duration === null ? null : Number(row.duration),
        })),
      );
      return { entity: { assignment_attempt_id: request.query.assignment_attempt_id, ...summary } };
    },
  );

  // Retention: the school's admins and managers erase an attempt's recordings on request.
  api.post(
    '/api/webinar-sessions/erase.json',
    {
      schema: {
        tags: ['webinar-sessions'],
        body: z
          .object({ assignment_attempt_id: recordId, reason: z.string().trim().min(1).max(500).optional() })
          .strict(),
        response: { 200: entitiesAnswer(erasedRecordingsObject) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const erased = await eraseAttemptRecordings(
        services,
        caller,
        request.body.assignment_attempt_id,
        request.body.reason ?? 'request',
      );
      return { entities: erased };
    },
  );
}

import { entityAnswer, externalRecordingObject, recordingSessionObject } from '@sabaq/events';
import { SESSION_TYPES } from '@sabaq/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, ValidationError } from '../../../platform/errors';
import { recordId } from '../../../platform/http/records/list-query';
import { decideAndAppend } from '../append';
import { derive, sessionStream } from '../ids';
import { sessionEntity } from '../read-model/entities';
import { TABLES, type MediaTables } from '../read-model/tables';
import { sessionDecider } from '../sessions/session-decider';
import type { MediaSigner } from '../signing';
import {
  AttemptFinishedError,
  firstNameOf,
  loadExternalAttempt,
  type ExternalAttempt,
} from './external-attempt';
import {
  EXTERNAL_PURPOSES,
  issueExternalToken,
  readExternalToken,
  type ExternalToken,
} from './external-token';
import { cameraState, HEARTBEAT_SECONDS, PRESENCE_TABLE } from './presence-table';
import { withTables } from '../../../platform/read-models/database';

/** Who may have an attempt's link: its student; for uploads also the school's staff and the assignment's teachers. */
function handsOut(caller: { group: string; userId: string }, attempt: ExternalAttempt): boolean {
  if (caller.group === 'student') return attempt.studentId === caller.userId;
  if (caller.group === 'admin' || caller.group === 'manager') return true;
  return caller.group === 'teacher' && attempt.assignmentStaff.includes(caller.userId);
}

const tokenParams = z.object({ token: z.string().max(300) });
const CAMERA_EVENTS = ['opened', 'heartbeat', 'closed'] as const;

/**
 * The phone's pages (docs/media.md, "External sessions"): the exam's student asks for a link to their
 * running attempt; with it and no sign-in a phone reads what the link is for, opens the attempt's
 * second-camera session (or, for the upload page, a session of the recording it sends), and reports
 * whether its camera page is open. Chunks then go through the session's own signed upload params.
 */
export async function externalRoutes(app: FastifyInstance, services: ContextServices, signer: MediaSigner) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function opened(token: string): Promise<{ link: ExternalToken; attempt: ExternalAttempt }> {
    const link = readExternalToken(signer, token);
    return { link, attempt: await loadExternalAttempt(services, link.attemptId) };
  }
  /** A camera records only for a running attempt; an upload link may finish a recording afterwards. */
  function mayRecord({ link, attempt }: { link: ExternalToken; attempt: ExternalAttempt }) {
    if (link.purpose === 'camera' && !attempt.running) throw new AttemptFinishedError();
  }

  api.post(
    '/api/webinar-sessions/external-token',
    {
      schema: {
        tags: ['webinar-sessions'],
        body: z.strictObject({ assignment_attempt_id: recordId, purpose: z.enum(EXTERNAL_PURPOSES) }),
        response: { 201: entityAnswer(externalRecordingObject) },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw new ForbiddenError();
      const { assignment_attempt_id: attemptId, purpose } = request.body;
      // The teacher's result page hands out the upload link too (a recording the student could not send
      // live); the second camera is the student's own, during the attempt.
      if (caller.group !== 'student' && purpose !== 'upload') throw new ForbiddenError();
      const attempt = await loadExternalAttempt(services, attemptId).catch(() => null);
      // Another student's attempt, or another school's, or a colleague's assignment, reads as no attempt.
      if (!attempt || attempt.schoolId !== caller.schoolId || !handsOut(caller, attempt)) {
        throw new ValidationError('Unknown attempt', { assignment_attempt_id: ['Попытка не найдена'] });
      }
      if (purpose === 'camera' && !attempt.running) throw new AttemptFinishedError();
      if (purpose === 'camera' && !attempt.secondCamera) {
        throw new ValidationError('The assignment records no second camera', {
          purpose: ['Вторая камера в этом задании не нужна'],
        });
      }
      const { token, expires } = issueExternalToken(signer, purpose, attemptId);
      return reply.status(201).send({
        entity: {
          token,
          purpose,
          assignment_attempt_id: attemptId,
          expires_at: new Date(expires * 1000).toISOString(),
          path: `/session/${purpose}/${token}`,
        },
      });
    },
  );

  api.get(
    '/api/webinar-sessions/external/:token',
    {
      schema: {
        tags: ['webinar-sessions'],
        params: tokenParams,
        response: { 200: entityAnswer(externalRecordingObject) },
      },
    },
    async (request) => {
      const { link, attempt } = await opened(request.params.token);
      const sessions = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.sessions)
        .select(['id', 'session_type', 'status', 'state', 'created_at'])
        .where('assignment_attempt_id', '=', attempt.id)
        .where('deleted', '=', false)
        .orderBy('created_at')
        .execute();
      return {
        entity: {
          purpose: link.purpose,
          expires_at: new Date(link.expires * 1000).toISOString(),
          assignment_attempt_id: attempt.id,
          assignment: { id: attempt.assignmentId, name: attempt.assignmentName },
          student: { firstname: await firstNameOf(services, attempt.studentId) },
          attempt: {
            status: attempt.running ? 'active' : 'finished',
            ends_at: attempt.endsAt?.toISOString() ?? null,
          },
          settings: {
            second_camera_record: attempt.secondCamera,
            microphone_record: attempt.microphone,
            heartbeat_seconds: HEARTBEAT_SECONDS,
          },
          sessions: sessions.map((s) => ({
            id: s.id,
            session_type: s.session_type,
            status: s.status,
            state: s.state,
          })),
        },
      };
    },
  );

  api.post(
    '/api/webinar-sessions/external/:token/sessions',
    {
      schema: {
        tags: ['webinar-sessions'],
        params: tokenParams,
        body: z.strictObject({
          /** The page's own id of this recording: a retried request opens the same session. */
          session_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
          session_type: z.enum(SESSION_TYPES).default('second-camera'),
        }),
        response: { 201: entityAnswer(recordingSessionObject) },
      },
    },
    async (request, reply) => {
      const found = await opened(request.params.token);
      mayRecord(found);
      const { link, attempt } = found;
      const { session_id, session_type } = request.body;
      if (link.purpose === 'camera' && session_type !== 'second-camera') {
        throw new ValidationError('A camera link opens the second camera only', {
          session_type: ['Эта ссылка только для второй камеры'],
        });
      }
      if (link.purpose === 'camera' && !attempt.secondCamera) {
        throw new ValidationError('The assignment records no second camera', {
          session_type: ['Вторая камера в этом задании не нужна'],
        });
      }
      const id = derive('external-session', attempt.id, link.purpose, session_id);
      await decideAndAppend(
        services,
        sessionStream(id),
        sessionDecider,
        {
          type: 'start',
          id,
          userId: attempt.studentId,
          data: {
            webinar_id: null,
            session_id,
            assignment_id: attempt.assignmentId,
            assignment_attempt_id: attempt.id,
            session_type,
            session_kind: 'recording',
            is_should_analyze: false,
            use_modules: [],
          },
        },
        { commandKey: 'start', caller: { userId: attempt.studentId, schoolId: attempt.schoolId } },
      );
      const row = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.sessions)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ entity: sessionEntity(row, signer) });
    },
  );

  api.post(
    '/api/webinar-sessions/external/:token/lifecycle',
    {
      schema: {
        tags: ['webinar-sessions'],
        params: tokenParams,
        body: z.strictObject({ webinar_session_id: recordId, event: z.enum(CAMERA_EVENTS) }),
        response: { 200: entityAnswer(externalRecordingObject) },
      },
    },
    async (request) => {
      const found = await opened(request.params.token);
      const { link, attempt } = found;
      const { webinar_session_id: sessionId, event } = request.body;
      if (link.purpose !== 'camera') {
        throw new ValidationError('Only a camera reports its page', { token: ['Ссылка не для камеры'] });
      }
      // Closing is always heard (the page says goodbye after the exam ended); opening needs a running exam.
      if (event !== 'closed') mayRecord(found);
      const session = await withTables<MediaTables>(services.db)
        .selectFrom(TABLES.sessions)
        .select(['id'])
        .where('id', '=', sessionId)
        .where('assignment_attempt_id', '=', attempt.id)
        .where('session_type', '=', 'second-camera')
        .where('deleted', '=', false)
        .executeTakeFirst();
      if (!session) {
        throw new ValidationError('Unknown session', { webinar_session_id: ['Сессия не найдена'] });
      }
      const now = services.clock();
      const closed = event === 'closed';
      await withTables<MediaTables>(services.db)
        .insertInto(PRESENCE_TABLE)
        .values({
          webinar_session_id: sessionId,
          assignment_attempt_id: attempt.id,
          school_id: attempt.schoolId,
          state: closed ? 'closed' : 'open',
          opened_at: now,
          last_seen_at: now,
          closed_at: closed ? now : null,
        })
        .onConflict((c) =>
          c.column('webinar_session_id').doUpdateSet({
            state: closed ? 'closed' : 'open',
            last_seen_at: now,
            closed_at: closed ? now : null,
          }),
        )
        .execute();
      return { entity: { webinar_session_id: sessionId, state: closed ? 'closed' : 'live' } };
    },
  );

  api.get(
    '/api/webinar-sessions/external-status.json',
    {
      schema: {
        tags: ['webinar-sessions'],
        querystring: z.object({ assignment_attempt_id: recordId }),
        response: { 200: entityAnswer(externalRecordingObject) },
      },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller || caller.group !== 'student') throw new ForbiddenError();
      const attemptId = request.query.assignment_attempt_id;
      const attempt = await loadExternalAttempt(services, attemptId).catch(() => null);
      if (!attempt || attempt.studentId !== caller.userId || attempt.schoolId !== caller.schoolId) {
        throw new ValidationError('Unknown attempt', { assignment_attempt_id: ['Попытка не найдена'] });
      }
      const newest = await withTables<MediaTables>(services.db)
        .selectFrom(PRESENCE_TABLE)
        .selectAll()
        .where('assignment_attempt_id', '=', attemptId)
        .orderBy('last_seen_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        entity: {
          assignment_attempt_id: attemptId,
          state: cameraState(newest, services.clock()),
          webinar_session_id: newest?.webinar_session_id ?? null,
          opened_at: newest ? new Date(newest.opened_at).toISOString() : null,
          last_seen_at: newest ? new Date(newest.last_seen_at).toISOString() : null,
          closed_at: newest?.closed_at ? new Date(newest.closed_at).toISOString() : null,
        },
      };
    },
  );
}

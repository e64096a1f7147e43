import {
  DEVICE_AGENT_MIN_VERSION,
  DEVICE_AGENT_PORT,
  DEVICE_AGENT_TOKEN_TTL_S,
  type DeviceAgentTokenRequest,
} from '@sabaq/events';
import { sql } from 'kysely';
import type { ContextServices } from '../../../platform/context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { assignmentsFacts, attemptFacts } from '../assignments-lookup';
import { deviceAgentRulesOf } from './rules-of';
import { deviceAgentKey, signPageToken } from './signing-key';
import { withTables } from '../../../platform/read-models/database';
import { ASSIGNMENT_TABLES, type ProctoringTables } from '../tables';

/**
 * A page token for the caller's own attempt, or before it starts for an assignment open to them
 * (`POST /api/device-agent/token.json`). Only the attempt's student gets one: a proctor or a teacher
 * is 403, another student 403 ('Это не ваша попытка'), another school's attempt 404. The token names
 * the assignment's agent rules, so the agent applies what the school set.
 */
export async function issueDeviceAgentToken(
  services: Pick<ContextServices, 'db' | 'clock'>,
  caller: Caller,
  body: DeviceAgentTokenRequest,
  issuer: string,
) {
  if (caller.group !== 'student') throw new ForbiddenError('Токен агента выдаётся студенту попытки');
  let assignmentId: string;
  let attemptId: string | null = null;
  if ('assignment_attempt_id' in body) {
    const attempt = await attemptFacts(services.db, body.assignment_attempt_id);
    if (!attempt || attempt.schoolId !== caller.schoolId) throw new NotFoundError('Попытка не найдена');
    if (attempt.studentId !== caller.userId) throw new ForbiddenError('Это не ваша попытка');
    if (attempt.status === 'finished') {
      throw new ValidationError('Попытка завершена', { assignment_attempt_id: ['Попытка завершена'] });
    }
    assignmentId = attempt.assignmentId;
    attemptId = attempt.attemptId;
  } else {
    assignmentId = body.assignment_id;
    await requireOpenTo(services, caller, assignmentId);
  }
  const assignment = (await assignmentsFacts(services.db, [assignmentId])).get(assignmentId);
  if (!assignment || assignment.schoolId !== caller.schoolId) throw new NotFoundError('Задание не найдено');
  const rules = deviceAgentRulesOf(assignment.settings);
  const iat = Math.floor(services.clock().getTime() / 1000);
  const exp = iat + DEVICE_AGENT_TOKEN_TTL_S;
  const token = signPageToken(await deviceAgentKey(services.db), {
    aud: 'sabaq-device-agent',
    iss: issuer,
    assignment_id: assignmentId,
    assignment_attempt_id: attemptId,
    student_id: caller.userId,
    rules,
    iat,
    exp,
  });
  return {
    token,
    expires_at: new Date(exp * 1000).toISOString(),
    // A deployment (or a test) whose agents listen elsewhere says so; the page follows this answer.
    port: Number(process.env.DEVICE_AGENT_PORT) || DEVICE_AGENT_PORT,
    min_version: DEVICE_AGENT_MIN_VERSION,
    download_url: downloadUrl(),
    rules,
  };
}

/**
 * Where the school puts the agent's executables for its students (DEVICE_AGENT_DOWNLOAD_URL), linked
 * from the equipment check; only an http(s) address is passed on, anything else is as if unset.
 */
function downloadUrl(): string | null {
  const configured = process.env.DEVICE_AGENT_DOWNLOAD_URL;
  if (!configured) return null;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Before an attempt: the assignment is of the caller's school and names them or is open to all. */
async function requireOpenTo(
  services: Pick<ContextServices, 'db'>,
  caller: Caller,
  assignmentId: string,
): Promise<void> {
  const row = await withTables<ProctoringTables>(services.db)
    .selectFrom(ASSIGNMENT_TABLES.assignments)
    .select([
      'school_id',
      sql<string | null>`record->>'access_type'`.as('access_type'),
      sql<unknown>`record->'students'`.as('students'),
    ])
    .where('id', '=', assignmentId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row || row.school_id !== caller.schoolId) throw new NotFoundError('Задание не найдено');
  const students = Array.isArray(row.students) ? row.students.map(String) : [];
  if (row.access_type === 'private' && !students.includes(caller.userId)) {
    throw new ForbiddenError('Задание вам не назначено');
  }
}

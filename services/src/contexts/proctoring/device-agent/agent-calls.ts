import {
  proctoringActionBody,
  type DeviceAgentConditionsBody,
  type DeviceAgentReportBody,
  type DeviceAgentTokenPayload,
  type DeviceReportEntity,
} from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { ValidationError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { UnauthenticatedError } from '../../../platform/http/authenticate';
import { assignmentsFacts, attemptFacts } from '../assignments-lookup';
import { recordActionBatch } from '../ingest/record-actions';
import { reportEntity } from './read-reports';
import { deviceAgentKey, readPageToken } from './signing-key';
import { withTables } from '../../../platform/read-models/database';
import type { DeviceAgentTables } from './tables';

type Services = Pick<ContextServices, 'db' | 'clock' | 'ingest' | 'objects' | 'newId'>;

interface Bearer {
  payload: DeviceAgentTokenPayload;
  schoolId: string;
}

/**
 * Who an agent's call speaks for: the token it was handed, checked with this installation's key, and
 * the school of the attempt (or assignment) it names. The student is the token's; nothing in the body
 * can name another.
 */
async function bearerOf(services: Services, token: string): Promise<Bearer> {
  const payload = readPageToken(await deviceAgentKey(services.db), token, services.clock().getTime());
  if (!payload) throw new UnauthenticatedError('Токен агента недействителен или истёк');
  if (payload.assignment_attempt_id !== null) {
    const attempt = await attemptFacts(services.db, payload.assignment_attempt_id);
    if (!attempt?.schoolId || attempt.studentId !== payload.student_id) {
      throw new UnauthenticatedError('Токен агента недействителен или истёк');
    }
    return { payload, schoolId: attempt.schoolId };
  }
  const assignment = (await assignmentsFacts(services.db, [payload.assignment_id])).get(
    payload.assignment_id,
  );
  if (!assignment?.schoolId) throw new UnauthenticatedError('Токен агента недействителен или истёк');
  return { payload, schoolId: assignment.schoolId };
}

/** `POST /api/device-agent/reports.json`: the agent's report, kept for the proctor and the start check. */
export async function recordAgentReport(
  services: Services,
  body: DeviceAgentReportBody,
): Promise<DeviceReportEntity> {
  const { payload, schoolId } = await bearerOf(services, body.token);
  const row = {
    id: services.newId(),
    school_id: schoolId,
    assignment_id: payload.assignment_id,
    assignment_attempt_id: payload.assignment_attempt_id,
    student_id: payload.student_id,
    report: JSON.stringify(body.report),
    created_at: services.clock(),
  };
  await withTables<DeviceAgentTables>(services.db).insertInto('device_agent_reports').values(row).execute();
  return reportEntity({ ...row, report: body.report });
}

/**
 * `POST /api/device-agent/conditions.json`: the agent's findings as proctoring conditions of the
 * attempt, recorded through the same path as the student's own client sends (the write rules, the ids
 * stored once, the timeline's intervals), as the attempt's student with source client.
 */
export async function recordAgentConditions(
  services: Services,
  body: DeviceAgentConditionsBody,
): Promise<string[]> {
  const { payload, schoolId } = await bearerOf(services, body.token);
  const attemptId = payload.assignment_attempt_id;
  if (attemptId === null) {
    throw new ValidationError('Токен агента выдан до начала попытки', {
      token: ['Токен агента выдан до начала попытки'],
    });
  }
  const caller: Caller = { userId: payload.student_id, schoolId, group: 'student', pendingChallenges: [] };
  const actions = body.phases.map((phase) =>
    proctoringActionBody.parse({
      id: phase.id,
      assignment_id: payload.assignment_id,
      assignment_attempt_id: attemptId,
      action_type: phase.finding.kind,
      description: phase.finding.detail,
      condition_id: phase.condition_id,
      condition_phase: phase.phase,
      created_at: phase.created_at,
    }),
  );
  const prepared = await recordActionBatch(services, caller, actions);
  return prepared.map((p) => p.event.id);
}

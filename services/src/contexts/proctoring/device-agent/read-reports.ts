import { deviceReport, type DeviceReportEntity } from '@sabaq/events';
import type { Selectable } from 'kysely';
import type { ContextServices } from '../../../platform/context';
import { NotFoundError } from '../../../platform/errors';
import type { Caller } from '../../../platform/http/caller';
import { withTables } from '../../../platform/read-models/database';
import { assignmentsFacts, attemptFacts, watches } from '../assignments-lookup';
import type { DeviceAgentTables } from './tables';

type Row = Selectable<DeviceAgentTables['device_agent_reports']>;

export function reportEntity(row: Row): DeviceReportEntity {
  const report = typeof row.report === 'string' ? JSON.parse(row.report) : row.report;
  return {
    id: row.id,
    assignment_id: row.assignment_id,
    assignment_attempt_id: row.assignment_attempt_id,
    student_id: row.student_id,
    report: deviceReport.parse(report),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** At most this many reports of one attempt are answered (one per hello or renewal). */
const LIMIT = 50;

/**
 * `GET /api/device-agent/reports.json?assignment_attempt_id=`: the attempt's reports, newest first,
 * with those the student's agent sent before the attempt started (its equipment check). For the
 * assignment's watchers; another school's attempt or one a teacher does not watch is 404.
 */
export async function attemptDeviceReports(
  services: Pick<ContextServices, 'db'>,
  caller: Caller,
  attemptId: string,
): Promise<DeviceReportEntity[]> {
  const attempt = await attemptFacts(services.db, attemptId);
  const assignment =
    attempt && (await assignmentsFacts(services.db, [attempt.assignmentId])).get(attempt.assignmentId);
  if (!attempt || !assignment || attempt.schoolId !== caller.schoolId || !watches(caller, assignment)) {
    throw new NotFoundError('Попытка не найдена');
  }
  const rows = await withTables<DeviceAgentTables>(services.db)
    .selectFrom('device_agent_reports')
    .selectAll()
    .where('school_id', '=', attempt.schoolId)
    .where((eb) =>
      eb.or([
        eb('assignment_attempt_id', '=', attemptId),
        eb.and([
          eb('assignment_attempt_id', 'is', null),
          eb('assignment_id', '=', attempt.assignmentId),
          eb('student_id', '=', attempt.studentId),
        ]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(LIMIT)
    .execute();
  return rows.map(reportEntity);
}

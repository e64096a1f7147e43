import { DEVICE_AGENT_TOKEN_TTL_S } from '@sabaq/events';
import { ValidationError } from '../../../platform/errors';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import { deviceAgentRulesOf } from './rules-of';
import type { DeviceAgentTables } from './tables';

export const AGENT_REQUIRED_MESSAGE =
  'Это задание выполняется только с агентом экзамена: запустите агент и пройдите проверку оборудования';

/**
 * "Only with the agent" (the specification's special client app limit): a student starts an attempt
 * of such an assignment only after their agent reported for it within a token's lifetime (the
 * equipment check before the start). Called by the assignments context when an attempt starts.
 */
export async function requireAgentReportToStart(
  db: ReadModelDb,
  input: {
    assignmentId: string;
    studentId: string;
    proctoringSettings: unknown;
    isProctoring: boolean;
    now: Date;
  },
): Promise<void> {
  if (!input.isProctoring || !deviceAgentRulesOf(input.proctoringSettings).required) return;
  const since = new Date(input.now.getTime() - DEVICE_AGENT_TOKEN_TTL_S * 1000);
  const row = await withTables<DeviceAgentTables>(db)
    .selectFrom('device_agent_reports')
    .select('id')
    .where('assignment_id', '=', input.assignmentId)
    .where('student_id', '=', input.studentId)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new ValidationError(AGENT_REQUIRED_MESSAGE, { assignment_id: [AGENT_REQUIRED_MESSAGE] });
}

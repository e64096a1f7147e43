import { DEFAULT_PROCTORING_SETTINGS } from '@sabaq/events';
import type { ContextServices } from '../../../platform/context';
import { DomainError } from '../../../platform/errors';
import { ExternalTokenError } from './external-token';
import { withTables } from '../../../platform/read-models/database';
import type { MediaTables } from '../read-model/tables';

export interface ExternalAttempt {
  id: string;
  assignmentId: string;
  assignmentName: string;
  studentId: string;
  schoolId: string | null;
  /** The assignment's owner and reviewers: the teachers who may hand the attempt's upload link out. */
  assignmentStaff: string[];
  running: boolean;
  endsAt: Date | null;
  /** The second camera is asked for: the settings' `second_camera_record` and the teacher's manual flags. */
  secondCamera: boolean;
  /** The main camera records sound, so the phone does too. */
  microphone: boolean;
}

/** The attempt ended (finished, or its time ran out): a phone may no longer record for it. */
export class AttemptFinishedError extends DomainError {
  constructor() {
    super('The attempt is finished', 409, 409, { assignment_attempt_id: ['Попытка завершена'] });
  }
}

const flag = (record: Record<string, unknown>, name: string) => record[name] === true;

/**
 * Whether the assignment asks for a second camera: proctored, not switched off by the teacher, and
 * either recorded by its settings (on by default, specification 000 §9) or switched on by hand.
 */
export function wantsSecondCamera(isProctoring: boolean, record: Record<string, unknown>): boolean {
  if (!isProctoring || flag(record, 'second_camera_manual_disabled')) return false;
  const settings = record.settings as { proctoring_settings?: Record<string, unknown> } | null | undefined;
  const given = settings?.proctoring_settings?.second_camera_record;
  const recorded = typeof given === 'boolean' ? given : DEFAULT_PROCTORING_SETTINGS.second_camera_record;
  return recorded || flag(record, 'second_camera_manual_enabled');
}

/** The attempt a token names, from the assignments context's read model; a deleted one is no link at all. */
export async function loadExternalAttempt(
  services: Pick<ContextServices, 'db' | 'clock'>,
  attemptId: string,
): Promise<ExternalAttempt> {
  const row = await withTables<MediaTables>(services.db)
    .selectFrom('assignments_attempts as t')
    .innerJoin('assignments_assignments as a', 'a.id', 't.assignment_id')
    .select([
      't.id',
      't.assignment_id',
      't.owner_id',
      't.school_id',
      't.status',
      't.ends_at',
      'a.name',
      'a.owner_id as assignment_owner_id',
      'a.is_proctoring',
      'a.record',
    ])
    .where('t.id', '=', attemptId)
    .where('t.deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw new ExternalTokenError('invalid');
  const endsAt = row.ends_at ? new Date(row.ends_at) : null;
  const record = row.record ?? {};
  const settings = record.settings as { proctoring_settings?: { microphone_record?: unknown } } | undefined;
  return {
    id: String(row.id),
    assignmentId: String(row.assignment_id),
    assignmentName: String(row.name),
    studentId: String(row.owner_id),
    schoolId: row.school_id === null ? null : String(row.school_id),
    assignmentStaff: [
      String(row.assignment_owner_id),
      ...(Array.isArray(record.reviewers) ? (record.reviewers as string[]) : []),
    ],
    running: row.status === 'active' && (endsAt === null || endsAt > services.clock()),
    endsAt,
    secondCamera: wantsSecondCamera(Boolean(row.is_proctoring), record),
    microphone: settings?.proctoring_settings?.microphone_record === true,
  };
}

/**
 * The student's first name only: the phone's page greets them, and a link passed on shows a stranger
 * no surname (the directory is the identity context's read model).
 */
export async function firstNameOf(
  services: Pick<ContextServices, 'db'>,
  userId: string,
): Promise<string | null> {
  const row = await withTables<MediaTables>(services.db)
    .selectFrom('users')
    .select('firstname')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? String(row.firstname) : null;
}

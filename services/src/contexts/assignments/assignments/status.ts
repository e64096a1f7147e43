import type { AssignmentRecord, AssignmentStatus } from '@sabaq/events';

/** What an assignment's state is beside its record: suspended and finished by the teacher. */
export interface AssignmentFlags {
  suspended: boolean;
  finished: boolean;
}

/**
 * The specification's status (000 §4), from the record and the clock. The transitions are not shown
 * there; these are ours: suspended while the teacher has it suspended; completed once the teacher
 * finished it or its end date passed (an assignment "without" end never ends by itself); remaining
 * before a dated start; process otherwise.
 */
export function assignmentStatus(
  record: Pick<AssignmentRecord, 'starting_at' | 'starting_at_type' | 'ending_at' | 'ending_at_type'>,
  flags: AssignmentFlags,
  now: Date,
): AssignmentStatus {
  if (flags.finished || hasEnded(record, now)) return 'completed';
  if (flags.suspended) return 'suspended';
  if (record.starting_at_type === 'date' && now.getTime() < Date.parse(record.starting_at))
    return 'remaining';
  return 'process';
}

export function hasEnded(record: Pick<AssignmentRecord, 'ending_at' | 'ending_at_type'>, now: Date): boolean {
  return record.ending_at_type === 'date' && now.getTime() >= Date.parse(record.ending_at);
}

/** Seconds left before a dated end; null when the assignment has no end. */
export function availableTime(
  record: Pick<AssignmentRecord, 'ending_at' | 'ending_at_type'>,
  flags: AssignmentFlags,
  now: Date,
): number | null {
  if (flags.finished) return 0;
  if (record.ending_at_type !== 'date') return null;
  return Math.max(0, Math.floor((Date.parse(record.ending_at) - now.getTime()) / 1000));
}

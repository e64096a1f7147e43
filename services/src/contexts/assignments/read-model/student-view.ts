import type { ContextServices } from '../../../platform/context';
import type { Caller } from '../../../platform/http/caller';
import { withTables, type ReadModelDb } from '../../../platform/read-models/database';
import {
  attemptDisclosure,
  scoreDisclosed,
  shownResultCode,
  type Disclosure,
  type DisclosureFlags,
} from '../work/disclosure';
import { TABLES, type AssignmentsTables } from './tables';

type Entity = Record<string, unknown>;
type Present = (
  services: Pick<ContextServices, 'db' | 'clock'>,
  caller: Caller,
  entities: Entity[],
) => Promise<Entity[]>;

/** What of the student's grades is kept from them: nothing is hidden from the staff. */
const forStudentsOnly =
  (hide: Present): Present =>
  async (services, caller, entities) =>
    caller.group !== 'student' || entities.length === 0 ? entities : hide(services, caller, entities);

const idsOf = (entities: Entity[], field: string) => [
  ...new Set(entities.map((e) => e[field]).filter((v): v is string => typeof v === 'string')),
];

async function flagsOf(db: ReadModelDb, assignmentIds: string[]): Promise<Map<string, DisclosureFlags>> {
  if (assignmentIds.length === 0) return new Map();
  const rows = await withTables<AssignmentsTables>(db)
    .selectFrom(TABLES.assignments)
    .select(['id', 'record'])
    .where('id', 'in', assignmentIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.record]));
}

/** Whether the attempt still runs: active and within its time (one past its time takes no answers). */
function running(row: { status: string; ends_at: Date | null }, now: Date): boolean {
  if (row.status !== 'active') return false;
  const endsAt = row.ends_at ? new Date(row.ends_at) : null;
  return endsAt === null || endsAt.getTime() > now.getTime();
}

async function runningAttempts(
  services: Pick<ContextServices, 'db' | 'clock'>,
  filter: { attemptIds?: string[]; assignmentIds?: string[]; studentId: string },
): Promise<{ byAttempt: Map<string, boolean>; anyByAssignment: Set<string> }> {
  let query = withTables<AssignmentsTables>(services.db)
    .selectFrom(TABLES.attempts)
    .select(['id', 'assignment_id', 'status', 'ends_at'])
    .where('student_id', '=', filter.studentId);
  if (filter.attemptIds)
    query = query.where('id', 'in', filter.attemptIds.length ? filter.attemptIds : ['-']);
  if (filter.assignmentIds) {
    query = query.where('assignment_id', 'in', filter.assignmentIds.length ? filter.assignmentIds : ['-']);
  }
  const now = services.clock();
  const byAttempt = new Map<string, boolean>();
  const anyByAssignment = new Set<string>();
  for (const row of await query.execute()) {
    const on = running(row, now);
    byAttempt.set(row.id, on);
    if (on) anyByAssignment.add(row.assignment_id);
  }
  return { byAttempt, anyByAssignment };
}

/** Hides a verdict and points by the disclosure: a hidden grade reads as "answered", no points. */
function graded(entity: Entity, disclosure: Disclosure): Entity {
  return {
    ...entity,
    result: shownResultCode(Number(entity.result), disclosure),
    points: disclosure.points ? entity.points : null,
    ...('report' in entity && !disclosure.verdicts ? { report: null } : {}),
  };
}

/**
 * Results and reviewer results (each of one attempt): shown by their attempt's disclosure, so a student
 * cannot tell a right option from a wrong one while the attempt runs (docs/assignments.md).
 */
const presentGrades: Present = forStudentsOnly(async (services, caller, entities) => {
  const [flags, attempts] = await Promise.all([
    flagsOf(services.db, idsOf(entities, 'assignment_id')),
    runningAttempts(services, {
      attemptIds: idsOf(entities, 'assignment_attempt_id'),
      studentId: caller.userId,
    }),
  ]);
  return entities.map((entity) => {
    const on = attempts.byAttempt.get(String(entity.assignment_attempt_id)) ?? false;
    return graded(entity, attemptDisclosure(flags.get(String(entity.assignment_id)) ?? {}, on));
  });
});

/** Attempts: their points by the same disclosure. */
const presentAttempts: Present = forStudentsOnly(async (services, caller, entities) => {
  const [flags, attempts] = await Promise.all([
    flagsOf(services.db, idsOf(entities, 'assignment_id')),
    runningAttempts(services, { attemptIds: idsOf(entities, 'id'), studentId: caller.userId }),
  ]);
  return entities.map((entity) => {
    const on = attempts.byAttempt.get(String(entity.id)) ?? false;
    const disclosure = attemptDisclosure(flags.get(String(entity.assignment_id)) ?? {}, on);
    return disclosure.points ? entity : { ...entity, points: null };
  });
});

/** Scores and reviewer scores: hidden while any attempt of the assignment runs, or when points are not shown. */
const presentScores: Present = forStudentsOnly(async (services, caller, entities) => {
  const assignmentIds = idsOf(entities, 'assignment_id');
  const [flags, attempts] = await Promise.all([
    flagsOf(services.db, assignmentIds),
    runningAttempts(services, { assignmentIds, studentId: caller.userId }),
  ]);
  return entities.map((entity) => {
    const assignmentId = String(entity.assignment_id);
    const shown = scoreDisclosed(flags.get(assignmentId) ?? {}, attempts.anyByAssignment.has(assignmentId));
    return shown ? entity : { ...entity, score: null };
  });
});

export const studentView = {
  attempts: presentAttempts,
  results: presentGrades,
  reviewerResults: presentGrades,
  scores: presentScores,
};

import { sql } from 'kysely';
import type { ReadModelDb } from '../../../platform/read-models/database';
import {
  toAssignmentFacts,
  toAttemptFacts,
  type AssignmentFacts,
  type AttemptFacts,
  type Row,
} from '../assignments-lookup';
import { ASSIGNMENT_TABLES } from '../tables';

/** Proctor actions that hold a student's writing (suspend, stop) or release it (resume). */
export const HOLD_ACTIONS = ['exam_suspended', 'exam_resumed', 'exam_stopped'] as const;

export interface WriteTargetFacts {
  attempt: AttemptFacts;
  /** Undefined when the attempt's assignment is gone. */
  assignment: AssignmentFacts | undefined;
  /** The latest suspend, resume or stop of the attempt, if any. */
  lastHold: (typeof HOLD_ACTIONS)[number] | null;
}

/**
 * Everything the write rules read about an attempt. Every recorded action asks, a class of students
 * every second: so the attempt, its assignment and its latest hold come in one query, and the questions
 * asked in the same turn of the event loop (the requests and frames read together) share that query.
 * Each answer is read after its question was asked, as with a query of its own.
 */
export function writeTargetFacts(db: ReadModelDb, attemptId: string): Promise<WriteTargetFacts | undefined> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new WriteTargetLoader(db);
    loaders.set(db, loader);
  }
  return loader.load(attemptId);
}

const loaders = new WeakMap<ReadModelDb, WriteTargetLoader>();

interface Waiter {
  resolve(facts: WriteTargetFacts | undefined): void;
  reject(error: unknown): void;
}

class WriteTargetLoader {
  private waiting = new Map<string, Waiter[]>();

  constructor(private readonly db: ReadModelDb) {}

  load(attemptId: string): Promise<WriteTargetFacts | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const list = this.waiting.get(attemptId) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(attemptId, list);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const found = await queryWriteTargets(this.db, [...batch.keys()]);
      for (const [id, list] of batch) for (const waiter of list) waiter.resolve(found.get(id));
    } catch (error) {
      for (const list of batch.values()) for (const waiter of list) waiter.reject(error);
    }
  }
}

async function queryWriteTargets(db: ReadModelDb, attemptIds: string[]) {
  const { rows } = await sql<Row>`
    SELECT t.id, t.assignment_id, t.student_id, t.school_id, t.status, t.ends_at, t.started_at, t.points,
      a.id AS a_id, a.school_id AS a_school_id, a.owner_id AS a_owner_id, a.reviewers AS a_reviewers,
      a.is_suspended AS a_is_suspended, a.is_finished AS a_is_finished,
      a.is_proctoring AS a_is_proctoring, a.points AS a_points,
      a.record->'settings'->'proctoring_settings' AS a_settings,
      (SELECT p.action_type FROM proctoring_actions p
        WHERE p.assignment_attempt_id = t.id AND p.action_type IN (${sql.join([...HOLD_ACTIONS])})
        ORDER BY p.created_at DESC, p.global_position DESC LIMIT 1) AS last_hold
    FROM ${sql.table(ASSIGNMENT_TABLES.attempts)} t
    LEFT JOIN ${sql.table(ASSIGNMENT_TABLES.assignments)} a ON a.id = t.assignment_id AND a.deleted = false
    WHERE t.id IN (${sql.join(attemptIds)}) AND t.deleted = false`.execute(db);
  const found = new Map<string, WriteTargetFacts>();
  for (const row of rows) {
    const assignment = Object.fromEntries(
      Object.entries(row)
        .filter(([key]) => key.startsWith('a_'))
        .map(([key, value]) => [key.slice(2), value]),
    );
    found.set(String(row.id), {
      attempt: toAttemptFacts(row),
      assignment: row.a_id === null ? undefined : toAssignmentFacts(assignment),
      lastHold: (row.last_hold as WriteTargetFacts['lastHold']) ?? null,
    });
  }
  return found;
}

/**
 * Read-your-writes for a hold: a proctor's suspend, resume or stop answers only once the actions read
 * model has it (or after `timeoutMs`), since the write rules read the hold from there. Otherwise a
 * student's write a moment after the proctor saw "suspended" could still pass: the live feed pushes
 * from the events, ahead of the read model.
 */
export async function holdRecorded(db: ReadModelDb, actionId: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  while (Date.now() < deadline) {
    const { rows } = await sql`SELECT 1 FROM proctoring_actions WHERE id = ${actionId} LIMIT 1`.execute(db);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 100);
  }
}

import { afterAll, beforeAll } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startAnalyticsApp, type AnalyticsApp } from './analytics-app';

/**
 * Two schools' exams at known times, shared by the analytics suites: school A's assignment with two
 * attempts (5 actions on 2026-03-10, finished after 12 minutes; 3 noise actions on 2026-03-11, finished
 * after 33), school B's with one (1 focus loss, 10 minutes). The server's clock is set for each step.
 */
export const analyst = tokenFor('analyst', 'school-a');
export const outsideAnalyst = tokenFor('analyst', 'school-b');

export const T0 = new Date('2026-03-10T09:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

export interface Posted {
  assignment: string;
  attempts: string[];
}

export interface ConsoleAnswer {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  elapsed_ms: number;
}

export interface Dashboard {
  violations_by_day: { day: string; action_type: string; actions: number; attempts: number }[];
  violations_by_type: { action_type: string; actions: number; attempts: number }[];
  per_assignment: { assignment_id: string; name: string; attempts: number; violations: number }[];
  credibility: { bucket: number; attempts: number }[];
  time_to_finish: { minutes_bucket: number; attempts: number }[];
}

export interface ExamWorld {
  env: AnalyticsApp;
  schoolA: Posted;
  schoolB: Posted;
}

/** Starts the app and posts the exams before the file's tests; closes it after. Fields fill in then. */
export function useExamWorld() {
  const world = {} as ExamWorld;

  const call = caller<Record<string, unknown>>(() => world.env.app);
  async function ok(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    const answer = await call(method, url, token, payload);
    if (answer.status >= 300) {
      throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }
  async function query(token: string, sql: string, params?: Record<string, string | number>) {
    const answer = await call('POST', '/api/analytics/query', token, { sql, params });
    return { status: answer.status, body: answer.body, entity: answer.body.entity as ConsoleAnswer };
  }
  async function dashboard(token: string, search: string) {
    const answer = await call('GET', `/api/analytics/dashboard?${search}`, token);
    return { status: answer.status, body: answer.body, entity: answer.body.entity as Dashboard };
  }

  /** A student's attempt: started at `start`, actions at the given minutes, finished at `finish`. */
  async function sitExam(
    school: string,
    student: number,
    assignment: string,
    start: Date,
    actions: [string, number][],
    finish: Date,
  ): Promise<string> {
    const token = tokenFor('student', school, student);
    world.env.setNow(start);
    const started = await ok('POST', '/api/assignment-attempts', token, { assignment_id: assignment });
    const attempt = (started.entity as { id: string }).id;
    world.env.setNow(new Date(start.getTime() + 30 * 60_000));
    await ok('POST', '/api/assignment/actions/batch', token, {
      actions: actions.map(([action_type, minute], i) => ({
        id: `${attempt}-${i}`,
        assignment_id: assignment,
        assignment_attempt_id: attempt,
        action_type,
        created_at: new Date(start.getTime() + minute * 60_000).toISOString(),
      })),
    });
    world.env.setNow(finish);
    await ok('POST', `/api/assignment-attempts/${attempt}/finish.json`, token);
    return attempt;
  }

  async function makeAssignment(school: string, name: string): Promise<string> {
    world.env.setNow(minutes(-60));
    const made = await ok('POST', '/api/assignments', tokenFor('teacher', school), {
      type: 'external',
      name,
      students: [`student-${school}-1`, `student-${school}-2`],
    });
    return (made.entity as { id: string }).id;
  }

  beforeAll(async () => {
    world.env = await startAnalyticsApp();
    const a = await makeAssignment('school-a', 'Экзамен по алгебре');
    const first = await sitExam(
      'school-a',
      1,
      a,
      T0,
      [
        ['focus_lost', 1],
        ['focus_lost', 2],
        ['face_missing', 3],
        ['second_monitor', 4],
        ['session_started', 0],
      ],
      minutes(12),
    );
    const second = await sitExam(
      'school-a',
      2,
      a,
      minutes(24 * 60),
      [
        ['noise', 5],
        ['noise', 5.01],
        ['noise', 5.02],
      ],
      minutes(24 * 60 + 33),
    );
    world.schoolA = { assignment: a, attempts: [first, second] };
    const b = await makeAssignment('school-b', 'Чужой экзамен');
    const other = await sitExam('school-b', 1, b, minutes(60), [['focus_lost', 1]], minutes(70));
    world.schoolB = { assignment: b, attempts: [other] };
    world.env.setNow(new Date('2026-03-20T00:00:00Z'));
    await world.env.caughtUp();
  }, 180_000);
  afterAll(async () => {
    await world.env?.close();
  });

  return { world, call, ok, query, dashboard };
}

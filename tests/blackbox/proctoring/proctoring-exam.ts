import type { httpOf } from './proctoring-http';
import { S1, S2, student1, student2, teacher } from './proctoring-http';

type Http = ReturnType<typeof httpOf>;

/** The exam proctoring.int.test.ts works on: one assignment, an attempt per student, and its clock. */
export interface Exam {
  assignment: string;
  attempt1: string;
  attempt2: string;
  /** Four minutes before the first attempt's start, in whole seconds (see `at`). */
  t0: number;
}

/** An external exam of school-a given to both students, each with an attempt. */
export async function openExam({ call, ok }: Http): Promise<Exam> {
  const made = await ok(
    call('POST', '/api/assignments', teacher, {
      type: 'external',
      name: 'Экзамен по алгебре',
      students: [S1, S2],
      reviewers: ['teacher-school-a-3'],
      settings: { proctoring_settings: { focus_tolerance: 2000 } },
    }),
    201,
  );
  const assignment = made.entity!.id;
  const first = (
    await ok(call('POST', '/api/assignment-attempts', student1, { assignment_id: assignment }), 201)
  ).entity!;
  const attempt2 = (
    await ok(call('POST', '/api/assignment-attempts', student2, { assignment_id: assignment }), 201)
  ).entity!.id;
  return {
    assignment,
    attempt1: first.id,
    attempt2,
    t0: Math.floor(Date.parse(String(first.started_at)) / 1000) * 1000 - 4 * 60_000,
  };
}

/** What the exam's clients post: actions and activities, for the exam `exam()` gives once it is open. */
export function examPosts({ call }: Http, exam: () => Exam) {
  /**
   * Whole seconds from t0, as ISO: the signals of a running exam. t0 lies four minutes before the
   * first attempt's start: a client time may lie up to five minutes before the attempt's start (clock
   * skew) and five after the server's now, so at(0) … at(500) are all accepted.
   */
  const at = (seconds: number) => new Date(exam().t0 + seconds * 1000).toISOString();
  const action = (fields: Record<string, unknown>) => ({
    assignment_id: exam().assignment,
    assignment_attempt_id: exam().attempt1,
    ...fields,
  });
  /** One action of the first student's attempt, posted as `token` (the student's client or a watcher). */
  const postAction = (token: string, fields: Record<string, unknown>) =>
    call('POST', '/api/assignment/actions', token, action(fields));
  const postBatch = (token: string, actions: unknown[]) =>
    call('POST', '/api/assignment/actions/batch', token, { actions });
  /** An action of the second student's attempt, which a test finishes. */
  const postToAttempt2 = (token: string, action_type: string) =>
    call('POST', '/api/assignment/actions', token, {
      assignment_id: exam().assignment,
      assignment_attempt_id: exam().attempt2,
      action_type,
    });
  const postActivity = (token: string, fields: Record<string, unknown>) =>
    call('POST', '/api/assignment/activities', token, { assignment_id: exam().assignment, ...fields });
  return { at, action, postAction, postBatch, postToAttempt2, postActivity };
}

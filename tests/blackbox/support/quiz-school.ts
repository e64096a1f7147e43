import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { tokenFor } from '../records/records-app';
import type { Body, ContextsApp } from '../schools/contexts-app';

/**
 * School-a with registered students and its teacher's one-question quiz, taken over HTTP: the fixture of
 * the black-box tests of what follows a finished attempt (certificates, the public report). Tokens are
 * the record API's test tokens (records-app.ts): `student(n)` signs in as the user `S(n)`.
 */
export const teacher = tokenFor('teacher', 'school-a');
export const student = (n: number) => tokenFor('student', 'school-a', n);
export const S = (n: number) => `student-school-a-${n}`;

type Answer = Promise<{ status: number; body: Body }>;
/** A caller from contexts-app.ts (`caller(() => env.app)`). */
export type Call = (method: string, url: string, token: string | null, payload?: unknown) => Answer;

/** The answer's body, once its status is the one expected (the body shown when it is not). */
export const ok = async (answer: Answer, status = 200) => {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
};
export const entityOf = async (answer: Answer, status = 200) => (await ok(answer, status)).entity!;

/** 2 × 2 = ?: 3 (a) or 4 (b, the right one), 2 points. */
export const TWO_TIMES_TWO = {
  component_type: 'choice',
  data: {
    question: '2 × 2 = ?',
    options: [
      { id: 'a', text: '3' },
      { id: 'b', text: '4' },
    ],
    correct: ['b'],
  },
  settings: { points: 2 },
};

/** Registers school-a («Лицей А») and its students 1 to `students` (Айгерим{n} Касымова) as events. */
export async function registerSchool(env: Pick<ContextsApp, 'store'>, students: number): Promise<void> {
  const plant = (stream: string, type: string, data: object) =>
    env.store.append(stream, [{ id: randomUUID(), type, data, metadata: {} }], {
      expectedVersion: 'no_stream',
    });
  await plant('school-school-a', 'SchoolRegistered', {
    schoolId: 'school-a',
    type: 'school',
    name: 'Лицей А',
  });
  for (let n = 1; n <= students; n++) {
    await plant(`user-${S(n)}`, 'UserRegistered', {
      userId: S(n),
      username: `s${n}`,
      group: 'student',
      schoolIds: ['school-a'],
      firstname: `Айгерим${n}`,
      lastname: 'Касымова',
      passwordHash: 'not-a-usable-hash',
      registeredAt: new Date().toISOString(),
    });
  }
}

/** The teacher's quiz «Умножение» of the one question; returns its id. */
export async function createQuiz(call: Call): Promise<string> {
  const quiz = await entityOf(
    call('POST', '/api/quiz', teacher, { name: 'Умножение', components: [TWO_TIMES_TWO] }),
    201,
  );
  return quiz.id;
}

/**
 * Student `n` starts an attempt of an assignment made from the quiz, answers (right or wrong) and
 * finishes; `meanwhile` runs between the answer and the finish (the camera's signals, say). Returns the
 * attempt's id.
 */
export async function takeQuiz(
  call: Call,
  assignment: Body['entity'],
  n: number,
  right: boolean,
  meanwhile?: (attemptId: string) => Promise<void>,
): Promise<string> {
  const attempt = await entityOf(
    call('POST', '/api/assignment-attempts', student(n), { assignment_id: assignment!.id }),
    201,
  );
  await ok(
    call('POST', '/api/assignment-results', student(n), {
      assignment_attempt_id: attempt.id,
      component_id: (assignment!.components as { id: string }[])[0]!.id,
      component_type: 'choice',
      answer: { selected: [right ? 'b' : 'a'] },
    }),
    201,
  );
  await meanwhile?.(attempt.id);
  await ok(call('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, student(n)));
  return attempt.id;
}

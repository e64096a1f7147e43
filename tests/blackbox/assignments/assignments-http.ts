import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { TWO_TIMES_TWO } from '../support/quiz-school';

/**
 * What the assignments suites share: the people of school-a and school-b (the record API's test tokens,
 * records-app.ts), the quiz the assignments are made from, and the calls as the web app makes them.
 */
export type Body = Record<string, unknown> & {
  entity?: Record<string, unknown> & { id: string };
  entities?: (Record<string, unknown> & { id: string })[];
  errors?: Record<string, string[]>;
};
export const teacher = tokenFor('teacher', 'school-a');
export const reviewer = tokenFor('teacher', 'school-a', 3);
export const colleague = tokenFor('teacher', 'school-a', 2);
export const outsider = tokenFor('teacher', 'school-b');
export const student1 = tokenFor('student', 'school-a');
export const student2 = tokenFor('student', 'school-a', 2);
export const stranger = tokenFor('student', 'school-a', 4);
export const S1 = 'student-school-a-1';
export const S2 = 'student-school-a-2';
export const REVIEWER = 'teacher-school-a-3';

/** Questions of the quiz the assignments are made from: 1 and 2 points to choose, an essay of 5. */
export const questions = [
  {
    component_type: 'choice',
    data: {
      question: '1/2 + 1/2 = ?',
      options: [
        { id: 'a', text: '1' },
        { id: 'b', text: '2' },
      ],
      correct: ['a'],
    },
    settings: { points: 1 },
  },
  TWO_TIMES_TWO,
  { component_type: 'free', data: { question: 'Объясните решение' }, settings: { points: 5 } },
];

/** The API's calls against the app `app()` answers with, their bodies typed as these tests read them. */
export function httpOf(app: () => FastifyInstance) {
  /** The API's answer, its body typed as these tests read it. */
  const call = caller<Body>(app);
  const entity = async (answer: Promise<{ status: number; body: Body }>, status = 200) => {
    const { status: got, body } = await answer;
    expect(got, JSON.stringify(body)).toBe(status);
    return body.entity!;
  };
  const list = async (url: string, token: string) => {
    const { status, body } = await call('GET', url, token);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.entities!;
  };
  const start = (assignmentId: string, token: string) =>
    call('POST', '/api/assignment-attempts', token, { assignment_id: assignmentId });
  const answer = (attemptId: string, componentId: string, type: string, value: unknown, token: string) =>
    call('POST', '/api/assignment-results', token, {
      assignment_attempt_id: attemptId,
      component_id: componentId,
      component_type: type,
      answer: value,
    });
  const scoresOf = async (assignmentId: string, token = teacher) =>
    Object.fromEntries(
      (await list(`/api/assignment-scores?filter[assignment_id]=${assignmentId}`, token)).map((s) => [
        s.student_id,
        s.score,
      ]),
    );
  return { call, entity, list, start, answer, scoresOf };
}

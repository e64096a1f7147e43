import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';

/**
 * The people of the proctoring suite (school-a's teacher, reviewer, colleague, proctor and two students;
 * school-b's outsiders), the calls as the web app makes them, and the shapes the tests read.
 */
export type Body = Record<string, unknown> & {
  entity?: Record<string, unknown> & { id: string };
  entities?: (Record<string, unknown> & { id: string })[];
  errors?: Record<string, string[]>;
  message?: string;
  status_code?: number;
};

export const teacher = tokenFor('teacher', 'school-a');
export const reviewer = tokenFor('teacher', 'school-a', 3);
export const colleague = tokenFor('teacher', 'school-a', 2);
export const proctor = tokenFor('proctor', 'school-a');
export const outsider = tokenFor('teacher', 'school-b');
export const outsideProctor = tokenFor('proctor', 'school-b');
export const outsideStudent = tokenFor('student', 'school-b');
export const student1 = tokenFor('student', 'school-a');
export const student2 = tokenFor('student', 'school-a', 2);
export const S1 = 'student-school-a-1';
export const S2 = 'student-school-a-2';
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The API's calls against the app `app()` answers with. */
export function httpOf(app: () => FastifyInstance) {
  /** The API's answer (status, headers, raw bytes), its body typed as these tests read it. */
  const call = caller<Body>(app);
  const ok = async (answer: Promise<{ status: number; body: Body }>, status = 200) => {
    const { status: got, body } = await answer;
    expect(got, JSON.stringify(body)).toBe(status);
    return body;
  };
  return { call, ok };
}

/** Asks each token in turn and expects its status, the token named in a failure. */
export async function expectStatuses(
  ask: (token: string) => Promise<{ status: number }>,
  table: readonly (readonly [token: string, status: number])[],
) {
  for (const [token, status] of table)
    expect({ token, status: (await ask(token)).status }).toEqual({ token, status });
}

/** One interval of a timeline, as GET /api/proctoring/timelines/{attempt} answers it. */
export type Interval = {
  key: string;
  type: string;
  start: string;
  end: string;
  duration: number;
  duration_class: string;
  duration_text: string;
  signals: number;
  sources: string[];
  review: { decision: string } | null;
};

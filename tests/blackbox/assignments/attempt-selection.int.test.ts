import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';

/**
 * What each attempt shows over HTTP: with variants, a draw per student and shuffling on, students get
 * different variants and orders, the same attempt always reads the same, answers to questions the
 * attempt does not show are refused, and the attempt's points count its own questions. Finishing the
 * whole assignment finishes the attempts still running.
 */
let env: AssignmentsApp;
beforeAll(async () => {
  env = await startAssignmentsApp();
});
afterAll(async () => {
  await env?.close();
});

type Entity = Record<string, unknown> & { id: string };
type Attempt = Entity & {
  status: string;
  variant: number | null;
  components: string[] | null;
  option_orders: Record<string, string[]>;
  max_points: number | null;
  finish_reason: string | null;
};

const teacher = tokenFor('teacher', 'school-a');
const STUDENTS = Array.from({ length: 16 }, (_, i) => i + 1);
const studentToken = (n: number) => tokenFor('student', 'school-a', n);
const studentId = (n: number) => `student-school-a-${n}`;

const call = caller<{
  entity?: Entity;
  entities?: Entity[];
  errors?: Record<string, string[]>;
  message?: string;
}>(() => env.app);
async function entity(answer: ReturnType<typeof call>, status = 200) {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body.entity!;
}

/** Six questions: two variant groups of two, two in every variant; easy and hard ones. */
const choice = (question: string, settings: Record<string, unknown>) => ({
  component_type: 'choice',
  data: {
    question,
    options: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, text: id.toUpperCase() })),
    correct: ['a'],
  },
  settings: { points: 2, ...settings },
});
const quizComponents = [
  { component_type: 'text', data: { content: 'Прочитайте условия внимательно' }, settings: {} },
  choice('Общий 1', { difficulty_group: 1 }),
  choice('Общий 2', { difficulty_group: 2 }),
  choice('Вариант 1, лёгкий', { variant_group: 1, difficulty_group: 1 }),
  choice('Вариант 1, трудный', { variant_group: 1, difficulty_group: 2 }),
  choice('Вариант 2, лёгкий', { variant_group: 2, difficulty_group: 1 }),
  choice('Вариант 2, трудный', { variant_group: 2, difficulty_group: 2 }),
];

let assignmentId: string;
/** The assignment's components: the text block first, then the six questions. */
let components: { id: string; type: string; data: { question?: string } }[];
const attempts = new Map<number, Attempt>();

async function attemptAsStudent(n: number, id: string): Promise<Attempt> {
  return (await entity(call('GET', `/api/assignment-attempts/${id}`, studentToken(n)))) as Attempt;
}

describe('what each attempt shows', () => {
  beforeAll(async () => {
    const quiz = await entity(
      call('POST', '/api/quiz', teacher, { name: 'Варианты', components: quizComponents }),
      201,
    );
    const made = await entity(
      call('POST', '/api/assignments', teacher, {
        type: 'quiz',
        quizzes: [quiz.id],
        students: STUDENTS.map(studentId),
        points_method_type: 'sum',
        // The student reads their attempt's points once it is over.
        is_show_scores: true,
        settings: {
          component_settings: { all: { shuffle: true, per_student: 2, variant_split: 'random' } },
        },
      }),
      201,
    );
    assignmentId = made.id;
    components = made.components as typeof components;
    for (const n of STUDENTS) {
      const started = await entity(
        call('POST', '/api/assignment-attempts', studentToken(n), { assignment_id: assignmentId }),
        201,
      );
      attempts.set(n, started as Attempt);
    }
  });

  it('gives each attempt a variant, two questions of it drawn by difficulty, shuffled with their options', async () => {
    const question = (id: string) => components.find((c) => c.id === id)!;
    for (const attempt of attempts.values()) {
      expect(attempt.variant === 1 || attempt.variant === 2).toBe(true);
      // The text block stays first; then two questions, one easy and one hard, of the attempt's variant
      // or of every variant.
      expect(attempt.components![0]).toBe(components[0]!.id);
      const shown = attempt.components!.slice(1).map((id) => question(id).data.question!);
      expect(shown).toHaveLength(2);
      for (const text of shown) expect(text).toMatch(new RegExp(`^(Общий|Вариант ${attempt.variant},)`));
      const easy = shown.filter((text) => /Общий 1|лёгкий/.test(text));
      expect(easy).toHaveLength(1);
      expect(attempt.max_points).toBe(4);
      for (const id of attempt.components!.slice(1)) {
        expect([...attempt.option_orders[id]!].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      }
    }
    // Sixteen students: not all the same variant, not all the same questions and order.
    const all = [...attempts.values()];
    expect(new Set(all.map((a) => a.variant)).size).toBe(2);
    expect(new Set(all.map((a) => a.components!.join())).size).toBeGreaterThan(2);
    expect(new Set(all.map((a) => JSON.stringify(a.option_orders))).size).toBe(all.length);
  });

  it('the same attempt always reads the same, for its student and for the teacher', async () => {
    for (const [n, attempt] of attempts) {
      const again = await attemptAsStudent(n, attempt.id);
      const teachers = (await entity(
        call('GET', `/api/assignment-attempts/${attempt.id}`, teacher),
      )) as Attempt;
      for (const read of [again, teachers]) {
        expect(read.variant).toBe(attempt.variant);
        expect(read.components).toEqual(attempt.components);
        expect(read.option_orders).toEqual(attempt.option_orders);
      }
    }
  });

  it('refuses answers to questions the attempt does not show; points count the attempt’s own', async () => {
    const [n, attempt] = [...attempts][0]!;
    const hidden = components.find((c) => c.type === 'choice' && !attempt.components!.includes(c.id))!;
    const refused = await call('POST', '/api/assignment-results', studentToken(n), {
      assignment_attempt_id: attempt.id,
      component_id: hidden.id,
      component_type: 'choice',
      answer: { selected: ['a'] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ component_id: ['Этого вопроса нет в вашей попытке'] });
    for (const id of attempt.components!.slice(1)) {
      await entity(
        call('POST', '/api/assignment-results', studentToken(n), {
          assignment_attempt_id: attempt.id,
          component_id: id,
          component_type: 'choice',
          answer: { selected: ['a'] },
        }),
        201,
      );
    }
    await entity(call('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, studentToken(n)));
    const scores = (
      await call('GET', `/api/assignment-scores?filter[assignment_id]=${assignmentId}`, teacher)
    ).body.entities!;
    expect(scores.find((s) => s.student_id === studentId(n))).toMatchObject({ score: 4 });
    expect(await attemptAsStudent(n, attempt.id)).toMatchObject({ points: 4, max_points: 4 });
  });

  it('finishing the whole assignment finishes every attempt still running, once', async () => {
    const running = [...attempts.keys()].slice(1);
    for (let i = 0; i < 2; i += 1) {
      expect(
        await entity(call('POST', `/api/assignments/${assignmentId}/finish.json`, teacher)),
      ).toMatchObject({ status: 'completed' });
    }
    for (const n of running) {
      expect(await attemptAsStudent(n, attempts.get(n)!.id)).toMatchObject({
        status: 'finished',
        finish_reason: 'teacher',
      });
    }
    // The attempt its student had finished keeps its own end.
    const [first, attempt] = [...attempts][0]!;
    expect(await attemptAsStudent(first, attempt.id)).toMatchObject({ finish_reason: 'student' });
    const finishes = (await env.store.readAll({ maxCount: 100_000 })).filter(
      (e) =>
        e.type === 'AssignmentAttemptFinished' &&
        (e.data as { assignment_id: string }).assignment_id === assignmentId,
    );
    expect(finishes).toHaveLength(STUDENTS.length);
  });
});

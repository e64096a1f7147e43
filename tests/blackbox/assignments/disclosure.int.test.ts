import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { identityContext } from '../../../services/src/contexts/identity';
import { notificationsContext } from '../../../services/src/contexts/notifications';
import { NOTIFYING_PROCESS } from '../../../services/src/contexts/notifications/process-manager';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { caller, startContextsApp, type Body, type ContextsApp } from '../schools/contexts-app';
import { createQuiz, entityOf, ok, S, student, teacher } from '../support/quiz-school';

/**
 * What a student learns of their own grades, and when, over HTTP (docs/assignments.md "What a student
 * sees when"): with the default flags nothing of right or wrong while the attempt runs, however the
 * options are probed, in the answer's reply and in every read of results, attempts and scores; no
 * result notification before the finish; with `is_straight_answer` the verdict at once and one answer
 * a question; with scores and results shown, both after finishing, and one notification then.
 */
let env: ContextsApp;
const call = caller(() => env.app);
let quizId: string;

beforeAll(async () => {
  env = await startContextsApp([authoringContext, assignmentsContext, notificationsContext], {
    background: [identityContext],
  });
  quizId = await createQuiz(call);
});
afterAll(async () => {
  await env?.close();
});

async function settled() {
  await env.caughtUp();
  await waitForProjections(env.db, [NOTIFYING_PROCESS], await env.store.headPosition());
}

type Entity = NonNullable<Body['entity']>;
const assignment = async (n: number, flags: Record<string, boolean>) =>
  entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      students: [S(n)],
      is_proctoring: false,
      ...flags,
    }),
    201,
  );
const questionOf = (made: Entity) => (made.components as { id: string }[])[0]!.id;
const startAttempt = async (made: Entity, n: number) =>
  entityOf(call('POST', '/api/assignment-attempts', student(n), { assignment_id: made.id }), 201);
/** 2 × 2 = ?: option a (3) is wrong, b (4) is right. */
const answer = (made: Entity, attemptId: string, n: number, option: 'a' | 'b') =>
  call('POST', '/api/assignment-results', student(n), {
    assignment_attempt_id: attemptId,
    component_id: questionOf(made),
    component_type: 'choice',
    answer: { selected: [option] },
  });
const finish = (attemptId: string, n: number) =>
  entityOf(call('POST', `/api/assignment-attempts/${attemptId}/finish.json`, student(n)));
const listed = async (path: string, token: string) =>
  (await ok(call('GET', path, token))).entities as Entity[];
/** Every read a student has of their grades in one assignment: results, attempts, score. */
const studentReads = async (made: Entity, n: number) => ({
  results: (await listed(`/api/assignment-results?filter[assignment_id]=${made.id}`, student(n))).map((r) => [
    r.result,
    r.points,
  ]),
  attempts: (await listed(`/api/assignment-attempts?filter[assignment_id]=${made.id}`, student(n))).map(
    (a) => a.points,
  ),
  scores: (await listed(`/api/assignment-scores?filter[assignment_id]=${made.id}`, student(n))).map(
    (s) => s.score,
  ),
});
const resultNotices = async (n: number, assignmentId: string) =>
  ((await ok(call('GET', '/api/notifications?limit=100', student(n)))).entities as { data: Entity[] }).data
    .filter((i) => String(i.type).startsWith('result_'))
    .filter((i) => (i.parameters as Record<string, unknown>).assignment_id === assignmentId);

describe('with the default flags', () => {
  it('an answer tells that it was taken, never whether it is right, however the options are probed', async () => {
    const made = await assignment(1, {});
    expect(made).toMatchObject({
      is_straight_answer: false,
      is_show_scores: false,
      is_show_results_after_finished: false,
    });
    const attempt = await startAttempt(made, 1);
    const wrong = await entityOf(answer(made, attempt.id, 1, 'a'), 201);
    const right = await entityOf(answer(made, attempt.id, 1, 'b'), 201);
    for (const reply of [wrong, right]) {
      expect(reply).toMatchObject({ result: 1, points: null, report: null });
    }
    await settled();
    expect(await studentReads(made, 1)).toEqual({ results: [[1, null]], attempts: [null], scores: [null] });
    const [result] = await listed(`/api/assignment-results?filter[assignment_id]=${made.id}`, student(1));
    expect((await ok(call('GET', `/api/assignment-results/${result!.id}`, student(1)))).entity).toMatchObject(
      {
        result: 1,
        points: null,
      },
    );
    // The teacher sees what happened: the last answer was right, 2 points.
    const [graded] = await listed(`/api/assignment-results?filter[assignment_id]=${made.id}`, teacher);
    expect(graded).toMatchObject({ result: 3, points: 2 });
    expect(await resultNotices(1, made.id)).toEqual([]);

    // Finished: the flags show nothing, so nothing shows, and nobody is told of a result.
    await finish(attempt.id, 1);
    await settled();
    expect(await studentReads(made, 1)).toEqual({ results: [[1, null]], attempts: [null], scores: [null] });
    expect(await resultNotices(1, made.id)).toEqual([]);
  });
});

describe('with straight answers', () => {
  it('tells right or wrong at once, and takes one answer a question', async () => {
    const made = await assignment(2, { is_straight_answer: true });
    const attempt = await startAttempt(made, 2);
    expect(await entityOf(answer(made, attempt.id, 2, 'a'), 201)).toMatchObject({ result: 2, points: 0 });
    const probe = await answer(made, attempt.id, 2, 'b');
    expect(probe.status).toBe(422);
    expect(probe.body.errors).toEqual({ component_id: ['Ответ на этот вопрос уже принят'] });
    await settled();
    expect((await studentReads(made, 2)).results).toEqual([[2, 0]]);
  });
});

describe('with scores and results shown after finishing', () => {
  it('hides them while the attempt runs, shows them after, and tells the student once', async () => {
    const made = await assignment(3, { is_show_scores: true, is_show_results_after_finished: true });
    const attempt = await startAttempt(made, 3);
    expect(await entityOf(answer(made, attempt.id, 3, 'a'), 201)).toMatchObject({ result: 1, points: null });
    expect(await entityOf(answer(made, attempt.id, 3, 'b'), 201)).toMatchObject({ result: 1, points: null });
    await settled();
    expect(await studentReads(made, 3)).toEqual({ results: [[1, null]], attempts: [null], scores: [null] });
    // Two answers scored: still no "result ready" while the attempt runs.
    expect(await resultNotices(3, made.id)).toEqual([]);

    expect((await finish(attempt.id, 3)).points).toBe(2);
    await settled();
    expect(await studentReads(made, 3)).toEqual({ results: [[3, 2]], attempts: [2], scores: [2] });
    const notices = await resultNotices(3, made.id);
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'result_scored',
        parameters: expect.objectContaining({ assignment_attempt_id: attempt.id, score: 2 }),
      }),
    ]);

    // A second attempt: the first one's results stay shown, the running one's and the score do not.
    const second = await startAttempt(made, 3);
    await entityOf(answer(made, second.id, 3, 'a'), 201);
    await settled();
    const reads = await listed(`/api/assignment-results?filter[assignment_id]=${made.id}`, student(3));
    expect(reads.map((r) => [r.assignment_attempt_id, r.result, r.points])).toEqual(
      expect.arrayContaining([
        [attempt.id, 3, 2],
        [second.id, 1, null],
      ]),
    );
    expect((await studentReads(made, 3)).scores).toEqual([null]);
    expect(await resultNotices(3, made.id)).toHaveLength(1);
  });
});

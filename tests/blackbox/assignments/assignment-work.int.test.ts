import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../records/records-app';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';
import {
  httpOf,
  questions,
  teacher,
  reviewer,
  colleague,
  outsider,
  student1,
  student2,
  stranger,
  S1,
  S2,
  REVIEWER,
} from './assignments-http';

/**
 * The students' work over HTTP: attempts, answers, reviews and scores of a quiz given to a class of two
 * students, as the web app calls them; the suite makes its own class, quiz and first assignment.
 */
let env: AssignmentsApp;
const { call, entity, list, start, answer, scoresOf } = httpOf(() => env.app);

let classId: string;
let quizId: string;
/** The assignment's questions, in order: q1 (1 point), q2 (2 points), essay (5 points). */
let q1: string, q2: string, essay: string;

const makeAssignment = async (fields: Record<string, unknown>) =>
  entity(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      class_id: classId,
      reviewers: [REVIEWER],
      ...fields,
    }),
    201,
  );

beforeAll(async () => {
  env = await startAssignmentsApp();
  classId = (await entity(call('POST', '/api/classes', teacher, { name: '7 А', students: [S1, S2] }), 201))
    .id;
  quizId = (
    await entity(
      call('POST', '/api/quiz', teacher, {
        name: 'Дроби',
        description: 'Сложение дробей',
        components: questions,
      }),
      201,
    )
  ).id;
  const ids = ((await makeAssignment({})).components as { id: string }[]).map((c) => c.id);
  [q1, q2, essay] = [ids[0]!, ids[1]!, ids[2]!];
});
afterAll(async () => {
  await env?.close();
});

describe('attempts, results and scores', () => {
  let sum: string;
  let avg: string;
  const attempts: Record<string, string> = {};
  let essayResult: string;

  beforeAll(async () => {
    sum = (await makeAssignment({ points_method_type: 'sum' })).id;
    avg = (await makeAssignment({ points_method_type: 'avg' })).id;
    for (const [assignment, who, token] of [
      [sum, 's1', student1],
      [sum, 's2', student2],
      [avg, 's1', student1],
      [avg, 's2', student2],
    ] as const) {
      attempts[`${assignment}/${who}`] = (await entity(start(assignment, token), 201)).id;
    }
  });

  it('two students answer; scores follow sum and avg, rounded up', async () => {
    const at = (assignment: string, who: string) => attempts[`${assignment}/${who}`]!;
    const right1 = { selected: ['a'] };
    const right2 = { selected: ['b'] };
    const wrong2 = { selected: ['a'] };
    const taken = await entity(answer(at(sum, 's1'), q1, 'choice', right1, student1), 201);
    // The student is told the answer was taken (1), not whether it is right: the default flags.
    expect(taken).toMatchObject({
      student_id: S1,
      component_id: q1,
      result: 1,
      points: null,
      assessment_id: quizId,
    });
    expect(await entity(call('GET', `/api/assignment-results/${taken.id}`, teacher))).toMatchObject({
      result: 3,
      points: 1,
    });
    await entity(answer(at(sum, 's1'), q2, 'choice', right2, student1), 201);
    const wrong = await entity(answer(at(sum, 's2'), q2, 'choice', wrong2, student2), 201);
    expect((await entity(call('GET', `/api/assignment-results/${wrong.id}`, teacher))).result).toBe(2);
    // Sum: 1 + 2 = 3 and 0.
    expect(await scoresOf(sum)).toEqual({ [S1]: 3, [S2]: 0 });

    await entity(answer(at(avg, 's1'), q1, 'choice', right1, student1), 201);
    await entity(answer(at(avg, 's2'), q2, 'choice', right2, student2), 201);
    const pending = await entity(
      answer(at(avg, 's2'), essay, 'free', { text: 'Потому что 2 × 2 = 4' }, student2),
      201,
    );
    expect(pending).toMatchObject({ result: 1, points: null });
    essayResult = pending.id;
    // Avg over the 3 questions: 1/3 → 1 (rounded up, not to nearest), 2/3 → 1.
    expect(await scoresOf(avg)).toEqual({ [S1]: 1, [S2]: 1 });
    expect(
      (await list(`/api/assignment-attempts?filter[assignment_id]=${avg}`, teacher)).map((a) => [
        a.student_id,
        a.points,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [S1, 1],
        [S2, 2],
      ]),
    );
  });

  it('a reviewer overrides a result: manual points within 0..max, the score follows', async () => {
    const review = (points: unknown, token = reviewer) =>
      call('POST', '/api/assignment-reviewer-results', token, { assignment_result_id: essayResult, points });
    const missing = await call('POST', '/api/assignment-reviewer-results', reviewer, {
      assignment_result_id: essayResult,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ points: ['Вы не ввели балл'] });
    const tooMany = await review(6);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({
      status_code: 422,
      errors: { points: ['Введенный балл не может превышать максимального'] },
    });
    // A teacher who neither owns nor reviews the assignment cannot find the result.
    expect((await review(5, colleague)).status).toBe(422);

    const reviewed = await entity(review(5), 201);
    expect(reviewed).toMatchObject({
      assignment_result_id: essayResult,
      assignment_reviewer_id: REVIEWER,
      student_id: S2,
      result: 3,
      points: 5,
    });
    // Avg: (2 + 5) / 3 = 2.33 → 3.
    expect(await scoresOf(avg)).toEqual({ [S1]: 1, [S2]: 3 });
    const reviewerScores = await list(
      `/api/assignment-reviewer-scores?filter[assignment_id]=${avg}`,
      teacher,
    );
    expect(reviewerScores).toEqual([
      expect.objectContaining({ student_id: S2, reviewer_id: REVIEWER, score: 3 }),
    ]);
    // Reviewing again replaces the review under the same id.
    expect((await entity(review(1), 201)).id).toBe(reviewed.id);
    expect(await scoresOf(avg)).toEqual({ [S1]: 1, [S2]: 1 });
    // The student sees the review of their own work.
    expect((await list('/api/assignment-reviewer-results', student2)).map((r) => r.id)).toEqual([
      reviewed.id,
    ]);
    expect(await list('/api/assignment-reviewer-results', student1)).toEqual([]);
  });

  it('a student sees only their own work; the assignment’s teachers all of it; another school nothing', async () => {
    const own = await list(`/api/assignment-results?filter[assignment_id]=${sum}`, student2);
    expect(own.every((r) => r.student_id === S2)).toBe(true);
    expect(own).toHaveLength(1);
    const others = await list(
      `/api/assignment-results?filter[assignment_id]=${sum}&filter[student_id]=${S1}`,
      teacher,
    );
    expect(others).toHaveLength(2);
    for (const result of others) {
      expect((await call('GET', `/api/assignment-results/${result.id}`, student2)).status).toBe(404);
      expect((await call('GET', `/api/assignment-results/${result.id}`, teacher)).status).toBe(200);
      expect((await call('GET', `/api/assignment-results/${result.id}`, reviewer)).status).toBe(200);
      expect((await call('GET', `/api/assignment-results/${result.id}`, colleague)).status).toBe(404);
      expect((await call('GET', `/api/assignment-results/${result.id}`, outsider)).status).toBe(404);
    }
    expect((await list('/api/assignment-attempts', student1)).every((a) => a.student_id === S1)).toBe(true);
    expect((await call('GET', `/api/assignment-attempts/${attempts[`${sum}/s1`]}`, student2)).status).toBe(
      404,
    );
    expect(Object.keys(await scoresOf(sum, student1))).toEqual([S1]);
    // A proctor of the school follows the attempts, never the answers, scores or reviews.
    const proctor = tokenFor('proctor', 'school-a');
    const watched = await list(`/api/assignment-attempts?filter[assignment_id]=${sum}`, proctor);
    expect(watched.map((a) => a.id)).toContain(attempts[`${sum}/s1`]);
    expect(await list('/api/assignment-attempts', tokenFor('proctor', 'school-b'))).toEqual([]);
    for (const collection of ['assignment-results', 'assignment-scores', 'assignment-reviewer-results']) {
      expect((await call('GET', `/api/${collection}`, proctor)).status, collection).toBe(403);
    }
    for (const collection of [
      'assignment-attempts',
      'assignment-results',
      'assignment-scores',
      'assignment-reviewer-results',
    ]) {
      expect(await list(`/api/${collection}`, outsider), collection).toEqual([]);
      expect(await list(`/api/${collection}`, colleague), collection).toEqual([]);
    }
    // A student cannot answer in another's attempt.
    const foreign = await answer(attempts[`${sum}/s1`]!, q1, 'choice', { selected: ['b'] }, student2);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ assignment_attempt_id: ['Попытка не найдена'] });
  });

  it('a concurrent double submit of an answer, or of finish, records it once', async () => {
    const attempt = attempts[`${sum}/s2`]!;
    const twice = await Promise.all([
      answer(attempt, q1, 'choice', { selected: ['a'] }, student2),
      answer(attempt, q1, 'choice', { selected: ['a'] }, student2),
    ]);
    expect(twice.map((r) => r.status)).toEqual([201, 201]);
    expect(twice[0]!.body.entity!.id).toBe(twice[1]!.body.entity!.id);
    const rows = await list(
      `/api/assignment-results?filter[assignment_attempt_id]=${attempt}&filter[component_id]=${q1}`,
      student2,
    );
    expect(rows).toHaveLength(1);
    const recorded = (await env.store.readAll({ maxCount: 100_000 })).filter(
      (e) =>
        e.type === 'AssignmentResultRecorded' && (e.data as { result_id: string }).result_id === rows[0]!.id,
    );
    expect(recorded).toHaveLength(1);

    // Two different answers at once both land: the loser of the race decides again.
    const both = await Promise.all([
      answer(attempt, q2, 'choice', { selected: ['b'] }, student2),
      answer(attempt, essay, 'free', { text: 'Ответ' }, student2),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(
      await list(`/api/assignment-results?filter[assignment_attempt_id]=${attempt}`, student2),
    ).toHaveLength(3);

    const finished = await Promise.all([
      call('POST', `/api/assignment-attempts/${attempt}/finish.json`, student2),
      call('POST', `/api/assignment-attempts/${attempt}/finish.json`, student2),
    ]);
    expect(finished.map((r) => r.status)).toEqual([200, 200]);
    expect(finished[0]!.body.entity).toMatchObject({ status: 'finished', finish_reason: 'student' });
    const finishes = (await env.store.readAll({ maxCount: 100_000 })).filter(
      (e) =>
        e.type === 'AssignmentAttemptFinished' && (e.data as { attempt_id: string }).attempt_id === attempt,
    );
    expect(finishes).toHaveLength(1);
    const late = await answer(attempt, q1, 'choice', { selected: ['b'] }, student2);
    expect(late.body.errors).toEqual({ assignment_attempt_id: ['Попытка уже завершена'] });
  });

  it('max_attempts is enforced, also against two starts at once', async () => {
    const once = (await makeAssignment({ max_attempts: 1 })).id;
    const racing = await Promise.all([start(once, student1), start(once, student1)]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 422]);
    const attempt = racing.find((r) => r.status === 201)!.body.entity!;
    expect(attempt).toMatchObject({ number: 1, status: 'active', student_id: S1 });
    await entity(call('POST', `/api/assignment-attempts/${attempt.id}/finish.json`, student1));
    const again = await start(once, student1);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      status_code: 422,
      errors: { assignment_id: ['Попытки закончились'] },
    });
    // Teachers do not take assignments; students not given it do not see it.
    expect((await start(once, teacher)).status).toBe(403);
    expect((await start(once, stranger)).status).toBe(404);
  });

  it('the teacher finishes, restores and gives time to one student', async () => {
    const timed = (await makeAssignment({ complete_time: 30 })).id;
    const attempt = await entity(start(timed, student1), 201);
    const endsAt = Date.parse(attempt.ends_at as string);
    expect(endsAt - Date.parse(attempt.started_at as string)).toBe(30 * 60_000);
    const base = `/api/assignments/${timed}/students/${S1}`;
    const plus = await call('POST', `${base}/time.json`, reviewer, { minutes: 15 });
    expect(plus.status).toBe(200);
    expect(Date.parse(plus.body.entities![0]!.ends_at as string) - endsAt).toBe(15 * 60_000);
    expect((await call('POST', `${base}/time.json`, colleague, { minutes: 15 })).status).toBe(404);
    const finished = await call('POST', `${base}/finish.json`, teacher);
    expect(finished.body.entities![0]).toMatchObject({ status: 'finished', finish_reason: 'teacher' });
    expect((await start(timed, student1)).body.errors).toEqual({
      assignment_id: ['Преподаватель завершил задание для вас'],
    });
    const restored = await call('POST', `${base}/restore.json`, teacher);
    expect(restored.body.entities![0]).toMatchObject({ status: 'active', finish_reason: null });
    expect((await call('POST', `${base}/reset-time.json`, teacher)).status).toBe(200);
  });

  it('comments: the staff on a result, the student on their own work when comments are on', async () => {
    const comment = await entity(
      call('POST', '/api/assignment-comments', reviewer, {
        assignment_id: avg,
        assignment_result_id: essayResult,
        message: 'Хорошее объяснение',
      }),
      201,
    );
    expect(comment).toMatchObject({ student_id: S2, user_id: REVIEWER, component_id: essay });
    expect((await list('/api/assignment-comments', student2)).map((c) => c.id)).toEqual([comment.id]);
    expect(await list('/api/assignment-comments', student1)).toEqual([]);
    const off = await call('POST', '/api/assignment-comments', student2, {
      assignment_id: avg,
      message: 'Вопрос',
    });
    expect(off.body.errors).toEqual({ message: ['Комментарии к заданию отключены'] });
  });
});

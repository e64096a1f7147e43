import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';
import { colleague, httpOf, questions, student1, teacher, S1, S2 } from './assignments-http';

/**
 * Editing an assignment once students started, and deleting the quiz and the class it was made from,
 * over HTTP as the web app calls them (docs/assignments.md, "Editing an assignment").
 */
let env: AssignmentsApp;
const { call, entity, list, start, answer } = httpOf(() => env.app);
let classId: string;
let quizId: string;

beforeAll(async () => {
  env = await startAssignmentsApp();
  classId = (await entity(call('POST', '/api/classes', teacher, { name: '8 Б', students: [S1, S2] }), 201))
    .id;
  quizId = (await entity(call('POST', '/api/quiz', teacher, { name: 'Дроби', components: questions }), 201))
    .id;
});
afterAll(async () => {
  await env?.close();
});

const makeAssignment = async () =>
  entity(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      class_id: classId,
      is_proctoring: false,
      ending_at_type: 'date',
      ending_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    }),
    201,
  );
const edit = (id: string, changes: Record<string, unknown>, token = teacher) =>
  call('PUT', `/api/assignments/${id}`, token, changes);

describe('editing an assignment', () => {
  it('before any attempt changes anything; after one, the questions stay and later ends are taken', async () => {
    const assignment = await makeAssignment();
    const before = await edit(assignment.id, { max_attempts: 2, points_method_type: 'avg' });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.entity).toMatchObject({ max_attempts: 2, points_method_type: 'avg' });

    const attempt = await entity(start(assignment.id, student1), 201);

    const forbidden = await edit(assignment.id, {
      type: 'external',
      name: 'Эссе',
      points_method_type: 'sum',
    });
    expect(forbidden.status).toBe(422);
    expect(forbidden.body.errors).toEqual({
      type: ['Тип задания нельзя изменить: ученики уже начали попытки'],
      points_method_type: ['Способ подсчёта баллов нельзя изменить: ученики уже начали попытки'],
    });
    const earlier = await edit(assignment.id, { ending_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors).toHaveProperty('ending_at');
    const removed = await edit(assignment.id, { students: [S2] });
    expect(removed.body.errors).toEqual({
      students: ['Нельзя убрать из задания ученика, который уже начал попытку'],
    });

    const laterEnd = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const allowed = await edit(assignment.id, {
      description: 'Повторение',
      complete_time: 40,
      ending_at: laterEnd,
      type: 'quiz',
      quizzes: [quizId],
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.entity).toMatchObject({
      description: 'Повторение',
      complete_time: 40,
      ending_at: laterEnd,
    });
    // The student goes on with the same questions.
    const first = (assignment.components as { id: string }[])[0]!.id;
    const answered = await answer(attempt.id, first, 'choice', { selected: ['a'] }, student1);
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  });

  it('is the owner’s or the school staff’s: a colleague is refused', async () => {
    const assignment = await makeAssignment();
    const refused = await edit(assignment.id, { description: 'чужое' }, colleague);
    expect([403, 404]).toContain(refused.status);
  });
});

describe('deleting the quiz and the class an assignment was made from', () => {
  it('leaves the assignment working from the questions it copied, and the lists without them', async () => {
    const quiz = await entity(
      call('POST', '/api/quiz', teacher, { name: 'Проценты', components: questions }),
      201,
    );
    const klass = await entity(call('POST', '/api/classes', teacher, { name: '9 В', students: [S1] }), 201);
    const assignment = await entity(
      call('POST', '/api/assignments', teacher, {
        type: 'quiz',
        quizzes: [quiz.id],
        class_id: klass.id,
        is_proctoring: false,
      }),
      201,
    );
    expect([403, 404]).toContain((await call('DELETE', `/api/quiz/${quiz.id}`, colleague)).status);
    expect([403, 404]).toContain((await call('DELETE', `/api/quiz/${quiz.id}`, student1)).status);
    expect([403, 404]).toContain((await call('DELETE', `/api/classes/${klass.id}`, colleague)).status);
    expect([403, 404]).toContain((await call('DELETE', `/api/classes/${klass.id}`, student1)).status);
    expect((await call('GET', `/api/classes/${klass.id}`, teacher)).status).toBe(200);
    expect((await call('DELETE', `/api/quiz/${quiz.id}`, teacher)).status).toBe(204);
    expect((await call('DELETE', `/api/classes/${klass.id}`, teacher)).status).toBe(204);
    expect((await list('/api/quiz?limit=100', teacher)).map((q) => q.id)).not.toContain(quiz.id);
    expect((await list('/api/classes?limit=100', teacher)).map((c) => c.id)).not.toContain(klass.id);
    expect((await call('GET', `/api/quiz/${quiz.id}`, teacher)).status).toBe(404);

    // The form saved again sends the deleted quiz's id: the copy is kept, nothing is looked up again.
    const saved = await edit(assignment.id, {
      type: 'quiz',
      quizzes: [quiz.id],
      class_id: klass.id,
      description: 'После удаления',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.entity!.components).toEqual(assignment.components);
    expect(saved.body.entity!.students).toEqual([S1]);

    const attempt = await entity(start(assignment.id, student1), 201);
    const first = (assignment.components as { id: string }[])[0]!.id;
    const answered = await answer(attempt.id, first, 'choice', { selected: ['a'] }, student1);
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  });
});

import { randomUUID } from 'node:crypto';
import { assignmentRecordSchema, EventRegistry } from '@sabaq/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PostgresEventStore } from '../../../services/src/platform/event-store/postgres/postgres-event-store';
import { tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { TWO_TIMES_TWO } from '../support/quiz-school';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';

/**
 * Classes, assignments and the students' work over HTTP, as the web app calls them: a teacher of
 * school-a with a class of two students, a reviewer colleague, a colleague who is neither, and a
 * teacher of school-b. Tokens are the record API's test tokens (records-app.ts).
 */
let env: AssignmentsApp;
beforeAll(async () => {
  env = await startAssignmentsApp();
});
afterAll(async () => {
  await env?.close();
});

type Body = Record<string, unknown> & {
  entity?: Record<string, unknown> & { id: string };
  entities?: (Record<string, unknown> & { id: string })[];
  errors?: Record<string, string[]>;
};
const teacher = tokenFor('teacher', 'school-a');
const reviewer = tokenFor('teacher', 'school-a', 3);
const colleague = tokenFor('teacher', 'school-a', 2);
const outsider = tokenFor('teacher', 'school-b');
const student1 = tokenFor('student', 'school-a');
const student2 = tokenFor('student', 'school-a', 2);
const stranger = tokenFor('student', 'school-a', 4);
const S1 = 'student-school-a-1';
const S2 = 'student-school-a-2';
const REVIEWER = 'teacher-school-a-3';

const inject = caller(() => env.app);
/** The API's answer, its body typed as these tests read it. */
const call = async (method: string, url: string, token: string, payload?: unknown) =>
  (await inject(method, url, token, payload)) as { status: number; body: Body };
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

/** Questions of the quiz the assignments are made from: 1 and 2 points to choose, an essay of 5. */
const questions = [
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

describe('the OpenAPI document', () => {
  it('describes the collections and the action routes', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const paths = Object.keys((response.json() as { paths: object }).paths);
    for (const path of [
      '/api/classes',
      '/api/assignments',
      '/api/assignments/{id}/suspend.json',
      '/api/assignments/{id}/clone.json',
      '/api/assignments/{id}/students/{studentId}/time.json',
      '/api/assignment-attempts/{id}/finish.json',
      '/api/assignment-results',
      '/api/assignment-reviewer-results',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('classes', () => {
  it('a teacher creates a class of two students; they see it, nobody else does', async () => {
    const created = await entity(
      call('POST', '/api/classes', teacher, { name: '7 А', students: [S1, S2, S1] }),
      201,
    );
    classId = created.id;
    expect(created).toMatchObject({
      type: 'group',
      name: '7 А',
      school_id: 'school-a',
      owner_id: 'teacher-school-a-1',
      teachers: ['teacher-school-a-1'],
      students: [S1, S2],
      teachers_count: 1,
      students_count: 2,
    });
    expect((await list('/api/classes', student1)).map((c) => c.id)).toEqual([classId]);
    expect(await list('/api/classes', stranger)).toEqual([]);
    expect((await call('GET', `/api/classes/${classId}`, stranger)).status).toBe(404);
    expect(await list('/api/classes', outsider)).toEqual([]);
    expect((await call('GET', `/api/classes/${classId}`, outsider)).status).toBe(404);
    // Students do not make classes; a colleague reads them but edits only their own.
    expect((await call('POST', '/api/classes', student1, { name: 'x' })).status).toBe(403);
    expect((await call('PUT', `/api/classes/${classId}`, colleague, { name: 'x' })).status).toBe(404);
    await entity(call('PUT', `/api/classes/${classId}`, teacher, { description: 'Математика' }));
  });
});

describe('assignments', () => {
  beforeAll(async () => {
    const quiz = await entity(
      call('POST', '/api/quiz', teacher, {
        name: 'Дроби',
        description: 'Сложение дробей',
        components: questions,
      }),
      201,
    );
    quizId = quiz.id;
  });

  it('a proctored assignment is made with the specification’s defaults, field by field', async () => {
    const before = Date.now();
    const made = await makeAssignment({});
    const after = Date.now();
    const ids = (made.components as { id: string }[]).map((c) => c.id);
    [q1, q2, essay] = [ids[0]!, ids[1]!, ids[2]!];

    // Name and description from the chosen quiz; the class's students.
    expect(made).toMatchObject({
      type: 'quiz',
      name: 'Дроби',
      description: 'Сложение дробей',
      class_id: classId,
      students: [S1, S2],
      reviewers: [REVIEWER],
      owner_id: 'teacher-school-a-1',
      school_id: 'school-a',
      status: 'process',
      is_started: true,
      is_finished: false,
      is_suspended: false,
      points: 8,
    });
    // 000 §3: starting_at_type now, ending_at_type without, start now, end 7 days on; proctoring on.
    const startingAt = Date.parse(made.starting_at as string);
    expect(startingAt).toBeGreaterThanOrEqual(before - 1);
    expect(startingAt).toBeLessThanOrEqual(after + 1);
    expect(Date.parse(made.ending_at as string) - startingAt).toBe(7 * 24 * 60 * 60 * 1000);
    expect(made.starting_at_type).toBe('now');
    expect(made.ending_at_type).toBe('without');
    expect(made.is_proctoring).toBe(true);
    expect(made.available_time).toBeNull();
    const settings = made.settings as Record<string, Record<string, unknown>>;
    // 000 §9, the default proctoring settings.
    expect(settings.proctoring_settings).toEqual({
      browser_type: 'any',
      main_camera_record: true,
      screen_share_record: true,
      second_camera_record: true,
      upload: false,
      microphone_record: false,
      check_env: true,
      displays_check: true,
      fullscreen_mode: true,
      focus_detector: true,
      extension_detector: true,
      noise_detector: true,
      speech_detector: true,
      head_identity: true,
      head_identity_type: 'photo',
      head_tracking: true,
      head_tracking_type: 'client',
      noise_sensitivity: 10,
      head_sensitivity: { x: 50, y: 40, depth: 12 },
      head_center_area: { width: 40, height: 30 },
      head_position: { confidence: 0.5, probability: 0.96, interval: 1200 },
      head_compare: { interval: 4000, euclidean_distance: 0.5 },
      face_landmarker: {
        enabled: false,
        interval: 700,
        threshold: 0.5,
        eye_direction: { look_left: 0.4, look_right: 0.4, look_up: 0.45, look_down: 0.45 },
      },
      object_detection: {
        enabled: false,
        interval: 2000,
        threshold: 0.5,
        categories: {
          phone: { score: 0.4 },
          remote: { score: 0.4 },
          laptop: { score: 0.4 },
          person: { score: 0.7, count: 2 },
        },
      },
      noise_tolerance: { frames: 3, time: 1500 },
      speech_tolerance: 1500,
      silent_tolerance: 1500,
      head_tolerance: 1500,
      focus_tolerance: 1500,
      speech: { min_frames: 5, pre_pad_frames: 10, positive_threshold: 0.9 },
      quiet_frames: 30,
      mute_frames: 30,
      // Ours (docs/ai-analysis.md): the server analyses the main camera by default.
      ai_analysis: true,
    });
    // 000 §9: component settings and certificate defaults.
    expect(settings.component_settings).toEqual({
      all: { shuffle: false, per_student: 0, variant_split: 'none', conditions: [] },
    });
    expect(settings.certificate).toEqual({ issue_type: 'auto-conditions', show_report: true });
    // The questions are copied, without their answers.
    expect(made.components).toHaveLength(3);
    expect(JSON.stringify(made.components)).not.toContain('correct');
  });

  it('students see the assignments they are given; another school sees nothing', async () => {
    const id = (await makeAssignment({ name: 'не важно' })).id;
    expect((await list('/api/assignments', student1)).map((a) => a.id)).toContain(id);
    expect(await list('/api/assignments', stranger)).toEqual([]);
    expect((await call('GET', `/api/assignments/${id}`, stranger)).status).toBe(404);
    expect(await list('/api/assignments', outsider)).toEqual([]);
    expect((await call('GET', `/api/assignments/${id}`, outsider)).status).toBe(404);
    // The school's proctors watch every assignment of the school; another school's see none.
    expect((await call('GET', `/api/assignments/${id}`, tokenFor('proctor', 'school-a'))).status).toBe(200);
    expect((await list('/api/assignments', tokenFor('proctor', 'school-a'))).map((a) => a.id)).toContain(id);
    expect(await list('/api/assignments', tokenFor('proctor', 'school-b'))).toEqual([]);
    expect((await call('POST', `/api/assignments/${id}/suspend.json`, outsider)).status).toBe(404);
  });

  it('of type lesson takes name, description and questions from the lessons, in reading order', async () => {
    const lesson = await entity(
      call('POST', '/api/lessons', teacher, { name: 'Геометрия', description: 'Углы' }),
      201,
    );
    const second = await entity(call('POST', '/api/lessons', teacher, { name: 'Алгебра' }), 201);
    const later = await entity(
      call('POST', '/api/lesson-chapters', teacher, { lesson_id: lesson.id, name: 'Вторая', position: 2 }),
      201,
    );
    const first = await entity(
      call('POST', '/api/lesson-chapters', teacher, { lesson_id: lesson.id, name: 'Первая', position: 1 }),
      201,
    );
    for (const chapter of [later, first]) {
      await entity(
        call('POST', '/api/lesson-components', teacher, {
          chapter_id: chapter.id,
          component_type: 'free',
          data: { question: `Вопрос главы ${chapter.name as string}` },
        }),
        201,
      );
    }
    const made = await makeAssignment({ type: 'lesson', lessons: [lesson.id, second.id], quizzes: [] });
    expect(made).toMatchObject({ name: 'Геометрия, Алгебра', description: 'Углы', points: 2 });
    expect((made.components as { data: { question: string } }[]).map((c) => c.data.question)).toEqual([
      'Вопрос главы Первая',
      'Вопрос главы Вторая',
    ]);
  });

  it('an edit changes only what was sent, by its owner only', async () => {
    const made = await makeAssignment({});
    expect((await call('PUT', `/api/assignments/${made.id}`, colleague, { max_attempts: 3 })).status).toBe(
      404,
    );
    const edited = await entity(call('PUT', `/api/assignments/${made.id}`, teacher, { max_attempts: 3 }));
    expect(edited).toMatchObject({ max_attempts: 3, name: 'Дроби', settings: made.settings });
    const retyped = await entity(
      call('PUT', `/api/assignments/${made.id}`, teacher, { type: 'external', name: 'Эссе' }),
    );
    expect(retyped).toMatchObject({ type: 'external', name: 'Эссе', quizzes: [quizId] });
  });

  it('refuses a quiz that is not there, with errors per field', async () => {
    const answer = await call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: ['no-such-quiz'],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ status_code: 422, errors: { quizzes: ['Тест не найден'] } });
  });

  it('is suspended, resumed, cloned and finished by its teacher only', async () => {
    const id = (await makeAssignment({})).id;
    expect((await call('POST', `/api/assignments/${id}/suspend.json`, colleague)).status).toBe(404);
    expect((await call('POST', `/api/assignments/${id}/suspend.json`, student1)).status).toBe(403);
    expect(await entity(call('POST', `/api/assignments/${id}/suspend.json`, teacher))).toMatchObject({
      status: 'suspended',
      is_suspended: true,
    });
    const refused = await start(id, student1);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ assignment_id: ['Задание приостановлено'] });
    expect(await entity(call('POST', `/api/assignments/${id}/resume.json`, teacher))).toMatchObject({
      status: 'process',
    });
    const copy = await entity(call('POST', `/api/assignments/${id}/clone.json`, colleague), 201);
    expect(copy).toMatchObject({ name: 'Дроби', owner_id: 'teacher-school-a-2', status: 'process' });
    expect(copy.id).not.toBe(id);
    expect(await entity(call('POST', `/api/assignments/${id}/finish.json`, teacher))).toMatchObject({
      status: 'completed',
      is_finished: true,
    });
    expect((await start(id, student1)).body.errors).toEqual({ assignment_id: ['Задание завершено'] });
  });
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

describe('the settings migration (camera_record, two_camera, screen_record)', () => {
  it('reads an assignment stored with the old names under the new ones', async () => {
    // The code of the time: AssignmentCreated at version 1, whose settings had the old names.
    const legacy = new PostgresEventStore({
      connectionString: env.url,
      registry: new EventRegistry([
        {
          context: 'assignments',
          categories: ['assignment'],
          events: [{ type: 'AssignmentCreated', version: 1, schema: z.looseObject({ id: z.string() }) }],
        },
      ]),
    });
    const id = randomUUID();
    const record = assignmentRecordSchema.parse({
      id,
      type: 'external',
      name: 'Старое задание',
      students: [S1],
      starting_at: new Date().toISOString(),
      ending_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const {
      main_camera_record: _main,
      second_camera_record: _second,
      screen_share_record: _screen,
      ...rest
    } = record.settings.proctoring_settings;
    const oldSettings = {
      ...record.settings,
      proctoring_settings: { ...rest, camera_record: false, two_camera: false, screen_record: true },
    };
    try {
      await legacy.append(
        `assignment-${id}`,
        [
          {
            id: randomUUID(),
            type: 'AssignmentCreated',
            data: { ...record, settings: oldSettings },
            metadata: { userId: 'teacher-school-a-1', schoolId: 'school-a' },
          },
        ],
        { expectedVersion: 'no_stream' },
      );
    } finally {
      await legacy.close();
    }
    const [stored] = await env.store.readStream(`assignment-${id}`);
    expect(stored!.metadata.schemaVersion).toBe(2);
    await env.caughtUp();

    const read = await entity(call('GET', `/api/assignments/${id}`, teacher));
    const proctoring = (read.settings as { proctoring_settings: Record<string, unknown> })
      .proctoring_settings;
    expect(proctoring).toMatchObject({
      main_camera_record: false,
      second_camera_record: false,
      screen_share_record: true,
    });
    for (const old of ['camera_record', 'two_camera', 'screen_record'])
      expect(proctoring).not.toHaveProperty(old);
    // Decisions fold the upcast events too.
    expect(await entity(call('POST', `/api/assignments/${id}/suspend.json`, teacher))).toMatchObject({
      status: 'suspended',
    });
  });

  it('takes the old names from a client too', async () => {
    const made = await entity(
      call('POST', '/api/assignments', teacher, {
        type: 'external',
        name: 'Эссе',
        settings: { proctoring_settings: { camera_record: false, two_camera: false, screen_record: false } },
      }),
      201,
    );
    const proctoring = (made.settings as { proctoring_settings: Record<string, unknown> })
      .proctoring_settings;
    expect(proctoring).toMatchObject({
      main_camera_record: false,
      second_camera_record: false,
      screen_share_record: false,
      microphone_record: false,
      check_env: true,
    });
    expect(proctoring).not.toHaveProperty('camera_record');
  });
});

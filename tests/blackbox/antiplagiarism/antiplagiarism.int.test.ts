import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antiplagiarismContext } from '../../../services/src/contexts/antiplagiarism';
import { reportsProjection } from '../../../services/src/contexts/antiplagiarism/report/projection';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { identityContext } from '../../../services/src/contexts/identity';
import { tasksContext } from '../../../services/src/contexts/tasks';
import { tasksRoutes } from '../../../services/src/contexts/tasks/routes';
import type { TaskWorker } from '../../../services/src/contexts/tasks/task-worker';
import { tokenFor } from '../records/records-app';
import { caller, startContextsApp, type Body, type ContextsApp } from '../schools/contexts-app';

/**
 * The anti-plagiarism check over HTTP on a real PostgreSQL and s3rver: two classes in one group, a
 * student of 10 «Б» writes an essay, a student of 10 «А» copies it with edits, another writes her own.
 * The teacher checks 10 «А»'s assignment and reads the report; the wrong role and another school are
 * refused. The task worker is driven by the test (`kick` resolves when no task waits).
 */
let env: ContextsApp;
let worker: TaskWorker;
const call = caller(() => env.app);
const teacher = tokenFor('teacher', 'school-a');
const colleague = tokenFor('teacher', 'school-a', 2);
const manager = tokenFor('manager', 'school-a');
const outsider = tokenFor('manager', 'school-b');
const outsiderTeacher = tokenFor('teacher', 'school-b');
const student = (n: number) => tokenFor('student', 'school-a', n);
const S = (n: number) => `student-school-a-${n}`;

const ok = async (answer: ReturnType<typeof call>, status = 200) => {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
};
const entityOf = async (answer: ReturnType<typeof call>, status = 200) => (await ok(answer, status)).entity!;
const refused = async (answer: ReturnType<typeof call>, status: number) => {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  expect(body).toMatchObject({ message: expect.any(String), status_code: status });
  return body;
};

const ORIGINAL =
  'Лев Толстой в романе «Война и мир» показывает, что историю делают не отдельные великие люди, а ' +
  'миллионы простых людей, каждый из которых живёт своей жизнью. Наполеон уверен, что управляет ' +
  'событиями, но автор смеётся над этой уверенностью. Кутузов, напротив, понимает ход вещей и не ' +
  'мешает ему, поэтому он и оказывается мудрее своего противника.';
const COPIED =
  'По-моему, ответ такой. Толстой в романе "Война и мир" показывает что историю делают НЕ отдельные ' +
  'великие люди, а миллионы простых людей, каждый из которых живет своей жизнью. Наполеон убеждён, что ' +
  'управляет событиями, но автор смеётся над этой уверенностью. Кутузов напротив понимает ход вещей и ' +
  'не мешает ему, поэтому он и оказывается мудрее своего противника.';
const OWN =
  'Мне кажется, главная мысль произведения связана с семьёй. Ростовы живут открыто и щедро, принимают ' +
  'гостей, любят детей и прощают им ошибки. Болконские строже, у них порядок и долг стоят выше чувств. ' +
  'Наташа и Андрей принадлежат разным мирам, и их история объясняет, почему эти миры трудно соединить.';

let classA: string;
let classB: string;
let checked: NonNullable<Body['entity']>;
const checkOf = (assignmentId: string, token: string | null = teacher, body: unknown = {}) =>
  call('POST', `/api/assignments/${assignmentId}/antiplagiarism/check.json`, token, body);
const reportOf = (task: string, token: string | null = teacher) =>
  call('GET', `/api/antiplagiarism/reports/${task}`, token);

async function register(n: number, firstname: string, lastname: string) {
  await env.store.append(
    `user-${S(n)}`,
    [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId: S(n),
          username: `s${n}`,
          group: 'student',
          schoolIds: ['school-a'],
          firstname,
          lastname,
          passwordHash: 'not-a-usable-hash',
          registeredAt: new Date().toISOString(),
        },
        metadata: {},
      },
    ],
    { expectedVersion: 'no_stream' },
  );
}

/** An assignment of one essay question (flagged) and one short-answer question (not flagged). */
async function essayAssignment(classId: string, students: string[]) {
  const quiz = await entityOf(
    call('POST', '/api/quiz', teacher, {
      name: 'Сочинение по роману «Война и мир»',
      components: [
        {
          component_type: 'free',
          data: { question: 'О чём роман «Война и мир»?' },
          settings: { points: 10, is_antiplagiarism: true },
        },
        { component_type: 'open', data: { question: 'Год издания?', sample_answer: '1869' } },
      ],
    }),
    201,
  );
  return entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quiz.id],
      class_id: classId,
      students,
    }),
    201,
  );
}

async function answer(assignment: NonNullable<Body['entity']>, n: number, texts: string[]) {
  const attempt = await entityOf(
    call('POST', '/api/assignment-attempts', student(n), { assignment_id: assignment.id }),
    201,
  );
  const components = assignment.components as { id: string; type: string }[];
  for (const [index, text] of texts.entries()) {
    await ok(
      call('POST', '/api/assignment-results', student(n), {
        assignment_attempt_id: attempt.id,
        component_id: components[index]!.id,
        component_type: components[index]!.type,
        answer: { text },
      }),
      201,
    );
  }
}

/** Starts a check as the teacher, runs it, and answers its report once the projection caught up. */
async function runCheck(assignmentId: string) {
  const task = await entityOf(checkOf(assignmentId), 201);
  expect(task).toMatchObject({ kind: 'antiplagiarism-check', state: 'new' });
  await worker.kick();
  await env.caughtUp();
  return { task, report: await entityOf(reportOf(task.id)) };
}

let own: NonNullable<Body['entity']>;

beforeAll(async () => {
  env = await startContextsApp(
    [
      authoringContext,
      assignmentsContext,
      antiplagiarismContext,
      {
        ...tasksContext,
        routes: async (app, services) => {
          worker = await tasksRoutes(app, services, { worker: false });
        },
      },
    ],
    { background: [identityContext], objects: true },
  );
  await register(1, 'Айгерим', 'Касымова');
  await register(2, 'Ерлан', 'Серіков');
  await register(3, 'Дана', 'Ахметова');
  classA = (
    await entityOf(call('POST', '/api/classes', manager, { name: '10 «А»', students: [S(1), S(2)] }), 201)
  ).id;
  classB = (await entityOf(call('POST', '/api/classes', manager, { name: '10 «Б»', students: [S(3)] }), 201))
    .id;
  const other = await essayAssignment(classB, [S(3)]);
  await answer(other, 3, [ORIGINAL, '1869']);
  own = await essayAssignment(classA, [S(1), S(2)]);
  await answer(own, 1, [COPIED, '1869']);
  await answer(own, 2, [OWN, 'в 1869 году']);
  await env.caughtUp();
}, 120_000);
afterAll(async () => {
  await env?.close();
});

describe('anti-plagiarism groups', () => {
  it('a manager names a group of the school’s classes; teachers read it; students and other schools do not', async () => {
    const group = await entityOf(
      call('POST', '/api/antiplagiarism-groups', manager, {
        name: 'Параллель 10',
        description: 'Все десятые классы',
        class_ids: [classA, classB, classA],
      }),
      201,
    );
    expect(group).toMatchObject({ name: 'Параллель 10', class_ids: [classA, classB] });
    const list = await ok(call('GET', '/api/antiplagiarism-groups', teacher));
    expect((list.entities as { id: string }[]).map((g) => g.id)).toEqual([group.id]);
    await refused(call('GET', '/api/antiplagiarism-groups', student(1)), 403);
    await refused(
      call('POST', '/api/antiplagiarism-groups', teacher, { name: 'x', class_ids: [classA] }),
      403,
    );
    await refused(call('GET', `/api/antiplagiarism-groups/${group.id}`, outsider), 404);
    expect((await ok(call('GET', '/api/antiplagiarism-groups', outsider))).entities).toEqual([]);
    // Deleted again so that the first check below runs without the group.
    await ok(call('DELETE', `/api/antiplagiarism-groups/${group.id}`, manager), 204);
  });

  it('refuses bad input with errors per field', async () => {
    const bad = await refused(
      call('POST', '/api/antiplagiarism-groups', manager, { name: ' ', class_ids: [] }),
      422,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['class_ids', 'name']);
    const foreign = await refused(
      call('POST', '/api/antiplagiarism-groups', outsider, { name: 'Чужие', class_ids: [classA] }),
      422,
    );
    expect(foreign.errors?.class_ids?.[0]).toContain(classA);
  });
});

describe('the check', () => {
  it('without a group compares the assignment’s own students only', async () => {
    const { report } = await runCheck(own.id);
    expect(report.task).toMatchObject({ state: 'completed', progress: 100 });
    expect(report.check).toMatchObject({ mode: 'flagged', answers: 2, compared_assignments: 0 });
    const rows = report.rows as { student_id: string; originality: number }[];
    expect(rows.map((r) => [r.student_id, r.originality])).toEqual([
      [S(1), 100],
      [S(2), 100],
    ]);
  });

  it('with both classes in a group finds the copy, its source and the fragments', async () => {
    await entityOf(
      call('POST', '/api/antiplagiarism-groups', manager, {
        name: 'Параллель 10',
        class_ids: [classA, classB],
      }),
      201,
    );
    const { task, report } = await runCheck(own.id);
    checked = task;
    expect(report.check).toMatchObject({
      mode: 'flagged',
      answers: 2,
      compared_assignments: 1,
      questions: [{ title: 'О чём роман «Война и мир»?' }],
    });
    const rows = report.rows as {
      student_id: string;
      student_name: string;
      originality: number;
      band: string;
      strongest_source: { student_id: string; student_name: string; similarity: number } | null;
    }[];
    // Lowest originality first: the copy, then the student's own essay.
    expect(rows.map((r) => r.student_id)).toEqual([S(1), S(2)]);
    expect(rows[0]!.originality).toBeLessThan(40);
    expect(rows[0]).toMatchObject({
      student_name: 'Касымова Айгерим',
      band: 'low',
      strongest_source: { student_id: S(3), student_name: 'Ахметова Дана' },
    });
    expect(rows[0]!.strongest_source!.similarity).toBeGreaterThan(60);
    expect(rows[1]).toMatchObject({ originality: 100, band: 'high', strongest_source: null });
    const distribution = report.distribution as { buckets: { count: number }[]; too_short: number };
    expect(distribution.buckets.map((b) => b.count).reduce((a, b) => a + b)).toBe(2);
    expect(distribution.buckets[9]!.count).toBe(1);

    const key = encodeURIComponent(`${own.id}:${S(1)}:${(own.components as { id: string }[])[0]!.id}`);
    const detail = await entityOf(
      call('GET', `/api/antiplagiarism/reports/${task.id}/answers/${key}`, teacher),
    );
    expect(detail.text).toBe(COPIED);
    const source = detail.source as {
      text: string;
      answered_at: string;
      fragments: { start: number; end: number; source_start: number; source_end: number }[];
    };
    expect(source.text).toBe(ORIGINAL);
    // The other class's student wrote hers first (beforeAll), which the comparison shows.
    expect(Date.parse(source.answered_at)).toBeLessThan(Date.parse(String(detail.answered_at)));
    expect(source.fragments).toHaveLength(1);
    const [fragment] = source.fragments;
    expect(COPIED.slice(fragment!.start, fragment!.end)).toMatch(/^Толстой.*противника$/s);
    expect(ORIGINAL.slice(fragment!.source_start, fragment!.source_end)).toMatch(/^Толстой.*противника$/s);

    // The task's file is the summary as CSV.
    const file = await env.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.id}/download`,
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(3).toString('utf8').split('\r\n')[1]).toMatch(/^Касымова Айгерим;/);
  });

  it('when no question is flagged compares every text question, and a short answer is too short', async () => {
    const quiz = await entityOf(
      call('POST', '/api/quiz', teacher, {
        name: 'Без отметки',
        components: [{ component_type: 'open', data: { question: 'Кто автор?', sample_answer: 'Толстой' } }],
      }),
      201,
    );
    const plain = await entityOf(
      call('POST', '/api/assignments', teacher, { type: 'quiz', quizzes: [quiz.id], students: [S(1)] }),
      201,
    );
    await answer(plain, 1, ['Лев Николаевич Толстой']);
    const { report } = await runCheck(plain.id);
    expect(report.check).toMatchObject({ mode: 'all-text', answers: 1 });
    expect(report.rows).toMatchObject([{ verdict: 'too_short', originality: null, band: 'short' }]);
    expect((report.distribution as { too_short: number }).too_short).toBe(1);
  });

  it('is started and read by the assignment’s staff only', async () => {
    await refused(checkOf(own.id, student(1)), 403);
    await refused(checkOf(own.id, colleague), 404);
    await refused(checkOf(own.id, outsiderTeacher), 404);
    await refused(checkOf(own.id, null), 401);
    await refused(reportOf(checked.id, student(1)), 403);
    await refused(reportOf(checked.id, colleague), 404);
    await refused(reportOf(checked.id, outsider), 404);
    // The school's manager may both start a check and read the teacher's.
    await entityOf(reportOf(checked.id, manager));
    await entityOf(checkOf(own.id, manager), 201);
    await worker.kick();
  });

  it('the report projection applies a replayed check twice without change', async () => {
    const before = await entityOf(reportOf(checked.id));
    const events = await env.store.readStream(`antiplagiarism_check-${checked.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'AntiplagiarismCheckSummarized',
      'AntiplagiarismAnswerChecked',
      'AntiplagiarismAnswerChecked',
      'AntiplagiarismSourceRecorded',
    ]);
    for (let i = 0; i < 2; i++)
      await env.db.transaction().execute((tx) => reportsProjection.apply(tx, events));
    expect(await entityOf(reportOf(checked.id))).toEqual(before);
  });

  it('answers bad input with 4xx in the error shape', async () => {
    await refused(checkOf(own.id, teacher, { assignment: 'x' }), 422);
    await refused(checkOf('no-such-assignment'), 404);
    await refused(checkOf('../bad id'), 404);
    await refused(reportOf('no-such-task'), 404);
    await refused(call('GET', `/api/antiplagiarism/reports/${checked.id}/answers/nothing`, teacher), 404);
  });
});

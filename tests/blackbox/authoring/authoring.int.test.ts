import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf, idsOf } from './http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let teacher: string;
let manager: string;
/** A teacher of the same school (made by the manager) and one of the admin's other school. */
let colleague: string;
let outsider: string;

/** Lessons, quizzes and courses behind the real sign-in: demo accounts, real tokens, the access table. */
describe('authoring', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/authoring-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url);
    teacher = await http.token('teacher');
    manager = await http.token('manager');
    entityOf(
      await http.call('POST', '/api/teachers', manager, {
        username: 'colleague.t',
        password: 'Secret123',
        firstname: 'Асель',
        lastname: 'Коллегова',
      }),
      201,
    );
    colleague = await http.token('colleague.t', 'Secret123');
    // The admin belongs to both demo schools: in the lyceum, they hire a teacher of that school.
    const admin = await http.token('admin');
    const schools = await http.call('GET', '/api/schools.json', admin);
    const lyceum = (schools.body.entities as { id: string; name: string }[]).find(
      (s) => s.name === 'Демо-лицей',
    )!;
    expect((await http.call('POST', '/api/select-school.json', admin, { school_id: lyceum.id })).status).toBe(
      200,
    );
    entityOf(
      await http.call('POST', '/api/teachers', admin, {
        username: 'lyceum.t',
        password: 'Secret123',
        firstname: 'Ерлан',
        lastname: 'Лицейский',
      }),
      201,
    );
    outsider = await http.token('lyceum.t', 'Secret123');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the demo teacher finds the demo lessons, quizzes and course', async () => {
    const lessons = await http.call('GET', '/api/lessons', teacher);
    const names = (lessons.body.entities as { name: string }[]).map((l) => l.name);
    expect(names).toEqual(
      expect.arrayContaining(['Введение в программирование на Python', 'География Казахстана']),
    );
    const quizzes = (await http.call('GET', '/api/quiz?orderBy=name&sortedBy=asc', teacher)).body
      .entities as {
      name: string;
      max_score: number;
      components: { component_type: string }[];
    }[];
    // Sorted by name: «Проверочная» before «Программирование» (в < г).
    expect(quizzes.map((q) => [q.name, q.max_score])).toEqual([
      ['Проверочная работа: основы', 13],
      ['Программирование: задачи', 5],
    ]);
    const types = new Set(quizzes.flatMap((q) => q.components.map((c) => c.component_type)));
    expect([...types].sort()).toEqual([
      'choice',
      'code',
      'drag-and-drop',
      'fill-space',
      'free',
      'open',
      'text',
    ]);
    const courses = (await http.call('GET', '/api/courses', teacher)).body.entities as {
      groups: unknown[];
    }[];
    expect(courses).toHaveLength(1);
    expect(courses[0]).toMatchObject({ status: 'published', groups_count: 1, materials_count: 2 });
  });

  it('the demo teacher teaches the demo class of both demo students; the student sees it too', async () => {
    const classes = (await http.call('GET', '/api/classes', teacher)).body.entities as {
      name: string;
      students: string[];
      teachers: string[];
      students_count: number;
    }[];
    const demo = classes.find((c) => c.name === '7 «А»');
    expect(demo).toMatchObject({ students_count: 2 });
    expect(demo!.teachers).toHaveLength(1);
    const student = await http.token('student');
    const seen = (await http.call('GET', '/api/classes', student)).body.entities as { name: string }[];
    expect(seen.map((c) => c.name)).toContain('7 «А»');
  });

  let lessonId: string;
  let chapterId: string;
  let questionId: string;
  it('a teacher builds a lesson with chapters and components', async () => {
    const lesson = entityOf(
      await http.call('POST', '/api/lessons', teacher, { name: 'Дроби', description: 'Обыкновенные дроби' }),
      201,
    );
    lessonId = lesson.id;
    expect(lesson).toMatchObject({ status: 'draft', is_unlisted: false, chapters: [], max_score: 0 });
    expect(lesson.teacher_id).toBe(lesson.owner_id);

    const first = entityOf(
      await http.call('POST', '/api/lesson-chapters', teacher, {
        lesson_id: lessonId,
        name: 'Что такое дробь',
      }),
      201,
    );
    chapterId = first.id;
    const untitled = entityOf(
      await http.call('POST', '/api/lesson-chapters', teacher, {
        lesson_id: lessonId,
        position: 1,
        temporary_id: 't-2',
      }),
      201,
    );
    expect(untitled).toMatchObject({ name: '', temporary_id: 't-2', components: [] });

    entityOf(
      await http.call('POST', '/api/lesson-components', teacher, {
        chapter_id: chapterId,
        component_type: 'text',
        data: { content: '<p>Дробь — часть целого.</p>' },
      }),
      201,
    );
    const question = entityOf(
      await http.call('POST', '/api/lesson-components', teacher, {
        chapter_id: chapterId,
        component_type: 'choice',
        position: 1,
        data: {
          question: 'Что больше?',
          options: [
            { id: 'half', text: '1/2' },
            { id: 'third', text: '1/3' },
          ],
          correct: ['half'],
        },
        settings: { points: 2 },
      }),
      201,
    );
    questionId = question.id;
    expect(question).toMatchObject({
      lesson_id: lessonId,
      points: 2,
      settings: { points: 2, penalty_points: 0, is_antiplagiarism: false },
    });

    const read = entityOf(await http.call('GET', `/api/lessons/${lessonId}`, teacher));
    expect(read.max_score).toBe(2);
    const chapters = read.chapters as { id: string; components: { component_type: string }[] }[];
    expect(chapters.map((c) => c.id)).toEqual([chapterId, untitled.id]);
    expect(chapters[0]!.components.map((c) => c.component_type)).toEqual(['text', 'choice']);

    entityOf(
      await http.call('PUT', `/api/lesson-components/${questionId}`, teacher, { settings: { points: 4 } }),
    );
    expect(entityOf(await http.call('GET', `/api/lessons/${lessonId}`, teacher)).max_score).toBe(4);
    const listed = await http.call('GET', `/api/lesson-components?filter[lesson_id]=${lessonId}`, teacher);
    expect((listed.body.entities as { component_type: string }[]).map((c) => c.component_type)).toEqual([
      'text',
      'choice',
    ]);
    const trimmed = await http.call('GET', `/api/lessons/${lessonId}`, teacher, undefined, {
      'X-Requested-Fields': 'id, max_score, chapters.components.component_type',
    });
    expect(trimmed.body.entity).toEqual({
      id: lessonId,
      max_score: 4,
      chapters: [
        { components: [{ component_type: 'text' }, { component_type: 'choice' }] },
        { components: [] },
      ],
    });
  });

  it('refuses invalid content with 422 and errors per field', async () => {
    const noName = await http.call('POST', '/api/lessons', teacher, { name: '', color: 'red' });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatchObject({ status_code: 422 });
    expect(Object.keys(noName.body.errors!)).toEqual(expect.arrayContaining(['name', 'color']));

    const badQuiz = await http.call('POST', '/api/quiz', teacher, {
      name: 'Плохой тест',
      components: [
        {
          component_type: 'choice',
          data: { question: 'Да?', options: [{ id: 'a', text: 'А' }], correct: ['b'] },
        },
        {
          component_type: 'code',
          data: {
            question: 'Код',
            languages: ['cobol'],
            tests: [{ expected_output: '1', memory_limit: 1024, time_limit: 20000 }],
          },
        },
        { component_type: 'essay', data: {} },
      ],
    });
    expect(badQuiz.status).toBe(422);
    expect(Object.keys(badQuiz.body.errors!)).toEqual(
      expect.arrayContaining([
        'components.0.data.options',
        'components.1.data.languages.0',
        'components.1.data.tests.0.memory_limit',
        'components.1.data.tests.0.time_limit',
        'components.2.component_type',
      ]),
    );
    expect(badQuiz.body.errors!['components.1.data.tests.0.memory_limit']).toEqual(['Не меньше 2048 байт']);

    const badGap = await http.call('POST', '/api/lesson-components', teacher, {
      chapter_id: chapterId,
      component_type: 'fill-space',
      data: { question: 'Пропуск', text: 'Без пропусков', gaps: [{ id: 'x', answers: ['1'] }] },
    });
    expect(badGap.status).toBe(422);
    expect(badGap.body.errors).toEqual({ 'data.gaps.0.id': ['В тексте нет пропуска {{x}}'] });

    // An edit is checked as the whole component: a choice question cannot become code without code data.
    const retyped = await http.call('PUT', `/api/lesson-components/${questionId}`, teacher, {
      component_type: 'code',
    });
    expect(retyped.status).toBe(422);
    expect(retyped.body.errors).toHaveProperty('data.languages');

    const orphan = await http.call('POST', '/api/lesson-chapters', teacher, { lesson_id: 'no-such-lesson' });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors).toEqual({ lesson_id: ['Урок не найден или недоступен для изменения'] });

    const dates = await http.call('POST', '/api/courses', teacher, {
      name: 'Курс',
      starting_at_type: 'date',
      ending_at_type: 'date',
      starting_at: '2026-10-01T00:00:00Z',
      ending_at: '2026-09-01T00:00:00Z',
    });
    expect(dates.status).toBe(422);
    expect(dates.body.errors).toEqual({ ending_at: ['Дата окончания должна быть позже даты начала'] });
  });

  it('a colleague reads the lesson but cannot edit it; a manager of the school can', async () => {
    expect(entityOf(await http.call('GET', `/api/lessons/${lessonId}`, colleague)).name).toBe('Дроби');
    expect((await http.call('PUT', `/api/lessons/${lessonId}`, colleague, { name: 'Моё' })).status).toBe(404);
    expect((await http.call('DELETE', `/api/lessons/${lessonId}`, colleague)).status).toBe(404);
    expect(
      (await http.call('PUT', `/api/lesson-chapters/${chapterId}`, colleague, { name: 'Моё' })).status,
    ).toBe(404);
    const intrude = await http.call('POST', '/api/lesson-chapters', colleague, {
      lesson_id: lessonId,
      name: 'Чужая',
    });
    expect(intrude.status).toBe(422);
    expect(intrude.body.errors).toHaveProperty('lesson_id');
    expect(entityOf(await http.call('GET', `/api/lessons/${lessonId}`, teacher)).name).toBe('Дроби');

    const edited = entityOf(
      await http.call('PUT', `/api/lessons/${lessonId}`, manager, { status: 'published' }),
    );
    expect(edited).toMatchObject({ status: 'published', owner_id: edited.teacher_id });
  });

  it('another school’s teacher sees nothing, and students get 403 on lessons and quizzes', async () => {
    expect((await http.call('GET', `/api/lessons/${lessonId}`, outsider)).status).toBe(404);
    expect((await http.call('PUT', `/api/lessons/${lessonId}`, outsider, { name: 'x' })).status).toBe(404);
    expect((await http.call('GET', `/api/lesson-chapters/${chapterId}`, outsider)).status).toBe(404);
    for (const collection of ['lessons', 'lesson-chapters', 'lesson-components', 'quiz', 'courses']) {
      const listed = await http.call('GET', `/api/${collection}`, outsider);
      expect(listed.status, collection).toBe(200);
      expect(listed.body.entities, collection).toEqual([]);
    }
    const student = await http.token('student');
    // Students read the published courses of their school (tests/blackbox/courses), never lessons or quizzes.
    for (const collection of ['lessons', 'lesson-chapters', 'lesson-components', 'quiz']) {
      expect((await http.call('GET', `/api/${collection}`, student)).status, collection).toBe(403);
    }
    const denied = await http.call('POST', '/api/lessons', student, { name: 'Мой урок' });
    expect(denied).toMatchObject({ status: 403, body: { status_code: 403 } });
    expect((await http.call('GET', `/api/lessons/${lessonId}`, student)).status).toBe(403);
  });

  it('a draft course and its contents are seen by its author only until published', async () => {
    const course = entityOf(
      await http.call('POST', '/api/courses', teacher, { name: 'Дроби за неделю' }),
      201,
    );
    expect(course).toMatchObject({ status: 'draft', starting_at_type: 'now', ending_at_type: 'without' });
    const group = entityOf(
      await http.call('POST', '/api/course-groups', teacher, { course_id: course.id, name: 'День 1' }),
      201,
    );
    const material = entityOf(
      await http.call('POST', '/api/course-materials', teacher, {
        course_id: course.id,
        course_group_id: group.id,
        type: 'lesson',
        lesson_id: lessonId,
      }),
      201,
    );
    expect(material).toMatchObject({ name: 'Дроби', status: 'draft' });

    for (const other of [colleague, manager]) {
      expect((await http.call('GET', `/api/courses/${course.id}`, other)).status).toBe(404);
      expect((await http.call('GET', `/api/course-groups/${group.id}`, other)).status).toBe(404);
      expect((await http.call('GET', `/api/course-materials/${material.id}`, other)).status).toBe(404);
      expect(idsOf(await http.call('GET', '/api/courses', other))).not.toContain(course.id);
      // A filter on audience cannot reach past the rule either.
      expect(
        idsOf(
          await http.call('GET', `/api/course-groups?filter[audience]=${String(course.owner_id)}`, other),
        ),
      ).not.toContain(group.id);
    }
    const intrude = await http.call('POST', '/api/course-groups', manager, {
      course_id: course.id,
      name: 'Чужой',
    });
    expect(intrude.status).toBe(422);

    const published = entityOf(
      await http.call('PUT', `/api/courses/${course.id}`, teacher, { status: 'published' }),
    );
    expect(published).toMatchObject({ groups_count: 1, materials_count: 1 });
    expect(entityOf(await http.call('GET', `/api/courses/${course.id}`, colleague)).name).toBe(
      'Дроби за неделю',
    );
    expect(idsOf(await http.call('GET', `/api/course-materials?course_id=${course.id}`, colleague))).toEqual([
      material.id,
    ]);
    expect((await http.call('PUT', `/api/courses/${course.id}`, colleague, { name: 'x' })).status).toBe(404);
    expect(
      entityOf(await http.call('PUT', `/api/courses/${course.id}`, manager, { name: 'Дроби' })).name,
    ).toBe('Дроби');
    expect((await http.call('GET', `/api/courses/${course.id}`, outsider)).status).toBe(404);
  });

  it('deleting a lesson takes its chapters and components with it', async () => {
    expect((await http.call('DELETE', `/api/lessons/${lessonId}`, teacher)).status).toBe(204);
    expect((await http.call('GET', `/api/lessons/${lessonId}`, teacher)).status).toBe(404);
    expect((await http.call('GET', `/api/lesson-chapters/${chapterId}`, teacher)).status).toBe(404);
    expect((await http.call('GET', `/api/lesson-components/${questionId}`, teacher)).status).toBe(404);
    expect(idsOf(await http.call('GET', `/api/lesson-chapters?lesson_id=${lessonId}`, teacher))).toEqual([]);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { client, entityOf, idsOf } from '../authoring/http';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
type Material = { id: string; status: string };
type Course = {
  id: string;
  name: string;
  groups: { id: string; materials: Material[] }[];
  students: string[];
};
let platform: Platform;
let dataDir: string;
let http: ReturnType<typeof client>;
let teacher: string;
let student: string;
let studentId: string;
/** A student of the demo lyceum (another school), made by the admin there. */
let outsider: string;
let published: Course;
let draftCourse: string;
let privateCourse: string;
let ownPrivateCourse: string;
let lyceumCourse: string;
let draftMaterial: string;
let publishedMaterial: string;
let group: string;

const create = async (bearer: string, collection: string, body: object) =>
  entityOf(await http.call('POST', `/api/${collection}`, bearer, body), 201).id;

/** Courses as a student reads them: the school's published ones, private only when they are enrolled. */
describe('a student reads the courses of their school', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/student-courses-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    http = client(platform.url);
    teacher = await http.token('teacher');
    student = await http.token('student');
    studentId = (await http.call('GET', '/api/user.json', student)).body.entity!.id as string;
    const lesson = idsOf(await http.call('GET', '/api/lessons', teacher))[0]!;

    const course = await create(teacher, 'courses', { name: 'Открытый курс', status: 'published' });
    group = await create(teacher, 'course-groups', { course_id: course, name: 'Раздел 1' });
    publishedMaterial = await create(teacher, 'course-materials', {
      course_id: course,
      course_group_id: group,
      type: 'lesson',
      lesson_id: lesson,
      status: 'published',
      name: 'Опубликованный материал',
    });
    draftMaterial = await create(teacher, 'course-materials', {
      course_id: course,
      course_group_id: group,
      type: 'lesson',
      lesson_id: lesson,
      name: 'Черновой материал',
    });
    draftCourse = await create(teacher, 'courses', { name: 'Черновой курс' });
    privateCourse = await create(teacher, 'courses', {
      name: 'Закрытый курс',
      status: 'published',
      availability_type: 'private',
    });
    ownPrivateCourse = await create(teacher, 'courses', {
      name: 'Закрытый курс ученицы',
      status: 'published',
      availability_type: 'private',
      students: [studentId],
    });

    // The admin belongs to both demo schools: in the lyceum, a published course and a student.
    const admin = await http.token('admin');
    const schools = await http.call('GET', '/api/schools.json', admin);
    const lyceum = (schools.body.entities as { id: string; name: string }[]).find(
      (s) => s.name === 'Демо-лицей',
    )!;
    expect((await http.call('POST', '/api/select-school.json', admin, { school_id: lyceum.id })).status).toBe(
      200,
    );
    lyceumCourse = await create(admin, 'courses', { name: 'Курс лицея', status: 'published' });
    entityOf(
      await http.call('POST', '/api/students', admin, {
        username: 'lyceum.s',
        password: 'Secret123',
        firstname: 'Ерлан',
        lastname: 'Лицейский',
      }),
      201,
    );
    outsider = await http.token('lyceum.s', 'Secret123');
    published = entityOf(await http.call('GET', `/api/courses/${course}`, student)) as unknown as Course;
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the published courses, the demo one included, and private ones only when enrolled', async () => {
    const listed = await http.call('GET', '/api/courses?limit=100', student);
    expect(listed.status).toBe(200);
    const names = (listed.body.entities as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Основы программирования', 'Открытый курс', 'Закрытый курс ученицы']),
    );
    const ids = idsOf(listed);
    expect(ids).toContain(ownPrivateCourse);
    expect(ids).not.toContain(draftCourse);
    expect(ids).not.toContain(privateCourse);
    expect(ids).not.toContain(lyceumCourse);
  });

  it('never serves a student the answer a teacher got for the same address', async () => {
    const url = `/api/courses/${published.id}?with=cache`;
    const seenByTeacher = await http.call('GET', '/api/courses?limit=50&orderBy=name', teacher);
    expect(idsOf(seenByTeacher)).toEqual(expect.arrayContaining([draftCourse, privateCourse]));
    const seenByStudent = await http.call('GET', '/api/courses?limit=50&orderBy=name', student);
    expect(idsOf(seenByStudent)).not.toContain(draftCourse);
    expect(idsOf(seenByStudent)).not.toContain(privateCourse);
    const paged = '/api/courses?page=1&limit=50&orderBy=name';
    expect((await http.call('GET', paged, teacher)).status).toBe(200);
    const page = (await http.call('GET', paged, student)).body.entities as { data: { id: string }[] };
    expect(page.data.map((c) => c.id)).not.toContain(draftCourse);
    const whole = entityOf(await http.call('GET', url, teacher)) as unknown as Course;
    expect(whole.groups[0]!.materials).toHaveLength(2);
    const cut = entityOf(await http.call('GET', url, student)) as unknown as Course;
    expect(cut.groups[0]!.materials.map((m) => m.id)).toEqual([publishedMaterial]);
  });

  it('narrows what the student asks for by id too', async () => {
    const asked = await http.call(
      'GET',
      `/api/courses?filter[id][]=${draftCourse}&filter[id][]=${published.id}`,
      student,
    );
    expect(idsOf(asked)).toEqual([published.id]);
  });

  it('answers 404 for a draft, a private course they are not in and another school’s', async () => {
    for (const id of [draftCourse, privateCourse, lyceumCourse]) {
      expect((await http.call('GET', `/api/courses/${id}`, student)).status, id).toBe(404);
    }
    expect((await http.call('GET', `/api/courses/${ownPrivateCourse}`, student)).status).toBe(200);
  });

  it('shows the published course’s groups and published materials only', async () => {
    expect(published.groups.map((g) => g.id)).toEqual([group]);
    expect(published.groups[0]!.materials.map((m) => m.id)).toEqual([publishedMaterial]);
    // Other enrolled students are not named to a classmate.
    expect(published.students).toEqual([]);
    const groups = await http.call('GET', `/api/course-groups?course_id=${published.id}`, student);
    expect(idsOf(groups)).toEqual([group]);
    expect((groups.body.entities as { materials: Material[] }[])[0]!.materials.map((m) => m.id)).toEqual([
      publishedMaterial,
    ]);
    const materials = await http.call('GET', `/api/course-materials?course_id=${published.id}`, student);
    expect(idsOf(materials)).toEqual([publishedMaterial]);
    expect((await http.call('GET', `/api/course-materials/${draftMaterial}`, student)).status).toBe(404);
    expect((await http.call('GET', `/api/course-materials/${publishedMaterial}`, student)).status).toBe(200);
    // Asking for drafts by status finds none.
    const drafts = await http.call('GET', '/api/course-materials?filter[status]=draft', student);
    expect(idsOf(drafts)).toEqual([]);
  });

  it('keeps the author’s view whole: the teacher still sees the draft material', async () => {
    const course = entityOf(
      await http.call('GET', `/api/courses/${published.id}`, teacher),
    ) as unknown as Course;
    expect(course.groups[0]!.materials.map((m) => m.id).sort()).toEqual(
      [publishedMaterial, draftMaterial].sort(),
    );
  });

  it('gives the parts of hidden courses to nobody but their readers', async () => {
    const parts = await http.call('GET', `/api/course-groups?course_id=${privateCourse}`, student);
    expect(idsOf(parts)).toEqual([]);
    const lyceumGroups = await http.call('GET', `/api/course-groups?course_id=${lyceumCourse}`, student);
    expect(idsOf(lyceumGroups)).toEqual([]);
  });

  it('shows a student of another school none of this school’s courses', async () => {
    const listed = await http.call('GET', '/api/courses?limit=100', outsider);
    expect(idsOf(listed)).toEqual([lyceumCourse]);
    expect((await http.call('GET', `/api/courses/${published.id}`, outsider)).status).toBe(404);
  });

  it('lets a student write nothing: 403 on courses, groups and materials', async () => {
    const writes: [string, string, object?][] = [
      ['POST', '/api/courses', { name: 'Мой курс' }],
      ['PUT', `/api/courses/${published.id}`, { name: 'Изменён' }],
      ['DELETE', `/api/courses/${published.id}`],
      ['POST', '/api/course-groups', { course_id: published.id, name: 'Раздел' }],
      ['PUT', `/api/course-groups/${group}`, { name: 'Изменён' }],
      ['DELETE', `/api/course-groups/${group}`],
      ['PUT', `/api/course-materials/${publishedMaterial}`, { name: 'Изменён' }],
      ['DELETE', `/api/course-materials/${publishedMaterial}`],
    ];
    for (const [method, url, body] of writes) {
      const answer = await http.call(method, url, student, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body).toMatchObject({ status_code: 403 });
    }
  });

  it('still never opens a lesson or a quiz straight to a student', async () => {
    expect((await http.call('GET', '/api/lessons', student)).status).toBe(403);
    expect((await http.call('GET', '/api/quiz', student)).status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_ISSUING_PROCESS,
  courseIssuingProcess,
} from '../../../services/src/contexts/certificates/courses/course-process';
import { ISSUING_PROCESS } from '../../../services/src/contexts/certificates/issuing/process-manager';
import { waitForProjections } from '../../../services/src/platform/projections/wait-for-projection';
import { eventually } from '../../support/platform-fixture';
import { caller, type ContextsApp } from '../schools/contexts-app';
import { createQuiz, entityOf, ok, S, student, takeQuiz, teacher } from '../support/quiz-school';
import { colleague, manager, outsider, startCertificatesApp } from './certificates-app';

/**
 * Certificates for finishing a course: a course whose published materials link two assignments issues
 * its template once a student has finished both (not after the first), by the course's issue type;
 * manual waits for the teacher, who also revokes and restores; a replay of the log issues nothing twice.
 */
let env: ContextsApp;
const call = caller(() => env.app);
type Entity = Record<string, unknown> & { id: string };
const listOf = async (url: string, token: string) => (await ok(call('GET', url, token))).entities as Entity[];

let quizId: string;
let templateId: string;
let first: Entity;
let second: Entity;
const courses: Record<'auto' | 'manual' | 'perfect', string> = { auto: '', manual: '', perfect: '' };

/** Everything appended so far went through both issuing processes and the read models. */
async function settled() {
  await waitForProjections(env.db, [ISSUING_PROCESS, COURSE_ISSUING_PROCESS], await env.store.headPosition());
  await env.caughtUp();
}

const assignment = () =>
  entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      students: [S(1), S(2), S(3)],
    }),
    201,
  ) as Promise<Entity>;

/** A published course with the template, its two assignments as published materials, and one without any. */
async function course(name: string, settings: Record<string, unknown>): Promise<string> {
  const id = (
    await entityOf(
      call('POST', '/api/courses', teacher, {
        name,
        status: 'published',
        certificate_id: templateId,
        settings,
      }),
      201,
    )
  ).id;
  for (const linked of [first, second, null]) {
    await entityOf(
      call('POST', '/api/course-materials', teacher, {
        course_id: id,
        type: 'quiz',
        quiz_id: quizId,
        assignment_id: linked?.id ?? null,
        status: 'published',
      }),
      201,
    );
  }
  return id;
}

/** The student's certificates: the assignments here issue none, so every one is a course's. */
const courseCertificatesOf = (n: number) => listOf('/api/user/certificates', student(n));

beforeAll(async () => {
  env = await startCertificatesApp(4);
  quizId = await createQuiz(call);
  templateId = (
    await entityOf(
      call('POST', '/api/certificates', teacher, {
        name: 'Сертификат курса',
        serial_number: 'C-',
        elements: [
          { variable: 'fullname' },
          { variable: 'subject' },
          { variable: 'qr-code', type: 'qr-code' },
        ],
      }),
      201,
    )
  ).id;
  first = await assignment();
  second = await assignment();
  courses.auto = await course('Дроби: курс', { certificate: { issue_type: 'auto-all' } });
  courses.manual = await course('Дроби: по решению учителя', { certificate: { issue_type: 'manual' } });
  courses.perfect = await course('Дроби: без ошибок', {
    certificate: { issue_type: 'auto-conditions' },
    scenario_settings: { conditions: [{ variable: 'percent', operator: '>=', value: 100 }] },
  });
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

describe('a course’s certificate (the course issuing process)', () => {
  it('is not issued after the first assignment, and once after the last, with the course as its subject', async () => {
    await takeQuiz(call, first, 1, true);
    await settled();
    expect(await courseCertificatesOf(1)).toEqual([]);

    await takeQuiz(call, second, 1, false);
    await settled();
    const mine = await courseCertificatesOf(1);
    // auto-all issues; manual waits; 100 % is not reached with one wrong answer.
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Сертификат курса', certificate_id: templateId });
    // The question is worth 2: right in the first assignment, wrong in the second, the course's sum is 2.
    expect(mine[0]!.placeholders).toMatchObject({ subject: 'Дроби: курс', points: '2' });
    expect((mine[0]!.placeholders as Record<string, string>).fullname).not.toBe('');
    expect(mine[0]!.report_path).toMatch(/^\/report\/[A-Za-z0-9_-]{16,}$/);

    const issued = await listOf(`/api/courses/${courses.auto}/certificates.json`, teacher);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      id: mine[0]!.id,
      user_id: S(1),
      course_id: courses.auto,
      assignment_id: null,
      status: 'active',
      issued_by: null,
    });
    expect(await listOf(`/api/courses/${courses.manual}/certificates.json`, teacher)).toEqual([]);
    expect(await listOf(`/api/courses/${courses.perfect}/certificates.json`, teacher)).toEqual([]);
  });

  it('auto-conditions issues when the course’s condition holds on the summed score', async () => {
    await takeQuiz(call, first, 3, true);
    await takeQuiz(call, second, 3, true);
    await settled();
    const subjects = (await courseCertificatesOf(3)).map(
      (c) => (c.placeholders as Record<string, string>).subject,
    );
    expect(subjects.sort()).toEqual(['Дроби: без ошибок', 'Дроби: курс']);
  });

  it('is checked, drawn and reported like an assignment’s', async () => {
    const [certificate] = await courseCertificatesOf(1);
    const check = await entityOf(call('GET', `/api/certificate-check/${certificate!.id}`, null));
    expect(check).toMatchObject({ subject: 'Дроби: курс', is_valid: true });
    const pdf = await env.app.inject({
      method: 'GET',
      url: `/api/user/certificates/${certificate!.id}/render.pdf`,
      headers: { authorization: `Bearer ${student(1)}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const report = await entityOf(
      call('GET', `/api/report/${String(certificate!.report_path).split('/').at(-1)}`, null),
    );
    expect(report).toMatchObject({
      kind: 'certificate',
      assignment: { name: 'Дроби: курс' },
      certificate: { is_valid: true },
    });
  });

  it('a replay of the whole log issues nothing twice', async () => {
    const services = { store: env.store, db: env.db, clock: () => new Date() };
    const process = courseIssuingProcess(services);
    const events = (await env.store.readAll({ maxCount: 100_000 })).filter((e) =>
      process.handles.includes(e.type),
    );
    await env.db.transaction().execute(async (tx) => {
      await process.reset(tx);
      await process.apply(tx, events);
      await process.apply(tx, events);
    });
    await settled();
    expect(await listOf(`/api/courses/${courses.auto}/certificates.json`, teacher)).toHaveLength(2);
    expect(await courseCertificatesOf(1)).toHaveLength(1);
  });

  it('manual: nothing by itself; the course’s teacher issues, revokes and restores', async () => {
    const students = await listOf(`/api/courses/${courses.manual}/certificate-students.json`, teacher);
    expect(students.map((s) => [s.user_id, s.finished, s.certificate])).toEqual([
      [S(1), true, null],
      [S(3), true, null],
    ]);
    const url = (action: string, n = 1) =>
      `/api/courses/${courses.manual}/students/${S(n)}/certificate/${action}.json`;
    const issued = await entityOf(call('POST', url('issue'), teacher), 201);
    expect(issued).toMatchObject({
      course_id: courses.manual,
      user_id: S(1),
      status: 'active',
      issued_by: 'teacher-school-a-1',
    });
    expect(await entityOf(call('POST', url('issue'), teacher), 200)).toMatchObject({ id: issued.id });
    expect((await courseCertificatesOf(1)).map((c) => c.id)).toContain(issued.id);

    expect(await entityOf(call('POST', url('revoke'), teacher))).toMatchObject({ status: 'revoked' });
    expect((await courseCertificatesOf(1)).map((c) => c.id)).not.toContain(issued.id);
    expect(await entityOf(call('GET', `/api/certificate-check/${issued.id}`, null))).toMatchObject({
      is_valid: false,
    });
    const pdf = await env.app.inject({
      method: 'GET',
      url: `/api/courses/${courses.manual}/students/${S(1)}/certificate/render.pdf`,
      headers: { authorization: `Bearer ${teacher}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    expect(await entityOf(call('POST', url('restore'), teacher))).toMatchObject({ status: 'active' });
    expect((await courseCertificatesOf(1)).map((c) => c.id)).toContain(issued.id);
    // The school's manager may too; a student who never worked on the course is not in it.
    expect((await call('POST', url('issue', 3), manager)).status).toBe(201);
    expect((await call('POST', url('issue', 4), teacher)).status).toBe(404);
  });

  it('a course given its template after the students finished issues without their working again', async () => {
    const id = (
      await entityOf(
        call('POST', '/api/courses', teacher, { name: 'Дроби: повторение', status: 'published' }),
        201,
      )
    ).id;
    for (const linked of [first, second]) {
      await entityOf(
        call('POST', '/api/course-materials', teacher, {
          course_id: id,
          type: 'quiz',
          quiz_id: quizId,
          assignment_id: linked.id,
          status: 'published',
        }),
        201,
      );
    }
    await settled();
    expect(await listOf(`/api/courses/${id}/certificates.json`, teacher)).toEqual([]);

    // Students 1 and 3 finished both assignments long ago; nobody works any more.
    await entityOf(
      call('PUT', `/api/courses/${id}`, teacher, {
        certificate_id: templateId,
        settings: { certificate: { issue_type: 'auto-all' } },
      }),
    );
    const holders = await eventually(
      () => listOf(`/api/courses/${id}/certificates.json`, teacher),
      (issued) => issued.length >= 2,
      60_000,
    );
    expect(holders.map((c) => c.user_id).sort()).toEqual([S(1), S(3)]);
    // Student 2 never finished the course: nothing for them.
    expect(holders.every((c) => c.course_id === id && c.status === 'active')).toBe(true);
  });

  it('belongs to the course’s teacher and the school’s staff only', async () => {
    const url = `/api/courses/${courses.manual}/students/${S(2)}/certificate/issue.json`;
    expect((await call('POST', url, colleague)).status).toBe(404);
    expect((await call('POST', url, outsider)).status).toBe(404);
    expect((await call('POST', url, student(2))).status).toBe(403);
    expect((await call('GET', `/api/courses/${courses.manual}/certificates.json`, student(1))).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/courses/nope!/students/${S(2)}/certificate/issue.json`, teacher)).status,
    ).toBe(404);
    const revoke = await call(
      'POST',
      `/api/courses/${courses.auto}/students/${S(2)}/certificate/revoke.json`,
      teacher,
    );
    expect(revoke.status).toBe(404);
    expect(revoke.body.status_code).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEMPLATES_TABLE,
  USER_CERTIFICATES_TABLE,
} from '../../../services/src/contexts/certificates/read-model/tables';
import { DEMO_SCHOOL_ID, demoUserId } from '../../../services/src/contexts/identity/seed';
import { templateStream } from '../../../services/src/contexts/certificates/ids';
import { DEMO_TEMPLATE_ID, seedCertificatesDemo } from '../../../services/src/contexts/certificates/seed';
import { caller, type ContextsApp } from '../schools/contexts-app';
import { createQuiz, entityOf, ok, S, student, takeQuiz, teacher } from '../support/quiz-school';
import { colleague, manager, outsider, replayTwice, settled, startCertificatesApp } from './certificates-app';

/**
 * Certificates over HTTP: a teacher of school-a designs a template, assignments issue from it
 * automatically (auto-all, auto-conditions) through the process manager or by the teacher's hand
 * (manual), the teacher revokes and restores, students read and render their own. Tokens are the
 * record API's test tokens (records-app.ts): `student@school-a#2` is the user `student-school-a-2`.
 */
let env: ContextsApp;
const call = caller(() => env.app);

const listOf = async (url: string, token: string) =>
  (await ok(call('GET', url, token))).entities as (Record<string, unknown> & { id: string })[];

let templateId: string;
let quizId: string;

const makeAssignment = (fields: Record<string, unknown>, students = [S(1), S(2)]) =>
  entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      students,
      is_certificate: true,
      certificate_id: templateId,
      ...fields,
    }),
    201,
  );

beforeAll(async () => {
  env = await startCertificatesApp(12);
  quizId = await createQuiz(call);
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

describe('certificate templates (/api/certificates)', () => {
  it('a teacher designs one: 201 with the specification’s fields, built-in variables marked native', async () => {
    const template = await entityOf(
      call('POST', '/api/certificates', teacher, {
        name: 'Сертификат об окончании',
        serial_number: 'KZ-',
        elements: [
          { variable: 'fullname', styles: { font_size: 40, font_weight: 700 }, options: { y: 30 } },
          { variable: 'subject', label: 'Курс' },
          { variable: 'qr-code', type: 'qr-code', is_native: false, options: { x: 80, y: 70, width: 15 } },
          { variable: 'director', label: 'Директор: Ахметов А.', is_native: true },
        ],
      }),
      201,
    );
    templateId = template.id;
    expect(template).toMatchObject({
      owner_id: 'teacher-school-a-1',
      name: 'Сертификат об окончании',
      description: null,
      image: null,
      serial_number: 'KZ-',
      serial_counter: 0,
      meta: {},
      styles: {},
      coefficient: 1,
    });
    const elements = template.elements as Record<string, unknown>[];
    expect(
      elements.map((e) => [e.id, e.certificate_id, e.variable, e.type, e.is_native, e.is_active]),
    ).toEqual([
      [1, templateId, 'fullname', 'text', true, true],
      [2, templateId, 'subject', 'text', true, true],
      [3, templateId, 'qr-code', 'qr-code', true, true],
      [4, templateId, 'director', 'text', false, true],
    ]);
    expect(elements[0]!.styles).toMatchObject({ font_size: 40, font_weight: 700, align: 'center' });
  });

  it('colleagues read it but only its author edits it; another school never sees it', async () => {
    expect((await listOf('/api/certificates', colleague)).map((t) => t.id)).toContain(templateId);
    expect((await call('PUT', `/api/certificates/${templateId}`, colleague, { name: 'Моё' })).status).toBe(
      404,
    );
    expect((await call('GET', `/api/certificates/${templateId}`, outsider)).status).toBe(404);
    expect(await listOf('/api/certificates', outsider)).toEqual([]);
    expect((await call('GET', '/api/certificates', student(1))).status).toBe(403);
    expect((await call('POST', '/api/certificates', student(1), { name: 'X' })).status).toBe(403);
    const edited = await entityOf(
      call('PUT', `/api/certificates/${templateId}`, teacher, { description: 'Выдаётся за задания' }),
    );
    expect(edited).toMatchObject({ description: 'Выдаётся за задания', serial_counter: 0 });
  });

  it('answers 422 in the specification’s shape for bad templates; the counter is not editable', async () => {
    const bad = await call('POST', '/api/certificates', teacher, {
      elements: [{ variable: 'has spaces', type: 'video' }],
      coefficient: 0,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.status_code).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(['name', 'elements.0.variable', 'elements.0.type', 'coefficient']),
    );
    const counter = await call('PUT', `/api/certificates/${templateId}`, teacher, { serial_counter: 0 });
    expect(counter.status).toBe(422);
  });
});

describe('issuing by the assignment’s settings (the process manager)', () => {
  it('auto-all: every student who finished gets a certificate, numbered from the template', async () => {
    const assignment = await makeAssignment({ settings: { certificate: { issue_type: 'auto-all' } } });
    await takeQuiz(call, assignment, 1, false);
    await settled(env);
    const mine = await listOf('/api/user/certificates', student(1));
    expect(mine).toHaveLength(1);
    expect(Object.keys(mine[0]!).sort()).toEqual(
      [
        'certificate_id',
        'certificate_number',
        'id',
        'issued_at',
        'meta',
        'name',
        'placeholders',
        'report_path',
      ].sort(),
    );
    expect(mine[0]).toMatchObject({
      name: 'Сертификат об окончании',
      certificate_id: templateId,
      certificate_number: 'KZ-000001',
      placeholders: {
        fullname: 'Касымова Айгерим1',
        subject: 'Умножение',
        points: '0',
        'company-name': 'Лицей А',
        certificate_number: 'KZ-000001',
        'qr-code': 'KZ-000001',
        director: 'Директор: Ахметов А.',
      },
    });
    expect((mine[0]!.placeholders as Record<string, string>).date).toMatch(/^\d\d\.\d\d\.\d\d$/);
    // Student 2 has not finished: nothing yet.
    expect(await listOf('/api/user/certificates', student(2))).toEqual([]);
    // The template's counter follows.
    expect(await entityOf(call('GET', `/api/certificates/${templateId}`, teacher))).toMatchObject({
      serial_counter: 1,
    });
  });

  it('auto-conditions: only a student whose score meets the conditions', async () => {
    const assignment = await makeAssignment({
      settings: {
        certificate: { issue_type: 'auto-conditions' },
        scenario_settings: { conditions: [{ variable: 'percent', operator: '>=', value: 50 }] },
      },
    });
    await takeQuiz(call, assignment, 2, false);
    await takeQuiz(call, assignment, 1, true);
    await settled(env);
    const issued = await listOf(`/api/assignments/${assignment.id}/certificates.json`, teacher);
    expect(issued.map((c) => [c.user_id, c.certificate_number, c.status])).toEqual([
      [S(1), 'KZ-000002', 'active'],
    ]);
    expect((issued[0]!.placeholders as Record<string, string>).points).toBe('2');
  });

  it('manual: nothing by itself; the teacher issues, revokes and restores', async () => {
    const assignment = await makeAssignment({ settings: { certificate: { issue_type: 'manual' } } });
    await takeQuiz(call, assignment, 1, true);
    await settled(env);
    const base = `/api/assignments/${assignment.id}/students/${S(1)}/certificate`;
    expect(await listOf(`/api/assignments/${assignment.id}/certificates.json`, teacher)).toEqual([]);

    const issued = await entityOf(call('POST', `${base}/issue.json`, teacher), 201);
    expect(issued).toMatchObject({ user_id: S(1), status: 'active', issued_by: 'teacher-school-a-1' });
    expect(issued.certificate_number).toBe('KZ-000003');
    // Pressed again: the same certificate, not a second one.
    const again = await entityOf(call('POST', `${base}/issue.json`, teacher));
    expect(again.id).toBe(issued.id);

    const revoked = await entityOf(call('POST', `${base}/revoke.json`, teacher));
    expect(revoked).toMatchObject({ id: issued.id, status: 'revoked' });
    // The public check (the QR code's target) says it no longer stands; no token needed.
    expect(await entityOf(call('GET', `/api/certificate-check/${issued.id}`, null))).toEqual({
      id: issued.id,
      name: 'Сертификат об окончании',
      certificate_number: 'KZ-000003',
      fullname: 'Касымова Айгерим1',
      subject: 'Умножение',
      company_name: 'Лицей А',
      issued_at: issued.issued_at,
      is_valid: false,
    });
    expect((await listOf('/api/user/certificates', student(1))).map((c) => c.id)).not.toContain(issued.id);
    expect((await call('GET', `/api/user/certificates/${issued.id}`, student(1))).status).toBe(404);

    const restored = await entityOf(call('POST', `${base}/restore.json`, manager));
    expect(restored).toMatchObject({ id: issued.id, status: 'active', certificate_number: 'KZ-000003' });
    expect(await entityOf(call('GET', `/api/user/certificates/${issued.id}`, student(1)))).toMatchObject({
      certificate_number: 'KZ-000003',
    });
    expect(await entityOf(call('GET', `/api/certificate-check/${issued.id}`, null))).toMatchObject({
      is_valid: true,
    });
    expect((await call('GET', '/api/certificate-check/no-such-certificate', null)).status).toBe(404);
  });

  it('the manual actions belong to the assignment’s teacher and its school', async () => {
    const assignment = await makeAssignment({ settings: { certificate: { issue_type: 'manual' } } });
    const base = `/api/assignments/${assignment.id}/students/${S(2)}/certificate`;
    expect((await call('POST', `${base}/issue.json`, student(2))).status).toBe(403);
    expect((await call('POST', `${base}/issue.json`, colleague)).status).toBe(404);
    expect((await call('POST', `${base}/issue.json`, outsider)).status).toBe(404);
    expect((await call('GET', `/api/assignments/${assignment.id}/certificates.json`, outsider)).status).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/assignments/${assignment.id}/certificates.json`, student(2))).status,
    ).toBe(403);
    expect((await call('POST', `${base}/revoke.json`, teacher)).status).toBe(404);
    expect((await call('POST', `${base}/issue.json`, null)).status).toBe(401);
    // A student outside the assignment, and an assignment without a template.
    const stranger = `/api/assignments/${assignment.id}/students/${S(9)}/certificate/issue.json`;
    expect((await call('POST', stranger, teacher)).status).toBe(404);
    const plain = await makeAssignment({ certificate_id: null });
    const noTemplate = await call(
      'POST',
      `/api/assignments/${plain.id}/students/${S(1)}/certificate/issue.json`,
      teacher,
    );
    expect(noTemplate.status).toBe(422);
    expect(noTemplate.body.errors).toHaveProperty('certificate_id');
  });

  it('never issues from another school’s template, automatically or by hand', async () => {
    const foreign = await entityOf(
      call('POST', '/api/certificates', outsider, { name: 'Чужой шаблон' }),
      201,
    );
    const assignment = await makeAssignment({
      certificate_id: foreign.id,
      settings: { certificate: { issue_type: 'auto-all' } },
    });
    await takeQuiz(call, assignment, 2, true);
    await settled(env);
    expect(await listOf(`/api/assignments/${assignment.id}/certificates.json`, teacher)).toEqual([]);
    const byHand = await call(
      'POST',
      `/api/assignments/${assignment.id}/students/${S(2)}/certificate/issue.json`,
      teacher,
    );
    expect(byHand.status).toBe(422);
    // The process manager skipped it and went on: its checkpoint is at the head.
    expect(await listOf('/api/user/certificates', student(2))).toEqual([]);
  });

  it('many issues at once take consecutive numbers, none twice and none skipped', async () => {
    const students = Array.from({ length: 10 }, (_, i) => S(i + 3));
    const assignment = await makeAssignment(
      { settings: { certificate: { issue_type: 'manual' } } },
      students,
    );
    const answers = await Promise.all(
      students.map((s) =>
        call('POST', `/api/assignments/${assignment.id}/students/${s}/certificate/issue.json`, teacher),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(students.map(() => 201));
    const numbers = (
      await env.db
        .selectFrom(USER_CERTIFICATES_TABLE)
        .select('number')
        .where('certificate_id', '=', templateId)
        .execute()
    )
      .map((r) => Number(r.number))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBe(13);
  });
  it('issues only once the work is over: a score that rises during a later attempt waits for its finish', async () => {
    const assignment = await makeAssignment(
      {
        settings: {
          certificate: { issue_type: 'auto-conditions' },
          scenario_settings: { conditions: [{ variable: 'percent', operator: '>=', value: 50 }] },
        },
      },
      [S(2)],
    );
    const issued = async () =>
      (await listOf(`/api/assignments/${assignment.id}/certificates.json`, teacher)).map((c) => [
        c.user_id,
        c.status,
      ]);
    // The first attempt falls short: finished, nothing issued.
    await takeQuiz(call, assignment, 2, false);
    await settled(env);
    expect(await issued()).toEqual([]);
    // The second one's right answer recalculates the score (the sum, 2 of 2) while it still runs.
    await takeQuiz(call, assignment, 2, true, async () => {
      await settled(env);
      expect(await issued()).toEqual([]);
    });
    await settled(env);
    expect(await issued()).toEqual([[S(2), 'active']]);
  });
});

describe('a student’s own certificates', () => {
  it('are theirs only: another student’s is 404', async () => {
    const [first] = await listOf('/api/user/certificates', student(1));
    expect((await call('GET', `/api/user/certificates/${first!.id}`, student(2))).status).toBe(404);
    expect((await call('GET', `/api/user/certificates/${first!.id}/render.svg`, student(2))).status).toBe(
      404,
    );
    expect((await call('GET', `/api/user/certificates/${first!.id}`, teacher)).status).toBe(404);
    expect((await call('GET', '/api/user/certificates/not%20an%20id', student(1))).status).toBe(422);
  });

  it('render as an SVG with their texts and a QR code', async () => {
    const [first] = await listOf('/api/user/certificates', student(1));
    const answer = await call('GET', `/api/user/certificates/${first!.id}/render.svg`, student(1));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('image/svg+xml');
    const svg = answer.raw.toString('utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Касымова Айгерим1');
    expect(svg).toContain('Директор: Ахметов А.');
    // The qrcode package draws modules as one path inside the nested QR svg.
    expect(svg).toMatch(/<svg x="\d+" y="\d+" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"><path/);
  });
});

describe('the demo template', () => {
  it('is seeded once, for the demo teacher, and never when demo data is off', async () => {
    await seedCertificatesDemo({ ...env.services, demo: false });
    expect(await env.store.streamVersion(templateStream(DEMO_TEMPLATE_ID))).toBe(-1);
    await seedCertificatesDemo({ ...env.services, demo: true });
    await seedCertificatesDemo({ ...env.services, demo: true });
    expect(await env.store.streamVersion(templateStream(DEMO_TEMPLATE_ID))).toBe(0);
    await env.caughtUp();
    const row = await env.db
      .selectFrom(TEMPLATES_TABLE)
      .selectAll()
      .where('id', '=', DEMO_TEMPLATE_ID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      school_id: DEMO_SCHOOL_ID,
      owner_id: demoUserId('teacher'),
      serial_number: 'DEMO-',
    });
    expect(
      (row.elements as { variable: string; is_native: boolean }[]).map((e) => [e.variable, e.is_native]),
    ).toContainEqual(['director', false]);
  });
});

describe('the certificates read model', () => {
  it('rebuilds to the same rows when the log is replayed twice', async () => {
    const read = async () => ({
      templates: await env.db.selectFrom(TEMPLATES_TABLE).selectAll().orderBy('id').execute(),
      issued: await env.db.selectFrom(USER_CERTIFICATES_TABLE).selectAll().orderBy('id').execute(),
    });
    const before = await read();
    await replayTwice(env);
    expect(await read()).toEqual(before);
  });
});

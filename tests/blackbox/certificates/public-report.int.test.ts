import { randomUUID } from 'node:crypto';
import type { PublicReport } from '@sabaq/events';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_LINKS_TABLE,
  USER_CERTIFICATES_TABLE,
} from '../../../services/src/contexts/certificates/read-model/tables';
import { proctoringContext } from '../../../services/src/contexts/proctoring';
import { caller, type Body, type ContextsApp } from '../schools/contexts-app';
import { createQuiz, entityOf, ok, S, student, takeQuiz, teacher } from '../support/quiz-school';
import { colleague, manager, outsider, replayTwice, settled, startCertificatesApp } from './certificates-app';

/**
 * The public report over HTTP: a certificate's report by the token its QR code carries, and a teacher's
 * share link of one attempt, made, copied and revoked by the assignment's own teacher only. Proctoring
 * signals are appended as a student's client appends them, and the proctoring projection builds the
 * timeline the summary is read from.
 */
let env: ContextsApp;
const call = caller(() => env.app);

let templateId: string;
let quizId: string;

async function makeAssignment(settings: Record<string, unknown>, students = [S(1), S(2), S(3)]) {
  return entityOf(
    call('POST', '/api/assignments', teacher, {
      type: 'quiz',
      quizzes: [quizId],
      students,
      is_proctoring: true,
      is_certificate: true,
      certificate_id: templateId,
      settings,
    }),
    201,
  );
}

/** The student starts, answers (right or wrong), the camera misses the face for a while, finishes. */
const takeAssignment = (assignment: Body['entity'], n: number, right: boolean, faceMissing = 0) =>
  takeQuiz(call, assignment, n, right, async (attemptId) => {
    const start = Date.now() - 60_000;
    for (let i = 0; i < faceMissing; i++) {
      await env.store.append(
        `proctoring-${attemptId}`,
        [
          {
            id: randomUUID(),
            type: 'ProctoringActionRecorded',
            data: {
              assignmentId: assignment!.id,
              attemptId,
              studentId: S(n),
              actionType: 'face_missing',
              source: 'client',
            },
            metadata: {
              occurredAt: new Date(start + i * 1000).toISOString(),
              schoolId: 'school-a',
              userId: S(n),
            },
          },
        ],
        { expectedVersion: 'any' },
      );
    }
  });

const report = async (token: string) =>
  (await entityOf(call('GET', `/api/report/${token}`, null))) as unknown as PublicReport;
const linkPath = (assignmentId: string, attemptId: string) =>
  `/api/assignments/${assignmentId}/attempts/${attemptId}/report-link.json`;
const tokenOf = (path: unknown) => String(path).replace('/report/', '');

beforeAll(async () => {
  env = await startCertificatesApp(3, [proctoringContext]);
  quizId = await createQuiz(call);
  templateId = (
    await entityOf(
      call('POST', '/api/certificates', teacher, {
        name: 'Сертификат',
        serial_number: 'KZ-',
        elements: [{ variable: 'qr-code', type: 'qr-code' }],
      }),
      201,
    )
  ).id;
  await env.caughtUp();
});
afterAll(async () => {
  await env?.close();
});

describe('a certificate’s public report (GET /api/report/{token})', () => {
  let token: string;
  let assignmentId: string;

  it('is open without signing in and shows what a public page may: no ids, answers or photos', async () => {
    const assignment = await makeAssignment({
      certificate: { issue_type: 'auto-conditions' },
      scenario_settings: { conditions: [{ variable: 'percent', operator: '>=', value: 50 }] },
    });
    assignmentId = assignment.id;
    const attemptId = await takeAssignment(assignment, 1, true, 5);
    await settled(env);
    const [issued] = (await ok(call('GET', `/api/assignments/${assignmentId}/certificates.json`, teacher)))
      .entities as { report_path: string; certificate_number: string }[];
    expect(issued!.report_path).toMatch(/^\/report\/[A-Za-z0-9_-]{22}$/);
    token = tokenOf(issued!.report_path);
    const body = await report(token);
    expect(body).toEqual({
      kind: 'certificate',
      school: { name: 'Лицей А', logo: null },
      assignment: { name: 'Умножение' },
      student: { name: 'Касымова Айгерим1' },
      date: expect.any(String),
      score: { points: 2, max: 2, percent: 100 },
      passed: true,
      certificate: { number: issued!.certificate_number, issued_at: body.date, is_valid: true },
      proctoring: {
        credibility: expect.any(Number),
        types: [{ type: 'face_missing', kind: 'violation', intervals: 1, seconds: 4 }],
      },
    });
    expect(body.proctoring!.credibility).toBeLessThan(100);
    const text = JSON.stringify(body);
    for (const secret of [S(1), attemptId, assignmentId, templateId]) expect(text).not.toContain(secret);
    // The student sees the same link on their own certificate.
    const [mine] = (await ok(call('GET', '/api/user/certificates', student(1)))).entities as {
      report_path: string;
    }[];
    expect(mine!.report_path).toBe(issued!.report_path);
  });

  it('is what the QR code of the rendered certificate holds: the report page on the app’s address', async () => {
    const [mine] = (await ok(call('GET', '/api/user/certificates', student(1)))).entities as { id: string }[];
    const svg = await env.app.inject({
      method: 'GET',
      url: `/api/user/certificates/${mine!.id}/render.svg`,
      headers: { authorization: `Bearer ${student(1)}`, host: 'sabaq.example' },
    });
    expect(svg.statusCode).toBe(200);
    const modulesOf = async (text: string) =>
      (await QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }))
        .replace(/^[\s\S]*?<svg[^>]*>/, '')
        .replace(/<\/svg>\s*$/, '');
    expect(svg.body).toContain(await modulesOf(`http://sabaq.example/report/${token}`));
    expect(svg.body).not.toContain(await modulesOf(`http://sabaq.example/api/certificate-check/${mine!.id}`));
  });

  it('says revoked once the teacher revokes, without the score or proctoring; restored, it stands again', async () => {
    await ok(
      call('POST', `/api/assignments/${assignmentId}/students/${S(1)}/certificate/revoke.json`, teacher),
    );
    const revoked = await report(token);
    expect(revoked.certificate!.is_valid).toBe(false);
    expect(revoked).toMatchObject({ score: null, passed: null, proctoring: null });
    await ok(
      call('POST', `/api/assignments/${assignmentId}/students/${S(1)}/certificate/restore.json`, teacher),
    );
    expect((await report(token)).certificate!.is_valid).toBe(true);
  });

  it('answers 404 in the specification’s shape for an unknown or malformed token, and is never cached', async () => {
    for (const bad of ['A'.repeat(22), 'short', '..%2F..', 'x'.repeat(100)]) {
      const { status, body } = await call('GET', `/api/report/${bad}`, null);
      expect(status, bad).toBe(404);
      expect(body).toMatchObject({ status_code: 404, errors: {} });
      expect(typeof body.message).toBe('string');
    }
    const answer = await env.app.inject({ method: 'GET', url: `/api/report/${token}` });
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('a teacher’s share link of an attempt', () => {
  let assignmentId: string;
  let attemptId: string;
  let otherAttempt: string;

  beforeAll(async () => {
    const assignment = await makeAssignment({ certificate: { issue_type: 'manual' } });
    assignmentId = assignment.id;
    attemptId = await takeAssignment(assignment, 2, false, 0);
    const other = await makeAssignment({ certificate: { issue_type: 'manual' } });
    otherAttempt = await takeAssignment(other, 3, true);
    await settled(env);
  });

  it('is refused to a colleague, another school, a manager, a student and a stranger', async () => {
    const path = linkPath(assignmentId, attemptId);
    for (const [who, token, status] of [
      ['colleague', colleague, 404],
      ['another school', outsider, 404],
      ['manager', manager, 403],
      ['student', student(2), 403],
      ['no token', null, 401],
    ] as const) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const { status: got, body } = await call(method, path, token);
        expect(got, `${who} ${method}`).toBe(status);
        expect(body.status_code).toBe(status);
      }
    }
    // An attempt of another assignment under this one's path is no attempt of it.
    expect((await call('POST', linkPath(assignmentId, otherAttempt), teacher)).status).toBe(404);
    expect((await call('GET', linkPath(assignmentId, attemptId), teacher)).body.entity).toBeNull();
  });

  it('is made once, copied again, opens without signing in, and stops working when revoked', async () => {
    const path = linkPath(assignmentId, attemptId);
    const made = await entityOf(call('POST', path, teacher), 201);
    expect(made.path).toBe(`/report/${String(made.token)}`);
    expect(made.shared_by).toBe('teacher-school-a-1');
    expect(await entityOf(call('POST', path, teacher), 200)).toEqual(made);
    expect(await entityOf(call('GET', path, teacher))).toEqual(made);

    const shown = await report(String(made.token));
    expect(shown).toMatchObject({
      kind: 'attempt',
      school: { name: 'Лицей А' },
      assignment: { name: 'Умножение' },
      student: { name: 'Касымова Айгерим2' },
      score: { points: 0, max: 2, percent: 0 },
      // Finished, and no certificate condition: finishing is the condition.
      passed: true,
      certificate: null,
      proctoring: { credibility: 100, types: [] },
    });
    expect(JSON.stringify(shown)).not.toContain(attemptId);

    expect((await ok(call('DELETE', path, teacher))).entity).toBeNull();
    const gone = await call('GET', `/api/report/${String(made.token)}`, null);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ status_code: 404, errors: {} });
    expect((await call('GET', path, teacher)).body.entity).toBeNull();

    const again = await entityOf(call('POST', path, teacher), 201);
    expect(again.token).not.toBe(made.token);
    expect((await call('GET', `/api/report/${String(made.token)}`, null)).status).toBe(404);
    expect((await report(String(again.token))).kind).toBe('attempt');
  });

  it('is refused (422 on show_report) where the certificate settings hide the report', async () => {
    const hidden = await makeAssignment({ certificate: { issue_type: 'manual', show_report: false } });
    const attempt = await takeAssignment(hidden, 1, true);
    await settled(env);
    const { status, body } = await call('POST', linkPath(hidden.id, attempt), teacher);
    expect(status).toBe(422);
    expect(body.status_code).toBe(422);
    expect(Object.keys(body.errors ?? {})).toEqual(['show_report']);
  });
});

describe('the report links read model', () => {
  it('rebuilds to the same rows, tokens and revocations when the log is replayed twice', async () => {
    const read = async () => ({
      links: await env.db.selectFrom(REPORT_LINKS_TABLE).selectAll().orderBy('token').execute(),
      tokens: await env.db
        .selectFrom(USER_CERTIFICATES_TABLE)
        .select(['id', 'report_token'])
        .orderBy('id')
        .execute(),
    });
    const before = await read();
    // The share / revoke / share again above left a revoked link and a live one.
    expect(before.links.filter((l) => l.revoked_at === null).length).toBeGreaterThan(0);
    expect(before.links.filter((l) => l.revoked_at !== null).length).toBeGreaterThan(0);
    expect(before.tokens.every((t) => typeof t.report_token === 'string')).toBe(true);
    await replayTwice(env);
    expect(await read()).toEqual(before);
  });
});

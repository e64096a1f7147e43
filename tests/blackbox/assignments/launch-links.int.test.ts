import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@sabaq/events';
import { launchLinkStream } from '../../../services/src/contexts/assignments/launch-links/link-commands';
import { launchLinksProjection } from '../../../services/src/contexts/assignments/launch-links/link-projection';
import { LAUNCH_LINKS_TABLE } from '../../../services/src/contexts/assignments/launch-links/link-table';
import { launchLinkRoutes } from '../../../services/src/contexts/assignments/launch-links/link-routes';
import { assignmentsRoutes } from '../../../services/src/contexts/assignments/routes';
import { schoolsMigrations } from '../../../services/src/contexts/schools/table';
import { HealthChecks } from '../../../services/src/platform/http/health';
import { buildServer } from '../../../services/src/platform/http/server';
import { everyEvent } from '../../support/events';
import { testAccess, tokenFor } from '../records/records-app';
import { caller } from '../schools/contexts-app';
import { startAssignmentsApp, type AssignmentsApp } from './assignments-app';
import { routeAccessTable } from '../../support/access-tables';

/**
 * External assignments' addresses and the assignment's launch link (`/session/assignment/{token}`)
 * over HTTP with the route access table enforced: school-a's teacher and manager, a colleague, a
 * teacher of school-b, a student of the assignment and one who is not given it.
 */
let env: AssignmentsApp;
let app: FastifyInstance;
beforeAll(async () => {
  env = await startAssignmentsApp();
  // The preview names the school: the schools' table beside the assignments' (created directly: the
  // app's migrator already ran migrations numbered after this one).
  for (const migration of Object.values(schoolsMigrations)) await migration.up(env.db as never);
  app = await buildServer({
    health: new HealthChecks('embedded', 'test'),
    logLevel: 'silent',
    routeAccess: { authenticator: env.services.authenticator, table: routeAccessTable },
    plugins: [
      (api) => assignmentsRoutes(api, env.services, { access: testAccess }),
      async (api) => launchLinkRoutes(api, env.services),
    ],
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

type Body = Record<string, unknown> & {
  entity?: (Record<string, unknown> & { id: string; token: string; path: string }) | null;
  errors?: Record<string, string[]>;
  message?: string;
  status_code?: number;
};
const teacher = tokenFor('teacher', 'school-a');
const manager = tokenFor('manager', 'school-a');
const colleague = tokenFor('teacher', 'school-a', 2);
const outsider = tokenFor('teacher', 'school-b');
const student = tokenFor('student', 'school-a');
const stranger = tokenFor('student', 'school-a', 4);
const otherSchoolStudent = tokenFor('student', 'school-b');
const S1 = 'student-school-a-1';

const call = caller<Body>(() => app);

const external = (fields: Record<string, unknown> = {}) => ({
  type: 'external',
  name: 'Эссе на внешнем сайте',
  external_url: 'https://forms.example.org/essay',
  is_proctoring: false,
  students: [S1],
  ...fields,
});

async function createExternal(): Promise<string> {
  const { status, body } = await call('POST', '/api/assignments', teacher, external());
  expect(status, JSON.stringify(body)).toBe(201);
  return body.entity!.id;
}

describe("an external assignment's address", () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://files.example.org/a',
    'forms.example.org',
  ])('refuses %s with a field error (422)', async (url) => {
    const { status, body } = await call('POST', '/api/assignments', teacher, external({ external_url: url }));
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.status_code).toBe(422);
    expect(typeof body.message).toBe('string');
    expect(body.errors?.external_url?.[0]).toMatch(/http:\/\/ или https:\/\//);
  });

  it('takes http and https addresses, and refuses a bad one on an edit too', async () => {
    const created = await call(
      'POST',
      '/api/assignments',
      teacher,
      external({ external_url: 'http://127.0.0.1:8080/form' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.entity!.external_url).toBe('http://127.0.0.1:8080/form');
    const id = created.body.entity!.id;
    const edit = await call('PUT', `/api/assignments/${id}`, teacher, { external_url: 'javascript:void(0)' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(422);
    expect(Object.keys(edit.body.errors ?? {})).toEqual(['external_url']);
    const read = await call('GET', `/api/assignments/${id}`, teacher);
    expect(read.body.entity!.external_url).toBe('http://127.0.0.1:8080/form');
  });
});

describe('the launch link', () => {
  it('is issued once by the owner, copied again unchanged, and leads each caller where they belong', async () => {
    const id = await createExternal();
    const path = `/api/assignments/${id}/launch-link.json`;
    expect((await call('GET', path, teacher)).body.entity).toBeNull();

    // Two issues at once: one token, one event.
    const [first, second] = await Promise.all([call('POST', path, teacher), call('POST', path, teacher)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const link = first.body.entity!;
    expect(second.body.entity!.token).toBe(link.token);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.path).toBe(`/session/assignment/${link.token}`);
    expect(link.issued_by).toBe('teacher-school-a-1');
    const events = await env.store.readStream(launchLinkStream(id));
    expect(events.map((e) => e.type)).toEqual(['AssignmentLaunchLinkIssued']);
    expect((await call('GET', path, teacher)).body.entity!.token).toBe(link.token);

    const resolve = (token: string | null) => call('GET', `/api/assignment-links/${link.token}`, token);
    const asStudent = await resolve(student);
    expect(asStudent.status).toBe(200);
    expect(asStudent.body.entity).toEqual({
      assignment_id: id,
      name: 'Эссе на внешнем сайте',
      type: 'external',
      status: 'process',
      relation: 'student',
    });
    expect((await resolve(stranger)).body.entity!.relation).toBe('other');
    expect((await resolve(teacher)).body.entity!.relation).toBe('staff');
    expect((await resolve(manager)).body.entity!.relation).toBe('staff');
    expect((await resolve(colleague)).body.entity!.relation).toBe('other');
    expect((await resolve(outsider)).body.entity!.relation).toBe('other');
    // Signed out: only the name, from the public preview.
    expect((await resolve(null)).status).toBe(401);
    const preview = await call('GET', `/api/assignment-links/${link.token}/preview.json`, null);
    expect(preview.status).toBe(200);
    expect(preview.body.entity).toEqual({ name: 'Эссе на внешнем сайте', school: null });
  });

  it('answers the same link to every one of many simultaneous issues (none finds it missing)', async () => {
    // The losers of the race decide nothing once the winner's event is stored; they must still wait for
    // the read model to show it, or they would answer `entity: null`.
    for (let round = 0; round < 3; round++) {
      const id = await createExternal();
      const path = `/api/assignments/${id}/launch-link.json`;
      const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', path, teacher)));
      const tokens = answers.map((a) => a.body.entity?.token ?? null);
      expect(
        tokens.every((t) => t !== null && t === tokens[0]),
        JSON.stringify(answers),
      ).toBe(true);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
      expect((await env.store.readStream(launchLinkStream(id))).map((e) => e.type)).toEqual([
        'AssignmentLaunchLinkIssued',
      ]);
    }
  });

  it('renewing revokes the old token at once; revoking leaves none; unknown tokens are 404', async () => {
    const id = await createExternal();
    const path = `/api/assignments/${id}/launch-link.json`;
    const old = (await call('POST', path, teacher)).body.entity!;
    const renewed = await call('POST', `/api/assignments/${id}/launch-link/renew.json`, manager);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const fresh = renewed.body.entity!;
    expect(fresh.token).not.toBe(old.token);
    expect(fresh.issued_by).toBe('manager-school-a-1');
    expect((await call('GET', `/api/assignment-links/${old.token}`, student)).status).toBe(404);
    expect((await call('GET', `/api/assignment-links/${old.token}/preview.json`, null)).status).toBe(404);
    expect((await call('GET', `/api/assignment-links/${fresh.token}`, student)).status).toBe(200);

    const revoked = await call('DELETE', path, teacher);
    expect(revoked.status).toBe(200);
    expect((await call('GET', path, teacher)).body.entity).toBeNull();
    const gone = await call('GET', `/api/assignment-links/${fresh.token}`, student);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Ссылка на задание не найдена или отозвана');
    // Revoking again decides nothing.
    expect((await call('DELETE', path, teacher)).status).toBe(200);
    const types = (await env.store.readStream(launchLinkStream(id))).map((e) => e.type);
    expect(types).toEqual([
      'AssignmentLaunchLinkIssued',
      'AssignmentLaunchLinkRevoked',
      'AssignmentLaunchLinkIssued',
      'AssignmentLaunchLinkRevoked',
    ]);
    // A new issue after a revoke is a new token: a revoked link never comes back.
    const again = (await call('POST', path, teacher)).body.entity!;
    expect([old.token, fresh.token]).not.toContain(again.token);

    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', "x'; drop table--"]) {
      const url = `/api/assignment-links/${encodeURIComponent(token)}`;
      expect((await call('GET', url, student)).status).toBe(404);
    }
  });

  it("is the assignment staff's: a student 403, a colleague and another school's teacher 404", async () => {
    const id = await createExternal();
    const path = `/api/assignments/${id}/launch-link.json`;
    for (const [method, url] of [
      ['GET', path],
      ['POST', path],
      ['POST', `/api/assignments/${id}/launch-link/renew.json`],
      ['DELETE', path],
    ] as const) {
      expect((await call(method, url, student)).status, `${method} ${url} student`).toBe(403);
      expect((await call(method, url, colleague)).status, `${method} ${url} colleague`).toBe(404);
      expect((await call(method, url, outsider)).status, `${method} ${url} outsider`).toBe(404);
      expect((await call(method, url, null)).status, `${method} ${url} signed out`).toBe(401);
    }
    expect(await env.store.readStream(launchLinkStream(id))).toEqual([]);
    expect((await call('POST', '/api/assignments/unknown-id/launch-link.json', teacher)).status).toBe(404);
  });

  it('carries a short code: issued with the link, case- and dash-insensitive, renewed, revoked with it', async () => {
    const id = await createExternal();
    const path = `/api/assignments/${id}/launch-link.json`;
    const link = (await call('POST', path, teacher)).body.entity!;
    const code = String(link.code);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect((await call('GET', path, teacher)).body.entity!.code).toBe(code);
    const issued = await env.store.readStream(launchLinkStream(id));
    expect(issued.map((e) => (e.data as { code?: string }).code)).toEqual([code]);

    const byCode = (typed: string, token: string | null = student) =>
      call('GET', `/api/assignment-links/code/${encodeURIComponent(typed)}`, token);
    const spaced = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    for (const typed of [code, spaced, ` ${code.slice(0, 4)} ${code.slice(4).toLowerCase()} `]) {
      const found = await byCode(typed);
      expect(found.status, typed).toBe(200);
      expect(found.body.entity).toEqual({
        assignment_id: id,
        name: 'Эссе на внешнем сайте',
        type: 'external',
        status: 'process',
        relation: 'student',
        token: link.token,
      });
    }
    expect((await byCode(code, teacher)).body.entity!.relation).toBe('staff');
    // Another school's student finds the assignment but is told it is not theirs.
    const outside = await byCode(code, otherSchoolStudent);
    expect(outside.status).toBe(200);
    expect(outside.body.entity!.relation).toBe('other');
    expect((await byCode(code, null)).status).toBe(401);

    const renewed = (await call('POST', `/api/assignments/${id}/launch-link/renew.json`, teacher)).body
      .entity!;
    expect(renewed.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(renewed.code).not.toBe(code);
    const old = await byCode(code, stranger);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ message: 'Код не найден', errors: {}, status_code: 404 });
    expect((await byCode(String(renewed.code))).body.entity!.token).toBe(renewed.token);

    await call('DELETE', path, teacher);
    expect((await byCode(String(renewed.code), stranger)).status).toBe(404);
  });

  it('answers 429 after 10 wrong codes in 10 minutes from one caller; others are not held back', async () => {
    const id = await createExternal();
    const code = String(
      (await call('POST', `/api/assignments/${id}/launch-link.json`, teacher)).body.entity!.code,
    );
    const guesser = tokenFor('student', 'school-a', 7);
    const wrong = ['ZZZZ-ZZZZ', 'AAAA-AAAA', 'not a code', '0O1I-L000', 'BBBBBBBB', 'CCCC-CCCC'];
    for (let i = 0; i < 10; i++) {
      const typed = wrong[i % wrong.length]!;
      const miss = await call('GET', `/api/assignment-links/code/${encodeURIComponent(typed)}`, guesser);
      expect(miss.status, `miss ${i + 1}: ${typed}`).toBe(404);
    }
    // The 11th look-up is refused even with the right code: else guessing would simply go on.
    const refused = await call('GET', `/api/assignment-links/code/${code}`, guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.status_code).toBe(429);
    expect(refused.body.message).toMatch(/^Слишком много неверных кодов\. Попробуйте снова через 10 мин\.$/);
    expect((await call('GET', `/api/assignment-links/code/${code}`, student)).status).toBe(200);
  });

  it('the read model ends the same whether every event is applied once or twice', async () => {
    const replay = async (events: StoredEvent[]) => {
      const handled = events.filter((e) => launchLinksProjection.handles.includes(e.type));
      await env.db.transaction().execute((tx) => launchLinksProjection.apply(tx, handled));
    };
    const rows = () => env.db.selectFrom(LAUNCH_LINKS_TABLE).selectAll().orderBy('token').execute();
    const events = await everyEvent(env.store);
    expect(events.some((e) => e.type === 'AssignmentLaunchLinkRevoked')).toBe(true);
    const before = await rows();
    await replay(events);
    expect(await rows()).toEqual(before);
    await replay(events);
    expect(await rows()).toEqual(before);
    // An issue delivered again after its revocation does not bring the token back.
    await replay(events.filter((e) => e.type === 'AssignmentLaunchLinkIssued'));
    expect(await rows()).toEqual(before);
    expect(before.filter((r) => r.revoked_at === null).length).toBeGreaterThan(0);
    expect(before.filter((r) => r.revoked_at !== null).length).toBeGreaterThan(0);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVITE_CODE } from '../../../services/src/contexts/identity/invites/demo-invite';
import { DEMO_SCHOOL_ID, DEMO_SECOND_SCHOOL_ID } from '../../../services/src/contexts/identity/seed';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { PASSWORD, registerPupil, type Platform } from './http';

let platform: Platform;
let dataDir: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by expect, not the compiler
type Body = Record<string, any>;

// Not caller(): over the started platform's port (fetch), as a client meets it, not app.inject in process.
async function call(method: string, url: string, options: { token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${platform.url}${url}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}

async function token(username: string, password = PASSWORD): Promise<string> {
  const answer = await call('POST', '/oauth/token', {
    json: { grant_type: 'password', client_id: 2, username, password },
  });
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

const CODE = /^[A-HJ-KM-NP-Z2-9]{4}-[A-HJ-KM-NP-Z2-9]{4}$/;

describe('invite codes, attaching a school, profile edits', () => {
  let manager: string;
  let teacher: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/invites-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    manager = await token('manager');
    teacher = await token('teacher');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds the demo school’s invite code for students', async () => {
    const listed = await call('GET', `/api/invite-codes?filter[code]=${DEMO_INVITE_CODE}`, {
      token: manager,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.entities).toHaveLength(1);
    expect(listed.body.entities[0]).toMatchObject({
      code: DEMO_INVITE_CODE,
      school_id: DEMO_SCHOOL_ID,
      group: 'student',
      limits: 0,
      is_revoked: false,
      usages_count: 0,
    });
  });

  it('a teacher creates, edits, revokes and deletes their own invite; the manager sees it', async () => {
    const created = await call('POST', '/api/invite-codes', {
      token: teacher,
      json: {
        name: '7 «А» класс',
        limits: 30,
        expires_in: 7 * 24 * 3600,
        assignments: [12, { id: 'a-13' }],
        recipients: [{ recipient: 'parent@school.kz', name: 'Родитель' }],
      },
    });
    expect(created.status).toBe(201);
    const invite = created.body.entity;
    expect(invite).toMatchObject({
      name: '7 «А» класс',
      school_id: DEMO_SCHOOL_ID,
      group: 'student',
      limits: 30,
      usages_count: 0,
      is_revoked: false,
      assignments: ['12', 'a-13'],
      recipients: [
        { invite_code_id: invite.id, type: 'email', recipient: 'parent@school.kz', is_activated: false },
      ],
    });
    expect(invite.code).toMatch(CODE);
    // expires_in counts from now: the expiry is about a week ahead.
    const ahead = new Date(invite.expired_at).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(ahead).toBeLessThan(7.1 * 24 * 3600 * 1000);

    const seen = await call('GET', `/api/invite-codes/${invite.id}`, { token: manager });
    expect(seen.body.entity.code).toBe(invite.code);
    const revoked = await call('PUT', `/api/invite-codes/${invite.id}`, {
      token: teacher,
      json: { is_revoked: true, name: '7 «А»' },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.entity).toMatchObject({ is_revoked: true, name: '7 «А»', code: invite.code });
    // The code and the group are the platform's: an edit cannot set them.
    const forged = await call('PUT', `/api/invite-codes/${invite.id}`, {
      token: teacher,
      json: { code: 'MINE-0001' },
    });
    expect(forged.status).toBe(422);

    expect((await call('DELETE', `/api/invite-codes/${invite.id}`, { token: teacher })).status).toBe(204);
    expect((await call('GET', `/api/invite-codes/${invite.id}`, { token: teacher })).status).toBe(404);
  });

  it('lets a teacher invite students only, and keeps students out', async () => {
    const refused = await call('POST', '/api/invite-codes', {
      token: teacher,
      json: { name: 'Коллеги', group: 'teacher' },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { group: ['Учитель может приглашать только учеников'] } },
    });
    const forManager = await call('POST', '/api/invite-codes', {
      token: manager,
      json: { name: 'Учителя', group: 'teacher' },
    });
    expect(forManager).toMatchObject({ status: 201, body: { entity: { group: 'teacher' } } });
    const student = await token('student');
    expect((await call('GET', '/api/invite-codes', { token: student })).status).toBe(403);
    expect((await call('POST', '/api/invite-codes', { token: student, json: { name: 'x' } })).status).toBe(
      403,
    );
  });

  it('a signed-in user joins the school of an invite once, then selects it', async () => {
    // The admin invites into the second demo school, of which the pupil is not a member.
    const admin = await token('admin');
    await call('POST', '/api/select-school.json', {
      token: admin,
      json: { school_id: DEMO_SECOND_SCHOOL_ID },
    });
    const created = await call('POST', '/api/invite-codes', {
      token: admin,
      json: { name: 'Лицей', limits: 5 },
    });
    expect(created.status).toBe(201);
    const { code, id } = created.body.entity;

    const pupil = await registerPupil(platform, {});
    const signedIn = await token(pupil.username);
    const attach = (invite_code: string) =>
      call('POST', '/api/attach-school.json', { token: signedIn, json: { invite_code } });

    const joined = await attach(code.toLowerCase().replace('-', ' '));
    expect(joined.status).toBe(200);
    const names = (body: Body) => (body.entities as { name: string }[]).map((s) => s.name).sort();
    expect(names(joined.body)).toEqual(['Демо-лицей', 'Демо-школа']);
    // Twice is once: the same answer, and no second use of the code.
    const again = await attach(code);
    expect(again.status).toBe(200);
    expect(names(again.body)).toEqual(['Демо-лицей', 'Демо-школа']);
    const invite = await call('GET', `/api/invite-codes/${id}`, { token: admin });
    expect(invite.body.entity.usages_count).toBe(1);

    const schools = await call('GET', '/api/schools.json', { token: signedIn });
    expect(names(schools.body)).toEqual(['Демо-лицей', 'Демо-школа']);
    const selected = await call('POST', '/api/select-school.json', {
      token: signedIn,
      json: { school_id: DEMO_SECOND_SCHOOL_ID },
    });
    expect(selected.status).toBe(200);
    expect(selected.body.entity.school).toMatchObject({ id: DEMO_SECOND_SCHOOL_ID, name: 'Демо-лицей' });
    // The user keeps their group: an invite's group is for the people it registers.
    expect(selected.body.entity.group).toBe('student');

    const unknown = await attach('NOPE-NOPE');
    expect(unknown).toMatchObject({
      status: 422,
      body: { message: 'Код приглашения не найден', errors: { invite_code: ['Код приглашения не найден'] } },
    });
    expect((await attach('')).body.errors).toEqual({ invite_code: ['Введите код приглашения'] });
    expect((await call('POST', '/api/attach-school.json', { json: { invite_code: code } })).status).toBe(401);
  });

  it('refuses to attach with a revoked code', async () => {
    const created = await call('POST', '/api/invite-codes', { token: manager, json: { name: 'Отозван' } });
    const { id, code } = created.body.entity;
    await call('PUT', `/api/invite-codes/${id}`, { token: manager, json: { is_revoked: true } });
    const pupil = await registerPupil(platform, {});
    const refused = await call('POST', '/api/attach-school.json', {
      token: await token(pupil.username),
      json: { invite_code: code },
    });
    // The pupil is already in this school, but a revoked code is still no way in.
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { invite_code: ['Код приглашения отозван'] } },
    });
  });

  it('describes the new calls in the OpenAPI document', async () => {
    const doc = await call('GET', '/docs/json');
    expect(doc.status).toBe(200);
    for (const route of [
      '/api/invite-codes',
      '/api/invite-codes/{id}',
      '/api/register/validate.json',
      '/api/register/submit.json',
      '/api/attach-school.json',
      '/api/user/signing-key.json',
    ])
      expect(Object.keys(doc.body.paths), route).toContain(route);
  });

  it('shows a manager’s edit of a profile in the user’s own user.json', async () => {
    const pupil = await registerPupil(platform, { email: 'before@school.kz' });
    const signedIn = await token(pupil.username);
    const me = await call('GET', '/api/user.json', { token: signedIn });
    const id = me.body.entity.id as string;
    const edited = await call('PUT', `/api/students/${id}`, {
      token: manager,
      json: {
        lastname: 'Нурпеисова',
        patronymic: 'Ержановна',
        email: 'after@school.kz',
        notify_via_sms: true,
      },
    });
    expect(edited.status).toBe(200);
    await platform.runner!.caughtUp();
    const after = await call('GET', '/api/user.json', { token: signedIn });
    expect(after.body.entity).toMatchObject({
      lastname: 'Нурпеисова',
      patronymic: 'Ержановна',
      email: 'after@school.kz',
      full_name: `Нурпеисова ${pupil.firstname} Ержановна`,
    });
  });
});

import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { TestClient, withDeadline } from '../realtime/client';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;

const ACCOUNTS = ['admin', 'manager', 'teacher', 'student', 'student2', 'proctor', 'analyst'];
const PASSWORD = 'Demo12345';
const WRONG = {
  message: 'Пользователь не найден или введен неправильный пароль',
  errors: {},
  status_code: 1102,
};

let platform: Platform;
let dataDir: string;

// Not caller(): over the started platform's port (fetch), as a client meets it, not app.inject in process.
async function call(
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${platform.url}${url}`, { method, headers, body });
  // Answers are checked by expect against the specification's shapes, not by the compiler.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const login = (username: string, password = PASSWORD) =>
  call('POST', '/oauth/token', { form: { grant_type: 'password', client_id: '2', username, password } });

describe('identity over HTTP', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/identity-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it.each(ACCOUNTS)('signs in as the demo account %s and reads the user', async (username) => {
    const tokens = await login(username);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(typeof tokens.body.ws_access_token).toBe('string');
    const me = await call('GET', '/api/user.json?extended=1', { token: tokens.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.entity.username).toBe(username);
    // The admin belongs to two schools and chooses one first; everyone else works in the demo school.
    if (username === 'admin') expect(me.body.entity).toMatchObject({ school_id: null, school: null });
    else expect(me.body.entity.school).toMatchObject({ name: 'Демо-школа' });
    expect(me.body.entity.group).toBe(username === 'student2' ? 'student' : username);
    expect(me.body.entity.schools.length).toBeGreaterThan(0);
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|password/i);
  });

  it('accepts a JSON token request too', async () => {
    const tokens = await call('POST', '/oauth/token', {
      json: {
        grant_type: 'password',
        client_id: 2,
        scope: '*',
        username: 'Teacher',
        password: PASSWORD,
        recaptcha_token: 'x',
      },
    });
    expect(tokens.status).toBe(200);
  });

  it('answers a wrong password and an unknown user alike: 401, 1102 and the same text', async () => {
    expect(await login('teacher', 'wrong-password')).toEqual({ status: 401, body: WRONG });
    expect(await login('nobody-here')).toEqual({ status: 401, body: WRONG });
  });

  it('limits token requests per address and username', async () => {
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push((await login('guesser', 'wrong')).status);
    expect(answers).toEqual(Array(10).fill(401));
    expect(await login('guesser', 'wrong')).toEqual({
      status: 429,
      body: { message: 'Превышен лимит запросов', errors: {}, status_code: 429 },
    });
    // Another username from the same address is counted apart.
    expect((await login('analyst')).status).toBe(200);
  });

  it('rotates the refresh token and refuses the old one afterwards', async () => {
    const first = (await login('student')).body;
    const refresh = (token: string) =>
      call('POST', '/oauth/token', {
        form: { grant_type: 'refresh_token', client_id: '2', refresh_token: token },
      });
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await call('GET', '/api/user.json', { token: second.body.access_token })).status).toBe(200);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    // The reuse of a rotated token ends the session: the newest tokens are refused as well.
    expect((await call('GET', '/api/user.json', { token: second.body.access_token })).status).toBe(401);
  });

  it('refuses the access token at once after logout, and logging out again succeeds', async () => {
    const { access_token } = (await login('teacher')).body;
    expect((await call('GET', '/api/user.json', { token: access_token })).status).toBe(200);
    expect((await call('POST', '/oauth/logout', { token: access_token })).status).toBe(200);
    const after = await call('GET', '/api/user.json', { token: access_token });
    expect(after.status).toBe(401);
    expect(after.body.status_code).toBe(401);
    expect((await call('POST', '/logout.json', { token: access_token })).status).toBe(200);
  });

  it('logs the session out of its realtime sockets when it ends, and leaves other sessions connected', async () => {
    const first = (await login('proctor')).body;
    const second = (await login('proctor')).body;
    const a = await TestClient.connect(platform.url, first.ws_access_token);
    const b = await TestClient.connect(platform.url, second.ws_access_token);
    try {
      expect((await call('POST', '/oauth/logout', { token: first.access_token })).status).toBe(200);
      const logout = await a.client.next((m) => m.event === 'LogoutAction', 'LogoutAction');
      expect(logout).toMatchObject({ event: 'LogoutAction', data: { reason: 'logout' } });
      expect((await withDeadline(a.client.closed, 'socket closed')).code).toBe(4000);
      expect(b.client.pushes('LogoutAction')).toEqual([]);
      expect(b.client.socket.readyState).toBe(b.client.socket.OPEN);
    } finally {
      a.client.close();
      b.client.close();
    }
  });

  it('lists the caller’s schools and changes the session’s school only to one of them', async () => {
    const admin = (await login('admin')).body.access_token;
    const schools = await call('GET', '/api/schools.json', { token: admin });
    expect(schools.body.entities.map((s: { name: string }) => s.name).sort()).toEqual([
      'Демо-лицей',
      'Демо-школа',
    ]);
    const lyceum = schools.body.entities.find((s: { name: string }) => s.name === 'Демо-лицей');
    expect((await call('GET', '/api/user.json', { token: admin })).body.entity.school).toBeNull();
    const chosen = await call('POST', '/api/select-school.json', {
      token: admin,
      json: { school_id: lyceum.id },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.entity).toMatchObject({ school_id: lyceum.id, is_multiple_schools: true });
    const me = await call('GET', '/api/user.json', { token: admin });
    expect(me.body.entity.school.name).toBe('Демо-лицей');

    const teacher = (await login('manager')).body.access_token;
    const refused = await call('POST', '/api/select-school.json', {
      token: teacher,
      json: { school_id: lyceum.id },
    });
    expect(refused.status).toBe(403);
  });

  it('changes the password of the signed-in user', async () => {
    const { access_token } = (await login('student2')).body;
    const mismatch = await call('POST', '/api/password/change.json', {
      token: access_token,
      json: { new_password: 'secret1', new_password_confirmation: 'secret2' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.new_password_confirmation).toEqual(['Пароли не совпадают']);
    const changed = await call('POST', '/api/password/change.json', {
      token: access_token,
      json: { new_password: 'NewPass1', new_password_confirmation: 'NewPass1' },
    });
    expect(changed).toMatchObject({ status: 200, body: { message: 'Пароль успешно изменен' } });
    expect((await login('student2')).status).toBe(401);
    expect((await login('student2', 'NewPass1')).status).toBe(200);
  });

  it('creates no second copy of the demo data on a second start', async () => {
    const headBefore = await platform.store.headPosition();
    await platform.stop();
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    expect(await platform.store.headPosition()).toBe(headBefore);
    await platform.runner!.caughtUp();
    const users = await platform.db.selectFrom('users').select(['username']).execute();
    expect(users.map((u) => u.username).sort()).toEqual([...ACCOUNTS].sort());
    const schools = await platform.db.selectFrom('schools').select('id').execute();
    expect(schools).toHaveLength(2);
    expect((await login('analyst')).status).toBe(200);
  });
});

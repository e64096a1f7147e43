import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
type Body = Record<string, unknown> & { entity?: Record<string, unknown>; entities?: unknown };
let platform: Platform;
let dataDir: string;

async function signIn(username: string, password = 'Demo12345') {
  const response = await fetch(`${platform.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: '2', username, password }),
  });
  return {
    status: response.status,
    token: ((await response.json()) as { access_token?: string }).access_token,
  };
}

async function token(username: string, password?: string): Promise<string> {
  const { status, token } = await signIn(username, password);
  expect(status).toBe(200);
  return token!;
}

// Not caller(): over the started platform's port (fetch), as a client meets it, not app.inject in process.
async function call(method: string, url: string, bearer: string, json?: unknown) {
  const response = await fetch(`${platform.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Body };
}

const page = (body: Body) =>
  body.entities as { data: { id: string; user: { username: string } }[]; total: number };

/** A school's people behind the real sign-in: demo accounts, real tokens, the access table. */
describe('people', () => {
  let manager: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/people-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    manager = await token('manager');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a manager lists and searches the school’s students, paged', async () => {
    const listed = await call('GET', '/api/students?page=1&limit=25', manager);
    expect(listed.status).toBe(200);
    const usernames = page(listed.body)
      .data.map((s) => s.user.username)
      .sort();
    expect(usernames).toEqual(['student', 'student2']);
    expect(page(listed.body)).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 25 });
    expect(page(listed.body).data[0]).toMatchObject({
      credibility: null,
      points: 0,
      notify_via_sms: false,
      notify_via_email: false,
      request_photo_challenge: false,
    });

    const byName = await call(
      'GET',
      `/api/students?query=${encodeURIComponent('касымова айгерим')}`,
      manager,
    );
    expect((byName.body.entities as { user: { username: string } }[]).map((s) => s.user.username)).toEqual([
      'student',
    ]);
    const byEmail = await call('GET', '/api/students?query=student2%40demo', manager);
    expect((byEmail.body.entities as { user: { username: string } }[]).map((s) => s.user.username)).toEqual([
      'student2',
    ]);
    // The search text is literal: a % is not a wildcard.
    const literal = await call('GET', '/api/students?query=%25', manager);
    expect(literal.body.entities).toEqual([]);

    const teachers = await call('GET', '/api/teachers', manager);
    expect((teachers.body.entities as { user: { username: string } }[]).map((t) => t.user.username)).toEqual([
      'teacher',
    ]);
    const proctors = await call('GET', '/api/proctors', manager);
    expect((proctors.body.entities as { username: string }[]).map((p) => p.username)).toEqual(['proctor']);
    const users = await call('GET', '/api/users?filter[group]=analyst', manager);
    expect((users.body.entities as { username: string }[]).map((u) => u.username)).toEqual(['analyst']);
  });

  it('a manager creates a student who can then sign in, edits and deactivates them', async () => {
    const created = await call('POST', '/api/students', manager, {
      username: 'aruzhan.b',
      password: 'Secret123',
      firstname: 'Аружан',
      lastname: 'Бекова',
      email: 'aruzhan@example.kz',
      notify_via_email: true,
    });
    expect(created.status).toBe(201);
    const student = created.body.entity!;
    expect(student).toMatchObject({
      user_id: student.id,
      points: 0,
      credibility: null,
      notify_via_email: true,
      notify_via_sms: false,
      user: { username: 'aruzhan.b', full_name: 'Бекова Аружан', group: 'student' },
    });
    expect(JSON.stringify(created.body)).not.toContain('Secret123');

    const again = await call('POST', '/api/students', manager, {
      username: 'ARUZHAN.B',
      password: 'Secret123',
      firstname: 'Другая',
      lastname: 'Ученица',
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('username');

    const own = await token('aruzhan.b', 'Secret123');
    const mine = await call('GET', '/api/student.json', own);
    expect(mine.status).toBe(200);
    expect(mine.body.entity).toMatchObject({ id: student.id, notify_via_email: true });

    const edited = await call('PUT', `/api/students/${String(student.id)}`, manager, {
      lastname: 'Бекова-Нурланова',
      request_photo_challenge: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.entity).toMatchObject({
      request_photo_challenge: true,
      user: { lastname: 'Бекова-Нурланова', firstname: 'Аружан' },
    });
    const found = await call('GET', '/api/students?query=нурланова', manager);
    expect((found.body.entities as { id: string }[]).map((s) => s.id)).toEqual([student.id]);

    const removed = await call('DELETE', `/api/students/${String(student.id)}`, manager);
    expect(removed.status).toBe(204);
    expect((await call('GET', `/api/students/${String(student.id)}`, manager)).status).toBe(404);
    expect((await call('DELETE', `/api/students/${String(student.id)}`, manager)).status).toBe(404);
    const listed = await call('GET', '/api/students?query=aruzhan', manager);
    expect(listed.body.entities).toEqual([]);
    // Deactivation ended the student's sessions: the token they held is refused.
    expect((await call('GET', '/api/student.json', own)).status).toBe(401);
  });

  it('a manager creates teachers and proctors of the school', async () => {
    const teacher = await call('POST', '/api/teachers', manager, {
      username: 'teacher.new',
      password: 'Secret123',
      firstname: 'Бауыржан',
      lastname: 'Оспанов',
    });
    expect(teacher.status).toBe(201);
    expect(teacher.body.entity).toMatchObject({ user: { group: 'teacher' }, notify_via_sms: false });
    const own = await token('teacher.new', 'Secret123');
    expect((await call('GET', '/api/teacher.json', own)).body.entity).toMatchObject({
      id: teacher.body.entity!.id,
    });
    const proctor = await call('POST', '/api/proctors', manager, {
      username: 'proctor.new',
      password: 'Secret123',
      firstname: 'Сауле',
      lastname: 'Жунусова',
    });
    expect(proctor.status).toBe(201);
    expect(proctor.body.entity).toMatchObject({ group: 'proctor', username: 'proctor.new' });
  });

  it('refuses invalid people with 422 and errors per field', async () => {
    const invalid = await call('POST', '/api/students', manager, {
      username: 'a b',
      password: '123',
      firstname: '',
      email: 'not-an-email',
      points: 100,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ status_code: 422 });
    expect(Object.keys(invalid.body.errors as object)).toEqual(
      expect.arrayContaining(['username', 'password', 'firstname', 'lastname', 'email']),
    );
    const students = page((await call('GET', '/api/students?page=1', manager)).body);
    const badEdit = await call('PUT', `/api/students/${students.data[0]!.id}`, manager, { phone: 'звоните' });
    expect(badEdit.status).toBe(422);
    expect(badEdit.body.errors).toHaveProperty('phone');
    // The username is identity's: it cannot be changed through the profile.
    const rename = await call('PUT', `/api/students/${students.data[0]!.id}`, manager, { username: 'x' });
    expect(rename.status).toBe(422);
  });

  it('a teacher reads the school’s students but cannot create, edit or list teachers', async () => {
    const teacher = await token('teacher');
    const listed = await call('GET', '/api/students', teacher);
    expect(listed.status).toBe(200);
    expect((listed.body.entities as unknown[]).length).toBeGreaterThanOrEqual(2);
    const create = await call('POST', '/api/students', teacher, {
      username: 'by.teacher',
      password: 'Secret123',
      firstname: 'А',
      lastname: 'Б',
    });
    expect(create.status).toBe(403);
    expect((await call('GET', '/api/teachers', teacher)).status).toBe(403);
    expect((await call('GET', '/api/teacher.json', teacher)).status).toBe(200);
    expect((await call('GET', '/api/student.json', teacher)).status).toBe(403);
  });

  it('signs a deactivated person out at once and refuses their next sign-in', async () => {
    const manager = await token('manager');
    const created = await call('POST', '/api/students', manager, {
      username: 'leaving.student',
      password: 'Secret123',
      firstname: 'Тимур',
      lastname: 'Ушедший',
    });
    expect(created.status).toBe(201);
    const id = String((created.body.entity as { id: string }).id);
    const own = await token('leaving.student', 'Secret123');
    expect((await call('GET', '/api/student.json', own)).status).toBe(200);

    expect((await call('DELETE', `/api/students/${id}`, manager)).status).toBe(204);
    expect((await call('GET', '/api/user.json', own)).status).toBe(401);
    const again = await signIn('leaving.student', 'Secret123');
    expect(again).toEqual({ status: 401, token: undefined });
  });

  it('students see none of the lists; proctors only the students they watch', async () => {
    for (const username of ['student', 'proctor']) {
      const bearer = await token(username);
      for (const collection of ['users', 'students', 'teachers', 'proctors']) {
        const answer = await call('GET', `/api/${collection}`, bearer);
        const expected = username === 'proctor' && collection === 'students' ? 200 : 403;
        expect(answer.status, `${username} ${collection}`).toBe(expected);
      }
    }
    const watched = await call('GET', '/api/students', await token('proctor'));
    expect((watched.body.entities as { user: { username: string } }[]).map((s) => s.user.username)).toContain(
      'student',
    );
    const student = await token('student');
    const mine = await call('GET', '/api/student.json', student);
    expect(mine.body.entity).toMatchObject({ user: { username: 'student' }, points: 0 });
    expect((await call('GET', '/api/teacher.json', student)).status).toBe(403);
  });
});

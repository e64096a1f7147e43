import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { httpClient, lastCode, registerPupil, sentTo, type Platform } from './http';

let platform: Platform;
let dataDir: string;
const { call, token } = httpClient(() => platform);
const edit = (bearer: string | undefined, json: unknown) =>
  call('PUT', '/api/user/profile', { token: bearer, json });

/** PUT /api/user/profile: a user edits their own profile, whatever their group. */
describe('editing one’s own profile', () => {
  let pupil: { username: string };
  let pupilToken: string;
  let manager: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/profile-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    pupil = await registerPupil(platform, { phone: '+7 (701) 555-0301' });
    pupilToken = await token(pupil.username);
    manager = await token('manager');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('changes the names and avatar, seen at once by /api/user.json and by the manager’s cached lists', async () => {
    const me = (await call('GET', '/api/user.json', { token: pupilToken })).body.entity as { id: string };
    // Read (and so cache) the manager's answers first: the edit must make them stale.
    const before = await call('GET', `/api/students/${me.id}`, { token: manager });
    expect(before.body.entity.user.firstname).toBe('Аружан');
    const listed = await call('GET', `/api/users?page=1&query=${pupil.username}`, { token: manager });
    expect(listed.body.entities.data[0].firstname).toBe('Аружан');

    const saved = await edit(pupilToken, {
      firstname: '  Айгерим ',
      patronymic: '',
      photo: '/api/media/abc/file?expires=1&signature=x',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.entity).toMatchObject({
      id: me.id,
      firstname: 'Айгерим',
      patronymic: null,
      photo: '/api/media/abc/file?expires=1&signature=x',
      full_name: 'Сейтова Айгерим',
    });
    expect(saved.body.verification).toEqual({ email: false, phone: false });

    const user = await call('GET', '/api/user.json', { token: pupilToken });
    expect(user.body.entity.firstname).toBe('Айгерим');
    const after = await call('GET', `/api/students/${me.id}`, { token: manager });
    expect(after.body.entity.user).toMatchObject({ firstname: 'Айгерим', photo: expect.any(String) });
    const relisted = await call('GET', `/api/users?page=1&query=${pupil.username}`, { token: manager });
    expect(relisted.body.entities.data[0].firstname).toBe('Айгерим');
  });

  it('records the edit as UserProfileEdited on the user’s stream, and nothing for an untouched form', async () => {
    const me = (await call('GET', '/api/user.json', { token: pupilToken })).body.entity as { id: string };
    const stream = `user-${me.id}`;
    const events = await platform.store.readStream(stream);
    expect(events.find((e) => e.type === 'UserProfileEdited')).toMatchObject({
      type: 'UserProfileEdited',
      data: { userId: me.id, changes: { firstname: 'Айгерим', photo: expect.any(String) } },
    });
    expect((await edit(pupilToken, { firstname: 'Айгерим', lastname: 'Сейтова' })).status).toBe(200);
    expect(await platform.store.readStream(stream)).toHaveLength(events.length);
  });

  it('refuses group, school, username, national id and bad values, each under its field, changing nothing', async () => {
    const refused = await edit(pupilToken, {
      group: 'admin',
      school_id: 'another',
      username: 'boss',
      national_id: '010101500123',
      id: 'someone-else',
      firstname: ' ',
      email: 'not-an-address',
      phone: '12',
      photo: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: 'Проверьте введенные данные', status_code: 422 });
    expect(Object.keys(refused.body.errors).sort()).toEqual(
      ['email', 'firstname', 'group', 'id', 'national_id', 'phone', 'photo', 'school_id', 'username'].sort(),
    );
    expect(refused.body.errors.group).toEqual(['Это поле нельзя изменить в своём профиле']);
    expect(refused.body.errors.firstname).toEqual(['Введите имя']);
    const user = await call('GET', '/api/user.json', { token: pupilToken });
    expect(user.body.entity).toMatchObject({ group: 'student', firstname: 'Айгерим' });

    const one = await edit(pupilToken, { lastname: '' });
    expect(one.body).toEqual({
      message: 'Введите фамилию',
      errors: { lastname: ['Введите фамилию'] },
      status_code: 422,
    });
    expect((await edit(pupilToken, ['firstname'])).status).toBe(422);
  });

  it('refuses another user’s e-mail or phone', async () => {
    const other = await registerPupil(platform, { phone: '+7 (701) 555-0302', email: 'taken@school.kz' });
    expect(other.username).toBeTruthy();
    const clash = await edit(pupilToken, { email: 'TAKEN@school.kz', phone: '7 701 555 03 02' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({
      email: ['Пользователь с таким e-mail уже существует'],
      phone: ['Пользователь с таким телефоном уже существует'],
    });
    // One's own phone, written another way, is not a clash.
    expect((await edit(pupilToken, { phone: '+7 701 555 03 01' })).status).toBe(200);
  });

  it('a new e-mail or phone is sent a code, and confirming it records the confirmation on the account', async () => {
    const saved = await edit(pupilToken, { email: 'Aruzhan.New@School.kz', phone: '+7 (702) 555-0303' });
    expect(saved.status).toBe(200);
    expect(saved.body.entity).toMatchObject({ email: 'aruzhan.new@school.kz', phone: '+77025550303' });
    expect(saved.body.verification).toEqual({ email: true, phone: true });
    expect(sentTo('aruzhan.new@school.kz')).toMatch(/Код подтверждения/);
    const confirmed = await call('POST', '/api/email/confirm.json', {
      json: { email: 'aruzhan.new@school.kz', code: lastCode('aruzhan.new@school.kz') },
    });
    expect(confirmed.status).toBe(200);
    const phone = await call('POST', '/api/phone/confirm.json', {
      json: { phone: '+77025550303', code: lastCode('77025550303') },
    });
    expect(phone.status).toBe(200);
    const me = (await call('GET', '/api/user.json', { token: pupilToken })).body.entity as { id: string };
    const account = await platform.store.readStream(`account-${me.id}`);
    expect(account.map((e) => e.type)).toEqual(expect.arrayContaining(['EmailConfirmed', 'PhoneConfirmed']));
    // Cleared again (null, as the form sends an emptied field): no address, no code.
    const cleared = await edit(pupilToken, { email: null, phone: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.entity).toMatchObject({ email: null, phone: null });
    expect(cleared.body.verification).toEqual({ email: false, phone: false });
  });

  it('is the caller’s own profile only: no token is 401, and there is no route naming another user', async () => {
    expect((await edit(undefined, { firstname: 'Кто-то' })).status).toBe(401);
    const student = await token('student');
    const me = (await call('GET', '/api/user.json', { token: student })).body.entity as { id: string };
    const other = await call('PUT', `/api/user/profile/${me.id}`, {
      token: pupilToken,
      json: { firstname: 'Взлом' },
    });
    expect(other.status).toBe(404);
    expect((await call('GET', '/api/user.json', { token: student })).body.entity.firstname).not.toBe('Взлом');
    // Every group edits itself through the same call: a teacher and a proctor here.
    for (const username of ['teacher', 'proctor']) {
      const bearer = await token(username);
      const before = (await call('GET', '/api/user.json', { token: bearer })).body.entity as {
        patronymic: string | null;
      };
      const saved = await edit(bearer, { patronymic: 'Тестович' });
      expect(saved.status).toBe(200);
      expect(saved.body.entity.patronymic).toBe('Тестович');
      await edit(bearer, { patronymic: before.patronymic ?? '' });
    }
  });
});

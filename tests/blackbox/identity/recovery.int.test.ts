import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { LIMIT, httpClient, lastCode, registerPupil, sentTo, type Platform } from './http';

let platform: Platform;
const { call, login, token } = httpClient(() => platform);

const requestCode = (username: string) =>
  call('POST', '/api/password/request-via-code.json', { json: { username } });
const check = (username: string, action_code: string) =>
  call('POST', '/api/verification/check.json', { json: { username, action_code, action_type: 'password' } });
const changeViaCode = (username: string, action_code: string, password: string, confirmation = password) =>
  call('POST', '/api/password/change-via-code.json', {
    json: { username, action_code, new_password: password, new_password_confirmation: confirmation },
  });
const WRONG_CODE = {
  status: 422,
  body: { status_code: 9103, errors: { verification: [expect.any(String)] } },
};

describe('password recovery over HTTP', () => {
  beforeAll(async () => {
    platform = await startEmbeddedPlatform({
      dataDir: await mkdtemp(path.resolve('.tmp/recovery-')),
      demo: true,
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('recovers by an SMS code: 4 digits, one resend a minute, wrong codes refused, other sessions ended', async () => {
    const pupil = await registerPupil(platform, { phone: '+7 (701) 555-0101', email: 'pupil@school.kz' });
    const signedIn = await token(pupil.username);
    expect(await requestCode(pupil.username)).toEqual({ status: 200, body: { verification_type: 'phone' } });
    const code = lastCode('77015550101');
    expect(code).toMatch(/^\d{4}$/);
    expect(await requestCode(pupil.username)).toEqual({ status: 429, body: LIMIT });
    expect(lastCode('77015550101')).toBe(code);

    expect(await check(pupil.username, code === '0000' ? '0001' : '0000')).toMatchObject(WRONG_CODE);
    expect(await check(pupil.username, code)).toMatchObject({ status: 200 });

    const short = await changeViaCode(pupil.username, code, '123', '123');
    expect(short.status).toBe(422);
    expect(short.body.errors.new_password).toEqual(['Минимальная длина пароля 6 символов']);
    const mismatch = await changeViaCode(pupil.username, code, 'Secret12', 'Secret13');
    expect(mismatch.body.errors.new_password_confirmation).toEqual(['Пароли не совпадают']);

    expect(await changeViaCode(pupil.username, code, 'Secret12')).toEqual({
      status: 200,
      body: { message: 'Пароль успешно изменен' },
    });
    expect((await call('GET', '/api/user.json', { token: signedIn })).status).toBe(401);
    expect((await login(pupil.username)).status).toBe(401);
    expect((await login(pupil.username, 'Secret12')).status).toBe(200);
    // A code changes one password only.
    expect(await changeViaCode(pupil.username, code, 'Secret34')).toMatchObject(WRONG_CODE);
  });

  it('stops accepting a code after five wrong tries, even the right one', async () => {
    const pupil = await registerPupil(platform, { phone: '+7 701 555 0102' });
    await requestCode(pupil.username);
    const code = lastCode('77015550102');
    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < 5; i += 1) expect(await check(pupil.username, wrong)).toMatchObject(WRONG_CODE);
    expect(await check(pupil.username, code)).toMatchObject(WRONG_CODE);
    expect((await changeViaCode(pupil.username, code, 'Secret12')).status).toBe(422);
  });

  it('sends a link with the code by e-mail to a user without a phone', async () => {
    expect(await requestCode('teacher')).toEqual({ status: 200, body: { verification_type: 'email' } });
    const text = sentTo('teacher@demo.sabaq.kz') ?? '';
    expect(text).toContain('/password/reset?username=teacher&action_code=');
    expect((await changeViaCode('teacher', lastCode('teacher@demo.sabaq.kz'), 'Teacher1')).status).toBe(200);
    expect((await login('teacher', 'Teacher1')).status).toBe(200);
  });

  it('answers an unknown username like a user without contacts, and sends nothing', async () => {
    expect(await requestCode('nobody-at-all')).toEqual({
      status: 200,
      body: { verification_type: 'fullname' },
    });
    expect(await check('nobody-at-all', '1234')).toMatchObject(WRONG_CODE);
  });

  it('recovers by first and last name only a user who has neither phone nor e-mail', async () => {
    const pupil = await registerPupil(platform, {});
    expect((await requestCode(pupil.username)).body).toEqual({ verification_type: 'fullname' });
    const name = { username: pupil.username, firstname: 'аружан', lastname: 'СЕЙТОВА' };
    const wrong = await call('POST', '/api/password/check-via-fullname.json', {
      json: { ...name, lastname: 'Петрова' },
    });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { lastname: [expect.any(String)] } } });
    expect((await call('POST', '/api/password/check-via-fullname.json', { json: name })).status).toBe(200);
    const changed = await call('POST', '/api/password/change-via-fullname.json', {
      json: { ...name, new_password: 'ByName12', new_password_confirmation: 'ByName12' },
    });
    expect(changed).toEqual({ status: 200, body: { message: 'Пароль успешно изменен' } });
    expect((await login(pupil.username, 'ByName12')).status).toBe(200);

    // Someone who knows a name must not skip the code of a user who has an e-mail.
    const byName = { username: 'student', firstname: 'Айгерим', lastname: 'Касымова' };
    expect((await call('POST', '/api/password/check-via-fullname.json', { json: byName })).status).toBe(422);
  });

  it('limits name checks per address and username (429)', async () => {
    const guess = { username: 'analyst', firstname: 'Имя', lastname: 'Фамилия' };
    for (let i = 0; i < 10; i += 1)
      expect((await call('POST', '/api/password/check-via-fullname.json', { json: guess })).status).toBe(422);
    const limited = await call('POST', '/api/password/check-via-fullname.json', { json: guess });
    expect(limited).toEqual({ status: 429, body: LIMIT });
  });
});

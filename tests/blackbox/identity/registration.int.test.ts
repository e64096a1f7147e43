import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVITE_CODE } from '../../../services/src/contexts/identity/invites/demo-invite';
import { DEMO_SCHOOL_ID } from '../../../services/src/contexts/identity/seed';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { LIMIT, httpClient, lastCode, registerPupil, type Platform } from './http';

let platform: Platform;
let dataDir: string;
const { call, login, token } = httpClient(() => platform);

const validate = (json: object) => call('POST', '/api/register/validate.json', { json });
const submit = (json: object) => call('POST', '/api/register/submit.json', { json });

let manager: string;
let counter = 0;
/** A new invite of the demo school, made through the API as its manager. */
async function newInvite(fields: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const created = await call('POST', '/api/invite-codes', {
    token: manager,
    json: { name: `Набор ${++counter}`, ...fields },
  });
  expect(created.status).toBe(201);
  return created.body.entity as { id: string; code: string };
}
const inviteOf = async (id: string) =>
  (await call('GET', `/api/invite-codes/${id}`, { token: manager })).body.entity;

const person = (invite_code: string, extra: Record<string, unknown> = {}) => ({
  invite_code,
  firstname: 'Алия',
  lastname: 'Сапарова',
  patronymic: 'Бауыржановна',
  email: `aliya.${++counter}@school.kz`,
  password: 'Secret123',
  recaptcha_token: 'token',
  agree: true,
  ...extra,
});

describe('registration with an invite code over HTTP', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/registration-'));
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    manager = await token('manager');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('registers a student with a valid invite, signed in at once, in the invite’s school and group', async () => {
    const email = 'Aliya.Registered@School.kz';
    const invite = await newInvite({ recipients: [{ type: 'email', recipient: email, name: 'Алия' }] });
    const payload = person(invite.code, { email });
    expect(await validate(payload)).toEqual({ status: 200, body: { message: 'Данные заполнены верно' } });

    const registered = await submit(payload);
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      username: 'aliya.registered@school.kz',
    });
    expect(typeof registered.body.access_token).toBe('string');
    expect(typeof registered.body.ws_access_token).toBe('string');

    const me = await call('GET', '/api/user.json?extended=1', { token: registered.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.entity).toMatchObject({
      group: 'student',
      school_id: DEMO_SCHOOL_ID,
      school: { name: 'Демо-школа' },
      full_name: 'Сапарова Алия Бауыржановна',
      email: 'aliya.registered@school.kz',
      username: 'aliya.registered@school.kz',
    });
    expect(JSON.stringify(me.body)).not.toMatch(/argon2|Secret123/);
    // The e-mail is the username, and the password is the one chosen.
    expect((await login('aliya.registered@school.kz', 'Secret123')).status).toBe(200);

    await platform.runner!.caughtUp();
    const used = await inviteOf(invite.id);
    expect(used.usages_count).toBe(1);
    expect(used.recipients).toEqual([
      expect.objectContaining({ recipient: email, is_activated: true, invite_code_id: invite.id }),
    ]);
    // The same e-mail again is taken.
    const again = await validate(person(invite.code, { email: 'aliya.registered@school.kz' }));
    expect(again.body.errors).toEqual({ email: ['Пользователь с таким e-mail уже существует'] });
  });

  it('registers with the demo code, and into the group a manager’s invite grants', async () => {
    const demo = await submit(person(DEMO_INVITE_CODE.toLowerCase()));
    expect(demo.status).toBe(200);
    const teachers = await newInvite({ group: 'teacher' });
    const teacher = await submit(person(teachers.code));
    expect(teacher.status).toBe(200);
    const me = await call('GET', '/api/user.json', { token: teacher.body.access_token });
    expect(me.body.entity).toMatchObject({ group: 'teacher', school: { name: 'Демо-школа' } });
  });

  it('gives a readable username to someone with neither e-mail nor phone', async () => {
    const invite = await newInvite();
    const registered = await submit(person(invite.code, { email: null, phone: '' }));
    expect(registered.status).toBe(200);
    expect(registered.body.username).toMatch(/^saparova\.a\.\d{4}$/);
    expect((await login(registered.body.username, 'Secret123')).status).toBe(200);
  });

  it('reports every field error at once, in Russian, under the form’s fields', async () => {
    const empty = await validate({});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'Проверьте введенные данные',
      status_code: 422,
      errors: {
        invite_code: ['Введите код приглашения'],
        lastname: ['Введите фамилию'],
        firstname: ['Введите имя'],
        password: ['Введите пароль'],
        agree: ['Необходимо согласие на обработку персональных данных'],
      },
    });
    const invite = await newInvite();
    const wrong = await validate(
      person(invite.code, { email: 'not-an-address', password: '12345', agree: false, firstname: '  ' }),
    );
    expect(wrong.body.errors).toEqual({
      firstname: ['Введите имя'],
      email: ['Неверный адрес электронной почты'],
      password: ['Минимальная длина пароля 6 символов'],
      agree: ['Необходимо согласие на обработку персональных данных'],
    });
    const taken = await submit(person(invite.code, { email: 'student@demo.sabaq.kz' }));
    expect(taken).toMatchObject({
      status: 422,
      body: {
        message: 'Пользователь с таким e-mail уже существует',
        errors: { email: ['Пользователь с таким e-mail уже существует'] },
      },
    });
    // Nothing of a refused registration was counted on the invite.
    expect((await inviteOf(invite.id)).usages_count).toBe(0);
  });

  it('refuses an unknown, revoked, expired or used-up code under invite_code', async () => {
    const revoked = await newInvite();
    await call('PUT', `/api/invite-codes/${revoked.id}`, { token: manager, json: { is_revoked: true } });
    const expired = await newInvite({ expired_at: new Date(Date.now() - 60_000).toISOString() });
    const single = await newInvite({ limits: 1 });
    expect((await submit(person(single.code))).status).toBe(200);

    const cases: [string, string][] = [
      ['ZZZZ-ZZZZ', 'Код приглашения не найден'],
      [revoked.code, 'Код приглашения отозван'],
      [expired.code, 'Срок действия кода приглашения истек'],
      [single.code, 'Код приглашения уже использован максимальное число раз'],
    ];
    for (const [code, text] of cases) {
      for (const send of [validate, submit]) {
        const refused = await send(person(code));
        expect(refused, code).toEqual({
          status: 422,
          body: { message: text, errors: { invite_code: [text] }, status_code: 422 },
        });
      }
    }
  });

  it('gives the last use to exactly one of two registrations racing for it', async () => {
    const invite = await newInvite({ limits: 1 });
    const answers = await Promise.all([submit(person(invite.code)), submit(person(invite.code))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const loser = answers.find((a) => a.status === 422)!;
    expect(loser.body.errors).toEqual({
      invite_code: ['Код приглашения уже использован максимальное число раз'],
    });
    await platform.runner!.caughtUp();
    expect((await inviteOf(invite.id)).usages_count).toBe(1);
  });

  it('needs a phone confirmed by SMS and not anyone’s (9101, 9103)', async () => {
    const invite = await newInvite();
    await registerPupil(platform, { phone: '+7 (701) 555-0301' });
    const taken = await submit(person(invite.code, { phone: '+7 (701) 555-0301' }));
    expect(taken).toMatchObject({
      status: 422,
      body: { status_code: 9101, errors: { phone: ['Пользователь с таким телефоном уже существует'] } },
    });

    const phone = '+7 (705) 555-0302';
    const unconfirmed = await validate(person(invite.code, { phone }));
    expect(unconfirmed).toMatchObject({
      status: 422,
      body: { status_code: 9103, errors: { verification: ['Подтвердите номер телефона кодом из SMS'] } },
    });
    expect((await call('POST', '/api/phone/request.json', { json: { phone } })).status).toBe(200);
    const code = lastCode('77055550302');
    const wrong = await call('POST', '/api/phone/confirm.json', {
      json: { phone, code: code === '0000' ? '0001' : '0000' },
    });
    expect(wrong.body.status_code).toBe(9103);
    expect((await submit(person(invite.code, { phone }))).body.status_code).toBe(9103);
    expect((await call('POST', '/api/phone/confirm.json', { json: { phone, code } })).status).toBe(200);

    const registered = await submit(person(invite.code, { phone, email: null }));
    expect(registered.status).toBe(200);
    // Without an e-mail the phone's digits are the username.
    expect(registered.body.username).toBe('77055550302');
    const me = await call('GET', '/api/user.json', { token: registered.body.access_token });
    expect(me.body.entity.phone).toBe('+77055550302');
    // The confirmed code registered one person: the phone is now someone's.
    await platform.runner!.caughtUp();
    expect((await submit(person(invite.code, { phone }))).body.status_code).toBe(9101);
  });

  it('limits submissions per address and code (429)', async () => {
    const invite = await newInvite();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await submit({ invite_code: invite.code });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body).toEqual(LIMIT);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

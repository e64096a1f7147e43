import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../services/src/contexts/identity/register';
import { DEMO_SECOND_SCHOOL_ID, demoUserId } from '../../../services/src/contexts/identity/seed';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { httpClient, lastCode, PASSWORD, type Platform } from './http';
import { newKeyPair, sign, type KeyPair } from './signing';

let platform: Platform;
const { call, token } = httpClient(() => platform);

const GATED = { status: 403, body: { status_code: 1201 } };
const POLICY = 'Политика конфиденциальности. Я согласен на обработку моих данных.';
const base64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
let mine: KeyPair;
let stranger: KeyPair;

describe('challenges over HTTP', () => {
  beforeAll(async () => {
    platform = await startEmbeddedPlatform({
      dataDir: await mkdtemp(path.resolve('.tmp/challenges-')),
      demo: true,
    });
    // The demo student signs with a certificate of their own, registered before any challenge.
    const keys = await mkdtemp(path.resolve('.tmp/challenge-keys-'));
    mine = await newKeyPair(keys, 'student', ['-newkey', 'rsa:2048']);
    stranger = await newKeyPair(keys, 'stranger', ['-newkey', 'rsa:2048']);
    const registered = await call('POST', '/api/user/signing-key.json', {
      token: await token('student'),
      json: { certificate: mine.certificate },
    });
    expect(registered.status).toBe(200);
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('blocks the demo student2 until the new password is chosen, then lets everything through', async () => {
    const elsewhere = await token('student2');
    const student2 = await token('student2');
    const me = await call('GET', '/api/user.json', { token: student2 });
    expect(me).toMatchObject({ status: 200, body: { entity: { is_need_complete_challenge: true } } });
    expect(await call('GET', '/api/languages', { token: student2 })).toMatchObject(GATED);
    expect(await call('GET', '/api/schools.json', { token: student2 })).toMatchObject(GATED);

    const list = await call('GET', '/api/user/challenges', { token: student2 });
    expect(list.status).toBe(200);
    expect(list.body.entities).toEqual([
      {
        id: expect.any(String),
        challenge: 'change_password',
        is_completed: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const id = list.body.entities[0].id as string;
    const one = await call('GET', `/api/user/challenges/${id}`, { token: student2 });
    expect(one.body.entity).toMatchObject({ id, challenge: 'change_password' });

    const changed = await call('POST', '/api/password/change.json', {
      token: student2,
      json: { new_password: 'Chosen12', new_password_confirmation: 'Chosen12' },
    });
    expect(changed.status).toBe(200);
    // The new password signs out the user's other sessions and keeps the one that chose it.
    expect((await call('GET', '/api/user.json', { token: elsewhere })).status).toBe(401);
    expect((await call('GET', '/api/user.json', { token: student2 })).status).toBe(200);
    expect((await call('GET', '/api/user/challenges', { token: student2 })).body.entities).toEqual([]);
    expect((await call('GET', `/api/user/challenges/${id}`, { token: student2 })).body.entity).toMatchObject({
      is_completed: true,
    });
    const after = await call('GET', '/api/user.json', { token: student2 });
    expect(after.body.entity.is_need_complete_challenge).toBe(false);
    expect((await call('GET', '/api/languages', { token: student2 })).status).toBe(200);
  });

  it('lets a manager of the school and an admin assign challenges, and nobody else', async () => {
    const teacher = await token('teacher');
    const studentId = (await call('GET', '/api/user.json', { token: await token('student') })).body.entity.id;
    const refused = await call('POST', `/api/users/${studentId}/challenges.json`, {
      token: teacher,
      json: { challenge: 'sign_privacy_policy' },
    });
    expect(refused.status).toBe(403);
    const byManager = await call('POST', `/api/users/${studentId}/challenges.json`, {
      token: await token('manager'),
      json: { challenge: 'request_personal_data' },
    });
    expect(byManager.status).toBe(200);
    const byAdmin = await call('POST', `/api/users/${studentId}/challenges.json`, {
      token: await token('admin'),
      json: { challenge: 'sign_privacy_policy' },
    });
    expect(byAdmin.body.entities.map((c: { challenge: string }) => c.challenge).sort()).toEqual([
      'request_personal_data',
      'sign_privacy_policy',
    ]);
  });

  it('refuses a manager’s challenge on an admin or on a user of another school', async () => {
    const manager = await token('manager');
    const adminId = demoUserId('admin');
    // Someone only the second school knows: the demo manager is not theirs.
    const elsewhere = randomUUID();
    await registerUser(platform.store, {
      userId: elsewhere,
      username: `lyceum-${elsewhere.slice(0, 8)}`,
      firstname: 'Дана',
      lastname: 'Серикова',
      patronymic: null,
      group: 'student',
      schoolIds: [DEMO_SECOND_SCHOOL_ID],
      email: null,
      phone: null,
      color: null,
      photo: null,
      passwordHash: await hash(PASSWORD),
      registeredAt: new Date().toISOString(),
    });
    await platform.runner!.caughtUp();
    const assign = (userId: string, as: string) =>
      call('POST', `/api/users/${userId}/challenges.json`, {
        token: as,
        json: { challenge: 'change_password' },
      });
    expect(await assign(adminId, manager)).toMatchObject({ status: 403, body: { status_code: 403 } });
    expect((await assign(elsewhere, manager)).status).toBe(403);
    // Nothing was put on the admin: they still use the platform.
    const admin = await token('admin');
    expect((await call('GET', '/api/user/challenges', { token: admin })).body.entities).toEqual([]);
    expect((await call('GET', '/api/languages', { token: admin })).status).toBe(200);
    // The admin may act on the other school's user; an unknown user is 404 to both.
    expect((await assign(elsewhere, admin)).status).toBe(200);
    expect((await assign(randomUUID(), manager)).status).toBe(404);
  });

  it('completes the privacy policy and the personal-data request, in the modal’s order', async () => {
    const student = await token('student');
    expect(await call('GET', '/api/languages', { token: student })).toMatchObject(GATED);
    const list = await call('GET', '/api/user/challenges', { token: student });
    expect(list.body.entities.map((c: { challenge: string }) => c.challenge)).toEqual([
      'sign_privacy_policy',
      'request_personal_data',
    ]);

    const notBase64 = await call('POST', '/api/user/challenge/sign-privacy-policy', {
      token: student,
      json: { document: 'Политика', signature: 'не подпись!' },
    });
    expect(notBase64).toMatchObject({ status: 422, body: { errors: { signature: [expect.any(String)] } } });
    const signPolicy = (document: string, signature: string) =>
      call('POST', '/api/user/challenge/sign-privacy-policy', {
        token: student,
        json: { document, signature },
      });
    const policyXml = `<policy>${POLICY}</policy>`;
    // Another text than the one shown, a signature that does not hold, another key than the registered one.
    expect(await signPolicy(POLICY, base64(sign('<policy>Другой текст</policy>', mine)))).toMatchObject({
      status: 422,
      body: { errors: { signature: [expect.stringMatching(/не тот документ/)] } },
    });
    const tampered = sign(policyXml, mine).replace('согласен', 'не согласен');
    expect(await signPolicy(POLICY, base64(tampered))).toMatchObject({
      status: 422,
      body: { errors: { signature: ['Подпись не прошла проверку'] } },
    });
    expect(await signPolicy(POLICY, base64(sign(policyXml, stranger)))).toMatchObject({
      status: 422,
      body: { errors: { signature: [expect.stringMatching(/не тем сертификатом/)] } },
    });
    expect((await call('GET', '/api/user/challenges', { token: student })).body.entities).toHaveLength(2);
    const signed = await signPolicy(`  ${POLICY.replace('. ', '.\n')}  `, base64(sign(policyXml, mine)));
    expect(signed.status).toBe(200);

    const notAPhone = await call('POST', '/api/edoc/create-request-personal-data', {
      token: student,
      json: { phone: '12' },
    });
    expect(notAPhone).toMatchObject({ status: 404, body: { status_code: 404 } });
    const early = await call('POST', '/api/user/challenge/request-personal-data', {
      token: student,
      json: { session_id: 'no-such-session' },
    });
    expect(early).toMatchObject({ status: 422, body: { status_code: 9103 } });

    const created = await call('POST', '/api/edoc/create-request-personal-data', {
      token: student,
      json: { phone: '8 (702) 555-0103' },
    });
    expect(created.status).toBe(200);
    const session_id = created.body.session_id as string;
    const code = lastCode('87025550103');
    expect(code).toMatch(/^\d{6}$/);
    const unverified = await call('POST', '/api/user/challenge/request-personal-data', {
      token: student,
      json: { session_id },
    });
    expect(unverified).toMatchObject({ status: 422, body: { status_code: 9103 } });
    const wrong = await call('POST', '/api/edoc/verify-request-personal-data', {
      token: student,
      json: { session_id, otp_code: code === '000000' ? '000001' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 422, body: { status_code: 9103 } });
    const verified = await call('POST', '/api/edoc/verify-request-personal-data', {
      token: student,
      json: { session_id, otp_code: code },
    });
    expect(verified.status).toBe(200);
    const sent = await call('POST', '/api/user/challenge/request-personal-data', {
      token: student,
      json: { session_id },
    });
    expect(sent.status).toBe(200);

    expect((await call('GET', '/api/user/challenges', { token: student })).body.entities).toEqual([]);
    expect(
      (await call('GET', '/api/user.json', { token: student })).body.entity.is_need_complete_challenge,
    ).toBe(false);
    expect((await call('GET', '/api/languages', { token: student })).status).toBe(200);
  });

  it('answers the challenge calls only to a signed-in caller', async () => {
    expect((await call('GET', '/api/user/challenges')).status).toBe(401);
    expect(
      (await call('POST', '/api/edoc/create-request-personal-data', { json: { phone: '77011234567' } }))
        .status,
    ).toBe(401);
  });
});

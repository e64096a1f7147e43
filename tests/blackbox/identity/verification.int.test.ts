import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { LIMIT, httpClient, lastCode, registerPupil, type Platform } from './http';

let platform: Platform;
const { call, token } = httpClient(() => platform);

const request = (phone: string, extra: Record<string, unknown> = {}, bearer?: string) =>
  call('POST', '/api/phone/request.json', { json: { phone, ...extra }, token: bearer });
const confirm = (phone: string, code: string) =>
  call('POST', '/api/phone/confirm.json', { json: { phone, code } });
const other = (code: string) => (code === '0000' ? '0001' : '0000');

describe('phone and e-mail verification over HTTP', () => {
  beforeAll(async () => {
    platform = await startEmbeddedPlatform({
      dataDir: await mkdtemp(path.resolve('.tmp/verification-')),
      demo: true,
    });
    await registerPupil(platform, { phone: '+7 (701) 555-0201' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('confirms a new phone by its SMS code, and pauses a resend for a minute', async () => {
    expect(await request('+7 (705) 555-0202')).toEqual({ status: 200, body: { message: 'Код отправлен' } });
    const code = lastCode('77055550202');
    expect(await request('+7 (705) 555-0202')).toEqual({ status: 429, body: LIMIT });
    const wrong = await confirm('+7 (705) 555-0202', other(code));
    expect(wrong).toEqual({
      status: 422,
      body: {
        message: 'Введен неправильный код активации',
        errors: { verification: ['Введен неправильный код активации'] },
        status_code: 9103,
      },
    });
    expect(await confirm('7 705 555 02 02', code)).toMatchObject({ status: 200 });
  });

  it('refuses a phone another user has (9101) and a malformed phone (422)', async () => {
    const taken = await request('7 701 555 02 01');
    expect(taken).toMatchObject({
      status: 422,
      body: { status_code: 9101, errors: { phone: [expect.any(String)] } },
    });
    const malformed = await request('12-34');
    expect(malformed).toMatchObject({
      status: 422,
      body: { errors: { phone: ['Неверный номер телефона'] } },
    });
  });

  it('sends a recovery code to a phone only when some user has it (9102)', async () => {
    const unknown = await request('+7 (777) 000-0000', { action_type: 'password' });
    expect(unknown).toMatchObject({
      status: 422,
      body: { status_code: 9102, errors: { phone: [expect.any(String)] } },
    });
    expect((await request('+7 (701) 555-0201', { action_type: 'password' })).status).toBe(200);
    expect(lastCode('77015550201')).toMatch(/^\d{4}$/);
  });

  it('confirms a signed-in user’s e-mail with the code sent to it', async () => {
    const student = await token('student');
    const sent = await call('POST', '/api/email/request.json', {
      token: student,
      json: { email: 'Aigerim@School.kz' },
    });
    expect(sent.status).toBe(200);
    const code = lastCode('aigerim@school.kz');
    const wrong = await call('POST', '/api/email/confirm.json', {
      json: { email: 'aigerim@school.kz', code: code === '000000' ? '000001' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 422, body: { status_code: 9103 } });
    const confirmed = await call('POST', '/api/email/confirm.json', {
      json: { email: 'aigerim@school.kz', code },
    });
    expect(confirmed.status).toBe(200);
    expect((await call('POST', '/api/email/request.json', { json: { email: 'x@y.kz' } })).status).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authDocument } from '../../../services/src/contexts/identity/signature/auth-document';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { httpClient, registerPupil, type Platform } from './http';
import { newKeyPair, RSA_SHA1, sign, type KeyPair } from './signing';

let platform: Platform;
let dataDir: string;
const { call, token } = httpClient(() => platform);

const nonce = () => randomBytes(18).toString('base64url');
const freshDocument = (at = new Date()) => authDocument(at.toISOString(), nonce());
const base64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const grant = (signature: string, client_id: number | string = 3) =>
  call('POST', '/oauth/token', { json: { grant_type: 'digital_signature', client_id, signature } });
const refusal = (text: RegExp) => ({
  status: 401,
  body: { message: expect.stringMatching(text), errors: {}, status_code: 1102 },
});

describe('signing in with a digital signature', () => {
  let keys: string;
  let mine: KeyPair;
  let other: KeyPair;
  let student: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.resolve('.tmp/signature-'));
    keys = await mkdtemp(path.resolve('.tmp/signature-keys-'));
    mine = await newKeyPair(keys, 'student', ['-newkey', 'rsa:2048']);
    other = await newKeyPair(keys, 'stranger', ['-newkey', 'rsa:2048']);
    platform = await startEmbeddedPlatform({ dataDir, demo: true });
    student = await token('student');
  });
  afterAll(async () => {
    await platform?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(keys, { recursive: true, force: true });
  });

  it('refuses a certificate nobody registered', async () => {
    expect(await grant(base64(sign(freshDocument(), mine)))).toEqual(refusal(/не зарегистрирован/));
  });

  it('registers an RSA certificate; refuses other keys, short keys and non-certificates', async () => {
    const ec = await newKeyPair(keys, 'ec', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']);
    const short = await newKeyPair(keys, 'short', ['-newkey', 'rsa:1024']);
    const register = (certificate: string, bearer = student) =>
      call('POST', '/api/user/signing-key.json', { token: bearer, json: { certificate } });

    expect((await register(ec.certificate)).body).toMatchObject({
      status_code: 422,
      errors: { certificate: [expect.stringMatching(/только ключи RSA.*ГОСТ/)] },
    });
    expect((await register(short.certificate)).body.errors.certificate).toEqual([
      'Ключ RSA короче 2048 бит не принимается',
    ]);
    expect((await register('not a certificate')).status).toBe(422);
    expect(
      (await call('POST', '/api/user/signing-key.json', { json: { certificate: mine.certificate } })).status,
    ).toBe(401);

    const registered = await register(mine.certificate);
    expect(registered.status).toBe(200);
    expect(registered.body.entity).toMatchObject({
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      subject: expect.stringContaining('CN=student'),
    });
    // One certificate signs in one user only.
    const pupil = await registerPupil(platform, {});
    expect(await register(mine.certificate, await token(pupil.username))).toMatchObject({
      status: 409,
      body: { errors: { certificate: ['Сертификат уже привязан к другому пользователю'] } },
    });
  });

  it('signs in with the signed authentication document, once', async () => {
    const signature = base64(sign(freshDocument(), mine));
    const signedIn = await grant(signature);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(typeof signedIn.body.refresh_token).toBe('string');
    const me = await call('GET', '/api/user.json', { token: signedIn.body.access_token });
    expect(me.body.entity).toMatchObject({ username: 'student', school: { name: 'Демо-школа' } });
    // The same signed document again is a replay.
    expect(await grant(signature)).toEqual(refusal(/уже использована/));
  });

  it('accepts the form post the web client sends', async () => {
    const response = await fetch(`${platform.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'digital_signature',
        client_id: '3',
        scope: '*',
        signature: base64(sign(freshDocument(), mine)),
      }),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong signature, a changed document, another document, an old one and SHA-1', async () => {
    // A second user with their own certificate: the grant is rate limited per certificate like a username.
    const pupil = await registerPupil(platform, {});
    const theirs = await newKeyPair(keys, 'pupil', ['-newkey', 'rsa:2048']);
    const registered = await call('POST', '/api/user/signing-key.json', {
      token: await token(pupil.username),
      json: { certificate: theirs.certificate },
    });
    expect(registered.status).toBe(200);
    // Signed with another key while naming the registered certificate.
    expect(await grant(base64(sign(freshDocument(), other, { named: theirs })))).toEqual(
      refusal(/не прошла проверку/),
    );
    const signed = sign(freshDocument(), theirs);
    const changed = signed.replace(/<nonce>[^<]+<\/nonce>/, `<nonce>${nonce()}</nonce>`);
    expect(await grant(base64(changed))).toEqual(refusal(/не прошла проверку/));
    const letter = '<auth><text>Прошу выдать справку</text><timestamp>x</timestamp><nonce>y</nonce></auth>';
    expect(await grant(base64(sign(letter, theirs)))).toEqual(refusal(/не тот документ/));
    const old = freshDocument(new Date(Date.now() - 6 * 60 * 1000));
    expect(await grant(base64(sign(old, theirs)))).toEqual(refusal(/устарела/));
    const ahead = freshDocument(new Date(Date.now() + 6 * 60 * 1000));
    expect(await grant(base64(sign(ahead, theirs)))).toEqual(refusal(/устарела/));
    expect(await grant(base64(sign(freshDocument(), theirs, { algorithm: RSA_SHA1 })))).toEqual(
      refusal(/Алгоритм/),
    );
    // None of the refusals spent anything: the right signature still signs the pupil in.
    const signedIn = await grant(base64(sign(freshDocument(), theirs)));
    expect(signedIn.status).toBe(200);
    const me = await call('GET', '/api/user.json', { token: signedIn.body.access_token });
    expect(me.body.entity.username).toBe(pupil.username);
    expect(await grant('%%%')).toEqual(refusal(/base64/));
    // The signature grant belongs to the signing application's client.
    expect(await grant(base64(sign(freshDocument(), mine)), 2)).toMatchObject({ status: 401 });
  });

  it('stops signing in once the certificate is removed', async () => {
    expect((await call('DELETE', '/api/user/signing-key.json', { token: student })).status).toBe(200);
    expect(await grant(base64(sign(freshDocument(), mine)))).toEqual(refusal(/не зарегистрирован/));
    expect((await call('DELETE', '/api/user/signing-key.json', { token: student })).status).toBe(404);
  });
});

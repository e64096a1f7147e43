import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair, type KeyPair } from '../blackbox/identity/signing';
import { TinyOAuthProvider } from '../blackbox/identity/oauth-provider';
import { addChromiumArgs } from './support/chromium';
import { DemoPlatform, screenshotPath } from './support/demo-platform';
import { SigningProgram } from './support/signing-program';

/** A port nothing listens on now (the signing program starts on it later, as a user starts theirs). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The authentication modal's other ways in, against the real platform: an external OAuth application
 * (a tiny provider on loopback, standing in for a school's portal) and the signing application (a small
 * local secure-websocket program signing with a key made by openssl in the test).
 */
describe('signing in through an application', () => {
  const demo = new DemoPlatform();
  const provider = new TinyOAuthProvider();
  let keysDir: string;
  let registered: KeyPair;
  let stranger: KeyPair;
  let signer: SigningProgram;
  let signerPort: number;

  beforeAll(async () => {
    keysDir = await mkdtemp(path.resolve('.tmp/sign-in-apps-'));
    registered = await newKeyPair(keysDir, 'kasymova-aigerim', ['-newkey', 'rsa:2048']);
    stranger = await newKeyPair(keysDir, 'stranger', ['-newkey', 'rsa:2048']);
    signerPort = await freePort();
    signer = new SigningProgram(keysDir, registered);
    // The platform tells the web app where the program listens (SIGNING_APP_URL); the program's own
    // certificate is self-signed, which the user's machine trusts and this Chromium is told to accept.
    process.env.SIGNING_APP_URL = `wss://127.0.0.1:${signerPort}/`;
    addChromiumArgs('--ignore-certificate-errors');
    await provider.start();
    await demo.start();
    const admin = (await demo.tokensOf('admin')).access_token!;
    const created = await fetch(`${demo.url}/api/oauth-applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Школьный портал',
        description: 'Единый вход школы',
        oauth_auth_url: `${provider.url}/authorize`,
        oauth_token_url: `${provider.url}/token`,
        oauth_userinfo_url: `${provider.url}/userinfo`,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
      }),
    });
    expect(created.status).toBe(201);
    const student = (await demo.tokensOf('student')).access_token!;
    const key = await fetch(`${demo.url}/api/user/signing-key.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student}`, 'content-type': 'application/json' },
      body: JSON.stringify({ certificate: registered.certificate }),
    });
    expect(key.status).toBe(200);
  });
  afterAll(async () => {
    await signer?.stop().catch(() => undefined);
    await demo.stop();
    await provider.stop();
    delete process.env.SIGNING_APP_URL;
    await rm(keysDir, { recursive: true, force: true });
  });

  it('lists the OAuth application, follows it to the provider and back, and signs the teacher in', async () => {
    provider.nextAccount = { sub: 'portal-teacher', email: 'teacher@demo.sabaq.kz', email_verified: true };
    const page = await demo.open('/?redirect_url=%2Ft%2Fassignments');
    const modal = page.getByTestId('auth-modal');
    await modal.getByRole('button', { name: 'Внешнее приложение' }).click();
    const application = modal.getByTestId('oauth-application');
    await application.filter({ hasText: 'Школьный портал' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-oauth') });
    await application.click();
    await page.waitForURL(/\/t\/assignments$/);
    await page.getByRole('heading', { level: 1, name: 'Задания' }).waitFor();
    // Signed in for real: the session has a refresh token, and the address never held a token.
    expect(await page.evaluate(`localStorage.getItem('auth._refresh_token.password')`)).toBeTruthy();
    expect(page.url()).not.toContain('oauth_code');
  });

  it('shows why an application sign-in was refused (an address nobody has)', async () => {
    provider.nextAccount = { sub: 'portal-nobody', email: 'nobody@mail.kz', email_verified: true };
    const page = await demo.open('/');
    await page.getByTestId('auth-modal').getByRole('button', { name: 'Внешнее приложение' }).click();
    await page.getByTestId('oauth-application').click();
    const error = page.getByTestId('oauth-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Пользователь с такой учетной записью не найден');
    await page.getByTestId('oauth-application').waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-oauth-refused') });
  });

  it('waits for the signing application (retried every second), then signs the student in with its key', async () => {
    const page = await demo.open('/');
    await page.getByTestId('auth-modal').getByRole('button', { name: 'Вход по ЭЦП' }).click();
    const view = page.getByTestId('signing-view');
    await page.getByTestId('signing-connecting').waitFor();
    expect(await page.getByTestId('signing-submit').isDisabled()).toBe(true);
    // Nothing listens yet: the tries go on, one a second.
    await expect
      .poll(
        async () =>
          Number(
            /попытка (\d+)/.exec((await page.getByTestId('signing-connecting').textContent()) ?? '')?.[1],
          ),
        { timeout: 6000 },
      )
      .toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: screenshotPath('sign-in-signing-connecting') });
    await signer.start(signerPort);
    await page.getByTestId('signing-connected').waitFor({ timeout: 5000 });
    expect(await view.getAttribute('data-state')).toBe('open');
    await page.getByTestId('signing-key').filter({ hasText: 'kasymova-aigerim' }).waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-signing') });
    await page.getByTestId('signing-submit').click();
    await page.waitForURL(/\/s$/);
    await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Айгерим!' }).waitFor();
    const signed = signer.requests.find((r) => r.method === 'signXml');
    expect(signed?.args.slice(0, 2)).toEqual(['PKCS12', 'AUTHENTICATION']);
    expect(String(signed?.args[2])).toMatch(
      /^<auth><text>Sabaq: вход по электронной подписи<\/text><timestamp>/,
    );
  });

  it("refuses a key nobody registered with the specification's error", async () => {
    signer.key = stranger;
    try {
      const page = await demo.open('/');
      await page.getByTestId('auth-modal').getByRole('button', { name: 'Вход по ЭЦП' }).click();
      await page.getByTestId('signing-connected').waitFor({ timeout: 5000 });
      const refused = page.waitForResponse((r) => r.url().endsWith('/oauth/token'));
      await page.getByTestId('signing-submit').click();
      const answer = await refused;
      expect(answer.status()).toBe(401);
      expect(((await answer.json()) as { status_code: number }).status_code).toBe(1102);
      const error = page.getByTestId('signing-error');
      await error.waitFor();
      const text = (await error.textContent()) ?? '';
      expect(text).toContain('Пользователь не найден или введен неправильный пароль');
      expect(text).toContain('не зарегистрирован');
      await page.getByTestId('signing-key').filter({ hasText: 'stranger' }).waitFor();
      await expect.poll(() => page.getByTestId('signing-submit').isEnabled()).toBe(true);
      await page.screenshot({ path: screenshotPath('sign-in-signing-refused') });
    } finally {
      signer.key = registered;
    }
  });

  it('signs the privacy-policy challenge through the program: a stranger key is refused, the registered one passes', async () => {
    const admin = (await demo.tokensOf('admin')).access_token!;
    const student = (await demo.tokensOf('student')).access_token!;
    const me = (await (await demo.getAs(student, '/api/user.json')).json()) as { entity: { id: string } };
    const assigned = await fetch(`${demo.url}/api/users/${me.entity.id}/challenges.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: 'sign_privacy_policy' }),
    });
    expect(assigned.status).toBe(200);
    signer.key = stranger;
    try {
      const page = await demo.signedInPage('student', '/s');
      const challenge = page.locator('[data-challenge="sign_privacy_policy"]');
      await challenge.waitFor();
      expect(await challenge.getByTestId('privacy-policy-document').textContent()).toContain(
        'Политика конфиденциальности Sabaq.',
      );
      await challenge.getByTestId('signing-key').filter({ hasText: 'stranger' }).waitFor({ timeout: 5000 });
      const refused = page.waitForResponse((r) =>
        r.url().endsWith('/api/user/challenge/sign-privacy-policy'),
      );
      await challenge.getByRole('button', { name: 'Подписать' }).click();
      expect((await refused).status()).toBe(422);
      const error = challenge.getByTestId('privacy-policy-error');
      await error.waitFor();
      expect(await error.textContent()).toContain(
        'Документ подписан не тем сертификатом, который вы зарегистрировали',
      );
      // The button is offered again after the refusal (its loader gone before the picture is taken).
      await expect.poll(() => challenge.getByRole('button', { name: 'Подписать' }).isEnabled()).toBe(true);
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath('challenge-privacy-policy-refused') });

      signer.key = registered;
      const accepted = page.waitForResponse((r) =>
        r.url().endsWith('/api/user/challenge/sign-privacy-policy'),
      );
      await challenge.getByRole('button', { name: 'Подписать' }).click();
      const answer = await accepted;
      expect(answer.status()).toBe(200);
      const sent = answer.request().postDataJSON() as { document: string; signature: string };
      expect(sent.document).toContain('Политика конфиденциальности Sabaq.');
      const signed = signer.requests.filter((r) => r.method === 'signXml').at(-1);
      expect(String(signed?.args[2])).toMatch(/^<privacyPolicy>Политика конфиденциальности Sabaq\./);
      await page.getByRole('heading', { level: 1, name: 'Здравствуйте, Айгерим!' }).waitFor();
      expect(await page.locator('[data-challenge]').count()).toBe(0);
      await page.screenshot({ path: screenshotPath('challenge-privacy-policy-signed') });
      const after = (await (await demo.getAs(student, '/api/user.json')).json()) as {
        entity: { is_need_complete_challenge: boolean };
      };
      expect(after.entity.is_need_complete_challenge).toBe(false);
    } finally {
      signer.key = registered;
    }
  });

  it('has no script errors', () => {
    // Chromium logs each refused connection while the signing program is not running: those are the
    // retries this file waits through on purpose, not script errors.
    const refusedTries = /WebSocket connection to 'wss:\/\/127\.0\.0\.1:\d+\/' failed/;
    expect(demo.errors.filter((error) => !refusedTries.test(error))).toEqual([]);
  });
});

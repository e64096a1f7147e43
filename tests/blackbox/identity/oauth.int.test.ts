import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';
import { httpClient, type Platform } from './http';
import { TinyOAuthProvider } from './oauth-provider';

/**
 * Sign-in through an external OAuth application against a real (tiny) provider on loopback: the admin
 * registers it, anyone lists it, the challenge link goes to the provider, its callback comes back to
 * the browser that started, the code is exchanged and the user found by e-mail (then by the link), and
 * the browser redeems a one-time code for our tokens. Nobody is created; foreign browsers, denials,
 * unverified and unknown addresses are refused with the specification's 1102 shape.
 */
let platform: Platform;
let dataDir: string;
const provider = new TinyOAuthProvider();
const { call, token } = httpClient(() => platform);
let applicationId: string;

/** A browser: follows redirects by hand and keeps the one cookie our server sets. */
class Browser {
  cookie = '';
  async get(url: string): Promise<{ status: number; location: URL }> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: this.cookie ? { cookie: this.cookie } : {},
    });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return {
      status: response.status,
      location: new URL(response.headers.get('location') ?? '/', platform.url),
    };
  }
  async redeem(code: string) {
    const response = await fetch(`${platform.url}/api/oauth-applications/sign-in.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: JSON.stringify({ code }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  /** Challenge link → provider → our callback; answers where our callback sent the browser. */
  async signIn(returnUrl = '/t/assignments'): Promise<URL> {
    const toProvider = await this.get(
      `${platform.url}/api/oauth-applications/challenge/${applicationId}?return_url=${encodeURIComponent(returnUrl)}`,
    );
    expect(toProvider.status).toBe(302);
    const back = await this.get(toProvider.location.toString());
    expect(back.status).toBe(302);
    const landed = await this.get(back.location.toString());
    expect(landed.status).toBe(302);
    return landed.location;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/oauth-'));
  await provider.start();
  platform = await startEmbeddedPlatform({ dataDir, demo: true });
});
afterAll(async () => {
  await platform?.stop();
  await provider.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('OAuth applications', () => {
  it('are registered by the admin only, with the client secret write-only', async () => {
    const body = {
      name: 'Школьный портал',
      description: 'Единый вход школы',
      app_url: 'https://portal.school.kz',
      oauth_auth_url: `${provider.url}/authorize`,
      oauth_token_url: `${provider.url}/token`,
      oauth_userinfo_url: `${provider.url}/userinfo`,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      scope: 'openid email',
    };
    expect((await call('POST', '/api/oauth-applications', { json: body })).status).toBe(401);
    expect(
      (await call('POST', '/api/oauth-applications', { token: await token('manager'), json: body })).status,
    ).toBe(403);
    const admin = await token('admin');
    const invalid = await call('POST', '/api/oauth-applications', {
      token: admin,
      json: { ...body, oauth_token_url: 'nope' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty('oauth_token_url');
    const created = await call('POST', '/api/oauth-applications', { token: admin, json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    applicationId = created.body.entity.id as string;
    expect(created.body.entity).toMatchObject({
      name: 'Школьный портал',
      has_client_secret: true,
      grant_type: 'authorization_code',
    });
    expect(JSON.stringify(created.body)).not.toContain(provider.clientSecret);
  });

  it('are listed to anyone under entities, and one under resource', async () => {
    const list = await call('GET', '/api/oauth-applications');
    expect(list.status).toBe(200);
    expect(list.body.entities).toEqual([
      expect.objectContaining({ id: applicationId, name: 'Школьный портал' }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(provider.clientSecret);
    const one = await call('GET', `/api/oauth-applications/${applicationId}`);
    expect(one.body.resource).toMatchObject({ id: applicationId, client_id: provider.clientId });
    expect((await call('GET', '/api/oauth-applications/nope')).status).toBe(404);
  });
});

describe('signing in through an application', () => {
  it('finds the user by the verified e-mail, hands the browser a one-time code, and signs in once', async () => {
    provider.nextAccount = { sub: 'portal-777', email: 'Teacher@demo.sabaq.kz', email_verified: true };
    const browser = new Browser();
    const toProvider = await browser.get(
      `${platform.url}/api/oauth-applications/challenge/${applicationId}?return_url=${encodeURIComponent('/t/assignments')}`,
    );
    expect(toProvider.location.origin).toBe(provider.url);
    expect(Object.fromEntries(toProvider.location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      scope: 'openid email',
      redirect_uri: `${platform.url}/api/oauth-applications/callback/${applicationId}`,
      state: expect.stringMatching(/^[\w-]{40,}$/),
    });
    expect(browser.cookie).toMatch(/^sabaq_oauth=/);
    const back = await browser.get(toProvider.location.toString());
    const landed = await browser.get(back.location.toString());
    expect(landed.location.pathname).toBe('/');
    expect(landed.location.searchParams.get('action')).toBe('oauth');
    expect(landed.location.searchParams.get('redirect_url')).toBe('/t/assignments');
    const code = landed.location.searchParams.get('oauth_code')!;
    expect(landed.location.search).not.toContain('access_token');

    // The provider got our secret and the same redirect URI (it refuses otherwise).
    expect(provider.tokenRequests.at(-1)?.get('client_secret')).toBe(provider.clientSecret);

    // Another browser (no cookie) cannot redeem the code it saw in the address.
    expect(await new Browser().redeem(code)).toMatchObject({ status: 401, body: { status_code: 1102 } });
    const signedIn = await browser.redeem(code);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ token_type: 'Bearer' });
    const me = await call('GET', '/api/user.json', { token: signedIn.body.access_token as string });
    expect(me.body.entity).toMatchObject({ username: 'teacher', group: 'teacher' });
    expect(signedIn.body.refresh_token).toEqual(expect.any(String));
    expect(await browser.redeem(code)).toMatchObject({
      status: 401,
      body: { message: expect.stringContaining('уже использован'), errors: {}, status_code: 1102 },
    });
  });

  it('signs the linked account in again after the provider changed its e-mail', async () => {
    provider.nextAccount = { sub: 'portal-777', email: 'someone-else@mail.kz', email_verified: true };
    const browser = new Browser();
    const landed = await browser.signIn();
    const signedIn = await browser.redeem(landed.searchParams.get('oauth_code')!);
    const me = await call('GET', '/api/user.json', { token: signedIn.body.access_token as string });
    expect(me.body.entity).toMatchObject({ username: 'teacher' });
  });

  it('refuses an unknown or an unverified address (no code handed out)', async () => {
    provider.nextAccount = { sub: 'portal-new', email: 'nobody@mail.kz', email_verified: true };
    const unknown = await new Browser().signIn();
    expect(unknown.searchParams.get('oauth_error')).toMatch(/не найден/);
    expect(unknown.searchParams.get('oauth_code')).toBeNull();
    provider.nextAccount = { sub: 'portal-student', email: 'student@demo.sabaq.kz', email_verified: false };
    const unverified = await new Browser().signIn();
    expect(unverified.searchParams.get('oauth_error')).toMatch(/не подтвержден/);
  });

  it('refuses a callback in a browser that did not start the sign-in, and a denial at the provider', async () => {
    provider.nextAccount = { sub: 'portal-777', email: 'teacher@demo.sabaq.kz' };
    const starter = new Browser();
    const toProvider = await starter.get(`${platform.url}/api/oauth-applications/challenge/${applicationId}`);
    const back = await starter.get(toProvider.location.toString());
    // The callback address reaches another browser (a link sent to the victim): no cookie, refused.
    const elsewhere = await new Browser().get(back.location.toString());
    expect(elsewhere.location.searchParams.get('oauth_error')).toMatch(/не начат в этом браузере/);
    // The starter's own callback still works once, and not twice.
    const first = await starter.get(back.location.toString());
    expect(first.location.searchParams.get('oauth_code')).toBeTruthy();
    const again = await starter.get(back.location.toString());
    expect(again.location.searchParams.get('oauth_error')).toMatch(/начните заново/);

    provider.deny = true;
    try {
      const denied = await new Browser().signIn();
      expect(denied.searchParams.get('oauth_error')).toMatch(/отменен/);
    } finally {
      provider.deny = false;
    }
  });

  it('drops an unsafe return address and sends an unknown application back with an error', async () => {
    provider.nextAccount = { sub: 'portal-777', email: 'teacher@demo.sabaq.kz' };
    const landed = await new Browser().signIn('//evil.example/steal');
    expect(landed.searchParams.get('redirect_url')).toBeNull();
    expect(landed.searchParams.get('oauth_code')).toBeTruthy();
    const missing = await new Browser().get(`${platform.url}/api/oauth-applications/challenge/no-such-app`);
    expect(missing.location.searchParams.get('oauth_error')).toMatch(/не найдено/);
  });

  it('are switched off by the admin: gone from the public list and refused, still listed to the admin', async () => {
    const admin = await token('admin');
    const off = await call('PUT', `/api/oauth-applications/${applicationId}`, {
      token: admin,
      json: { is_active: false },
    });
    expect(off.body.entity).toMatchObject({ is_active: false, has_client_secret: true });
    expect((await call('GET', '/api/oauth-applications')).body.entities).toEqual([]);
    expect((await call('GET', '/api/oauth-applications', { token: admin })).body.entities).toEqual([
      expect.objectContaining({ id: applicationId, is_active: false }),
    ]);
    const refused = await new Browser().get(
      `${platform.url}/api/oauth-applications/challenge/${applicationId}`,
    );
    expect(refused.location.searchParams.get('oauth_error')).toMatch(/не найдено или отключено/);
    expect(
      (
        await call('PUT', `/api/oauth-applications/${applicationId}`, {
          token: admin,
          json: { is_active: true },
        })
      ).status,
    ).toBe(200);
  });

  it('tells the web app where the signing application listens', async () => {
    const answer = await call('GET', '/api/signing-app.json');
    expect(answer.body.entity).toEqual({ url: process.env.SIGNING_APP_URL || 'wss://127.0.0.1:13579/' });
  });
});

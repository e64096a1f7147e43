import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../services/src/contexts/identity/register';
import { DEMO_SCHOOL_ID, DEMO_SECOND_SCHOOL_ID } from '../../../services/src/contexts/identity/seed';
import { GROUPS, type Group } from '../../../services/src/platform/http/caller';
import type { RouteRule } from '../../../services/src/platform/http/route-access';
import { routeAccessTable } from '../../support/access-tables';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

/**
 * Generated from the route access table: every non-record route, tried without a token, as every
 * group, as a user whose challenges are pending, and (for routes that name another user) as a user of
 * another school. The table says what must happen; nothing here is written per route except how to
 * fill a path parameter. Bodies are empty, so an admitted call ends in validation (4xx) and changes
 * nothing; admitted or not, no call may answer 5xx.
 */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
const PASSWORD = 'Demo12345';
let platform: Platform;
const tokens = new Map<string, string>();

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${platform.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, username, password: PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${username}: ${response.status}`);
  return body.access_token;
}

/** A user registered straight through identity, in the given school. */
async function plantUser(group: Group, schoolId: string): Promise<{ id: string; username: string }> {
  const id = randomUUID();
  const username = `${group}-${id.slice(0, 8)}`;
  await registerUser(platform.store, {
    userId: id,
    username,
    firstname: 'Проверка',
    lastname: 'Доступа',
    patronymic: null,
    group,
    schoolIds: [schoolId],
    email: null,
    phone: null,
    color: null,
    photo: null,
    passwordHash: await hash(PASSWORD),
    registeredAt: new Date().toISOString(),
  });
  return { id, username };
}

// Not caller(): over the started platform's port (fetch), so a redirect is seen as a browser gets it.
async function call(method: string, url: string, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const sendsBody = method !== 'GET' && method !== 'DELETE';
  if (sendsBody) headers['content-type'] = 'application/json';
  const response = await fetch(`${platform.url}${url}`, {
    method,
    headers,
    body: sendsBody ? '{}' : undefined,
    // A route that answers with a redirect (the OAuth challenge and callback) is judged by that answer,
    // not by the web app's page it points to.
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { status_code?: number }) : {} };
}

/** A target of another user for routes that name one: planted in the demo school. */
let target: { id: string; username: string };
const fill = (url: string) =>
  url
    .replace(':id', target.id)
    .replace(':name', 'group')
    // Any other parameter (a file name, an index) gets a plausible value that names nothing.
    .replace(/:[A-Za-z_]+/g, 'other');

beforeAll(async () => {
  const dataDir = await mkdtemp(path.resolve('.tmp/route-access-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true, logLevel: 'silent' });
  await platform.runner?.caughtUp();
  target = await plantUser('student', DEMO_SCHOOL_ID);
  const outsider = await plantUser('manager', DEMO_SECOND_SCHOOL_ID);
  await platform.runner?.caughtUp();
  for (const group of GROUPS) tokens.set(group, await signIn(group));
  tokens.set('pending', await signIn('student2')); // the demo's pending change_password challenge
  tokens.set('other-school', await signIn(outsider.username));
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

const rows = Object.entries(routeAccessTable) as [string, RouteRule][];
const routes = rows.map(([key, rule]) => {
  const [method, url] = key.split(' ') as [string, string];
  return { key, method, url, rule };
});
const admitted = (status: number) => status !== 401 && status !== 403;

describe('the route access table', () => {
  it('names only routes the platform serves', () => {
    const missing = routes.filter((r) => !platform.http!.hasRoute({ method: r.method as 'GET', url: r.url }));
    expect(missing.map((r) => r.key)).toEqual([]);
  });

  describe.each(routes)('$key ($rule.kind)', ({ method, url, rule }) => {
    it('without a token', async () => {
      if (url === '/ws') return; // the socket authenticates with its first frame: docs/realtime.md
      const { status } = await call(method, fill(url));
      expect(status).toBeLessThan(500);
      if (rule.kind === 'public') expect(admitted(status)).toBe(true);
      else expect(status).toBe(401);
    });

    it.each([...GROUPS])('as %s', async (group) => {
      if (url === '/ws') return;
      // Logging out ends the session: each try gets a session of its own.
      const token = rule.kind === 'own-token' ? await signIn(group) : tokens.get(group);
      const { status } = await call(method, fill(url), token);
      expect(status).toBeLessThan(500);
      const expected = rule.kind === 'groups' ? rule.groups.includes(group) : true;
      expect({ group, admitted: admitted(status) }).toEqual({ group, admitted: expected });
    });

    it('with challenges pending', async () => {
      if (url === '/ws' || rule.kind === 'public' || rule.kind === 'own-token') return;
      const { status, body } = await call(method, fill(url), tokens.get('pending'));
      if (rule.kind === 'caller' && rule.challenges === 'allowed') expect(admitted(status)).toBe(true);
      else expect(status === 403 && (body.status_code === 1201 || rule.kind === 'groups')).toBe(true);
    });
  });

  it('keeps another school’s manager away from this school’s users', async () => {
    const named = routes.filter((r) => r.url.includes(':id') && r.rule.kind === 'groups');
    expect(named.length).toBeGreaterThan(0);
    for (const route of named) {
      const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
      const response = await fetch(`${platform.url}${fill(route.url)}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${tokens.get('other-school')}`,
          ...(sendsBody ? { 'content-type': 'application/json' } : {}),
        },
        body: sendsBody ? JSON.stringify({ challenge: 'change_password' }) : undefined,
      });
      expect([403, 404], route.key).toContain(response.status);
    }
    // The same call by the school's own manager is admitted: the refusal above is about the school.
    const own = await fetch(`${platform.url}/api/users/${target.id}/challenges.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get('manager')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ challenge: 'change_password' }),
    });
    expect(own.status).toBe(200);
  });
});

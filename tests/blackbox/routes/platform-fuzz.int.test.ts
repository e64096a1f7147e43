import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routeAccessTable } from '../../support/access-tables';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

/**
 * Malformed requests across every route of the whole platform as `npm start` runs it: the routes are
 * taken from the route access table and from the OpenAPI document (so a new route is fuzzed without
 * writing anything here), called as every demo account and with broken tokens, with bodies built from
 * each route's own field names filled with wrong types, huge strings, bad JSON and odd content types,
 * and with bad ids and query strings. No answer may be a 5xx, and every error must be in the
 * specification's shape. A fixed seed makes a failure reproducible.
 */
const COUNT = 1500;

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261124);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const weirdStrings = [
  '',
  ' ',
  'x'.repeat(100_000),
  'a\u0000b',
  '\ud800',
  '😀',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%ZZ',
  '-1',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '2026-13-45T25:61:00Z',
  'Алматы',
  // Times no clock means: before any attempt, past every store's range, at JavaScript's very ends.
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '2300-01-01T00:00:00+14:00',
  // Unicode that is valid and storable, yet odd: combining marks, right-to-left override, BOM,
  // zero-width joiners, astral letters, Kazakh.
  'е́ё̈ й̆',
  '\u202eevil\u202c',
  '\ufeffBOM',
  '👩‍👩‍👧‍👦',
  '𝕏𝔸𝕄',
  'Қазақстан Әліпби',
];
const weirdValues: unknown[] = [
  ...weirdStrings,
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  [],
  [null],
  ['00000000-0000-0000-0000-000000000000'],
  {},
  { nested: { deeper: [null] } },
  Array.from({ length: 5000 }, () => 'a'),
];
const ids = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  'unknown',
  'a'.repeat(300),
  '%00',
  '%ZZ',
  '..%2F..',
  '%F0%9F%98%80',
  '-1',
  '1;DROP TABLE users',
  'ru',
];
const queryKeys = [
  'page',
  'limit',
  'orderBy',
  'sortedBy',
  'ids[]',
  'filter[id]',
  'filter[zz]',
  'filter[a][b][c]',
  '__proto__[x]',
  'search',
  'extended',
  '',
  'a[',
];

interface Route {
  method: string;
  /** Fastify's form: `/api/x/:id`. */
  path: string;
  fields: string[];
}

type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
const routes: Route[] = [];
/** Four broken tokens first, then the demo accounts' (signed in before the run). */
const tokens: string[] = ['nonsense', '', 'x'.repeat(5000), 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'];

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/platform-fuzz-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true });
  for (const username of ['admin', 'manager', 'teacher', 'student', 'student2', 'proctor', 'analyst']) {
    const response = await platform.http!.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', client_id: 2, username, password: 'Demo12345' },
    });
    tokens.push((response.json() as { access_token: string }).access_token);
  }
  const document = (await platform.http!.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>>;
  };
  const seen = new Set<string>();
  for (const [openApiPath, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const fastifyPath = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
      const key = `${method.toUpperCase()} ${fastifyPath}`;
      seen.add(key);
      routes.push({
        method: method.toUpperCase(),
        path: fastifyPath,
        fields: [...fieldNamesOf(operation.requestBody), ...(operation.parameters ?? []).map((p) => p.name)],
      });
    }
  }
  for (const key of Object.keys(routeAccessTable)) {
    if (seen.has(key)) continue;
    const [method, routePath] = key.split(' ') as [string, string];
    if (routePath === '/ws') continue; // the websocket upgrade is fuzzed in the realtime tests
    routes.push({ method, path: routePath, fields: [] });
  }
});
afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Property names anywhere in a JSON schema, so bodies use the names the route actually reads. */
function fieldNamesOf(schema: unknown, into = new Set<string>()): string[] {
  if (schema && typeof schema === 'object') {
    const properties = (schema as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const name of Object.keys(properties)) into.add(name);
    for (const value of Object.values(schema)) fieldNamesOf(value, into);
  }
  return [...into];
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function randomQuery(route: Route): string {
  const parts: string[] = [];
  const n = Math.floor(random() * 4);
  for (let i = 0; i < n; i++) {
    const key = route.fields.length && random() < 0.5 ? pick(route.fields) : pick(queryKeys);
    parts.push(`${key}=${encode(pick(weirdStrings).slice(0, random() < 0.9 ? 60 : 20_000))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** JSON text of `{"a":{"a":…1…}}` nested `depth` deep: written as text, since JSON.stringify would overflow. */
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function randomBody(route: Route): { payload?: string | object; contentType?: string } {
  switch (Math.floor(random() * 9)) {
    case 8: {
      // A free-form field (or any field) nested past the limit of 32, or far past any stack.
      const names = route.fields.length ? route.fields : ['settings', 'form_data', 'data'];
      const field = JSON.stringify(pick(names));
      const payload = `{${field}:${deepJson(pick([33, 300, 5_000, 20_000]))}}`;
      return { payload, contentType: 'application/json' };
    }
    case 0:
      return { payload: '{"name": "unterminated', contentType: 'application/json' };
    case 1:
      return { payload: pick(['[]', 'null', '"text"', '42', '']), contentType: 'application/json' };
    case 2:
      return {
        payload: 'a=1&b[]=2',
        contentType: pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'image/png',
          'multipart/form-data',
        ]),
      };
    default: {
      const body: Record<string, unknown> = {};
      const names = route.fields.length ? route.fields : ['name', 'id', 'username', 'password'];
      const n = 1 + Math.floor(random() * Math.min(6, names.length + 1));
      for (let i = 0; i < n; i++)
        body[random() < 0.9 ? pick(names) : pick(weirdStrings).slice(0, 30)] = pick(weirdValues);
      return { payload: body };
    }
  }
}

function randomRequest(): InjectOptions {
  const route = pick(routes);
  const url = route.path.replace(/:[A-Za-z_]+/g, () => pick(ids)) + randomQuery(route);
  const headers: Record<string, string> = {};
  // Logging out would end a demo session for the rest of the run: those routes get broken tokens only.
  const logout = route.path === '/oauth/logout' || route.path === '/logout.json';
  const broken = logout || random() < 0.2;
  if (random() < 0.9)
    headers.authorization = `Bearer ${broken ? pick(tokens.slice(0, 4)) : pick(tokens.slice(4))}`;
  else if (random() < 0.5) headers.authorization = pick(['Basic abc', 'Bearer', 'Bearer  a b']);
  if (random() < 0.2) headers['x-requested-fields'] = pick(['id,name', ',,,', 'a..b', 'x'.repeat(3000)]);
  if (random() < 0.1) headers.locale = pick(['ru', 'kz', 'xx', '']);
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    const { payload, contentType } = randomBody(route);
    if (contentType) headers['content-type'] = contentType;
    if (payload !== undefined) options.payload = payload;
  }
  return options;
}

it(`answers ${COUNT} malformed requests across every route without a 5xx, errors in the specification's shape`, async () => {
  expect(routes.length).toBeGreaterThan(80);
  const statuses = new Map<number, number>();
  const reached = new Set<string>();
  for (let i = 0; i < COUNT; i++) {
    const request = randomRequest();
    const response = await platform.http!.inject(request);
    const where = `${request.method} ${String(request.url).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const body = response.json();
      expect(typeof body.message, where).toBe('string');
      // The HTTP status, or a code of the specification's catalogue (1102, 1201, 9101 …).
      expect(typeof body.status_code, where).toBe('number');
      expect(
        typeof body.errors === 'object' && body.errors !== null && !Array.isArray(body.errors),
        where,
      ).toBe(true);
      for (const texts of Object.values(body.errors as object))
        expect(Array.isArray(texts), where).toBe(true);
    }
    if (response.statusCode !== 401 && response.statusCode !== 403) reached.add(`${request.method}`);
  }
  // The mix reached past authentication into validation and the handlers, not only refusals.
  expect(statuses.get(422) ?? 0).toBeGreaterThan(100);
  expect(statuses.get(401) ?? 0).toBeGreaterThan(10);
  expect(statuses.get(401) ?? 0).toBeLessThan(COUNT / 3);
  expect(statuses.get(404) ?? 0).toBeGreaterThan(10);
  expect(reached).toEqual(new Set(['GET', 'POST', 'PUT', 'DELETE']));
}, 300_000);

/** The specification's error shape, or a failure message naming the request. */
function expectErrorShape(body: Record<string, unknown>, where: string): void {
  expect(typeof body.message, where).toBe('string');
  expect(typeof body.status_code, where).toBe('number');
  expect(typeof body.errors === 'object' && body.errors !== null && !Array.isArray(body.errors), where).toBe(
    true,
  );
}

it('answers every route with each of its body fields nested 5,000 deep, at far-off times or in odd unicode, as every account, without a 5xx', async () => {
  const fills: [string, (field: string) => string][] = [
    ['deep', () => deepJson(5_000)],
    ['year 1', () => JSON.stringify('0001-01-01T00:00:00Z')],
    ['year 9999', () => JSON.stringify('9999-12-31T23:59:59Z')],
    ['unicode', () => JSON.stringify('👩‍👩‍👧‍👦 Қазақ е́ \u202e')],
  ];
  const writable = routes.filter((r) => !['GET', 'DELETE'].includes(r.method) && r.fields.length > 0);
  expect(writable.length).toBeGreaterThan(30);
  let validated = 0;
  for (const route of writable) {
    if (route.path === '/oauth/logout' || route.path === '/logout.json') continue;
    const url = route.path.replace(/:[A-Za-z_]+/g, ids[0]!);
    for (const [what, fill] of fills) {
      const payload = `{${route.fields.map((f) => `${JSON.stringify(f)}:${fill(f)}`).join(',')}}`;
      for (const token of tokens.slice(4)) {
        const response = await platform.http!.inject({
          method: route.method as InjectOptions['method'],
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload,
        });
        const where = `${route.method} ${url} (${what}) → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) expectErrorShape(response.json(), where);
        if (response.statusCode === 422) validated += 1;
      }
    }
  }
  // Most of these reached validation, not only the access check.
  expect(validated).toBeGreaterThan(writable.length);
}, 300_000);

it('refuses text PostgreSQL cannot store (NUL, a lone surrogate) with a 422 on routes outside the record API too', async () => {
  for (const username of ['a\u0000b', '\ud800x']) {
    for (const url of ['/api/password/request-via-code.json', '/api/password/check-via-fullname.json']) {
      const response = await platform.http!.inject({
        method: 'POST',
        url,
        payload: { username, firstname: 'А', lastname: 'Б' },
      });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
      expect(response.json().errors.username).toHaveLength(1);
    }
  }
});

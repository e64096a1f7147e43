import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRecordsApp, tokenFor, type RecordsApp } from './records-app';

/**
 * 1,500 malformed requests across the record routes: wrong types, missing fields, huge strings, bad
 * JSON, bad ids, odd headers, random query strings. None may be a 5xx, and every error answer must be
 * in the specification's shape. A fixed seed makes a failure reproducible.
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
const random = prng(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const collections = ['regions', 'cities', 'countries', 'counties', 'timezones', 'languages', 'notices'];
const weirdStrings = [
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '😀',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%',
  '%ZZ',
  '[]',
  '{}',
  'null',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  'Алматы',
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
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  Array.from({ length: 5000 }, () => 'a'),
];
const ids = [
  'ru',
  'unknown',
  'a'.repeat(64),
  'a'.repeat(65),
  '%00',
  '%ZZ',
  '..%2F..',
  '%F0%9F%98%80',
  '-',
  '_',
  '1;DROP',
];
const fields = [
  'name',
  'slug',
  'region_id',
  'description',
  'is_default',
  'utc',
  'region',
  'code',
  'weight',
  'title',
  'body',
  'id',
];
const queryKeys = [
  'page',
  'limit',
  'orderBy',
  'sortedBy',
  'direction',
  'paginable',
  'ids',
  'ids[]',
  'filter[name]',
  'filter[id][]',
  'filter',
  'filter[zz]',
  'filter[a][b][c][d]',
  '__proto__[x]',
  'name',
  'is_default',
  'status',
  '',
  '[]',
  'a[',
  'a]',
];
const tokens = [
  tokenFor('admin', 'school-a'),
  tokenFor('teacher', 'school-a'),
  tokenFor('student', 'school-b'),
  'nonsense',
  '',
  'x'.repeat(5000),
];

/** A lone surrogate cannot be percent-encoded as UTF-8; send the bytes a broken client would. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function randomQuery(): string {
  const parts: string[] = [];
  const n = Math.floor(random() * 6);
  for (let i = 0; i < n; i++) {
    const value = pick(weirdStrings).slice(0, random() < 0.9 ? 50 : 20_000);
    const encoded = random() < 0.8 ? encode(value).replace(/%25/g, random() < 0.5 ? '%' : '%25') : value;
    parts.push(`${pick(queryKeys)}=${encoded}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function randomBody(): { payload?: string | object; contentType?: string } {
  switch (Math.floor(random() * 7)) {
    case 0:
      return { payload: '{"name": "unterminated', contentType: 'application/json' };
    case 1:
      return { payload: '', contentType: 'application/json' };
    case 2:
      return { payload: pick(['[]', 'null', '"text"', '42', 'true']), contentType: 'application/json' };
    case 3:
      return {
        payload: 'name=x',
        contentType: pick(['text/plain', 'application/x-www-form-urlencoded', 'image/png']),
      };
    default: {
      const body: Record<string, unknown> = {};
      const n = Math.floor(random() * 5);
      for (let i = 0; i < n; i++)
        body[random() < 0.9 ? pick(fields) : pick(weirdStrings).slice(0, 30)] = pick(weirdValues);
      return { payload: body };
    }
  }
}

function randomRequest(): InjectOptions {
  const collection = random() < 0.95 ? pick(collections) : pick(['enum', 'enums.json', 'nothing']);
  const method = pick(['GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const);
  const withId = method === 'PUT' || method === 'DELETE' || random() < 0.4;
  const url = `/api/${collection}${withId ? `/${pick(ids)}` : ''}${randomQuery()}`;
  const headers: Record<string, string> = {};
  if (random() < 0.9) headers.authorization = `Bearer ${pick(tokens)}`;
  else if (random() < 0.5) headers.authorization = pick(['Basic abc', 'Bearer', 'Bearer  a b']);
  if (random() < 0.3)
    headers['x-requested-fields'] = pick([...weirdStrings.slice(0, 3), 'id,name', 'a..b', ',,,', 'id;x']);
  const options: InjectOptions = { method, url, headers };
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const { payload, contentType } = randomBody();
    if (contentType) headers['content-type'] = contentType;
    if (payload !== undefined) options.payload = payload;
  }
  return options;
}

let records: RecordsApp;
beforeAll(async () => {
  records = await startRecordsApp();
});
afterAll(async () => records?.close());

it(`answers ${COUNT} malformed requests without a 5xx, every error in the specification's shape`, async () => {
  const statuses = new Map<number, number>();
  for (let i = 0; i < COUNT; i++) {
    const request = randomRequest();
    const response = await records.app.inject(request);
    const where = `${request.method} ${String(request.url).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const body = response.json();
      expect(typeof body.message, where).toBe('string');
      expect(body.status_code, where).toBe(response.statusCode);
      expect(
        typeof body.errors === 'object' && body.errors !== null && !Array.isArray(body.errors),
        where,
      ).toBe(true);
      for (const texts of Object.values(body.errors)) expect(Array.isArray(texts), where).toBe(true);
    }
  }
  // The mix reached past authentication into validation and the handlers, not only 401s.
  expect(statuses.get(422) ?? 0).toBeGreaterThan(100);
  expect(statuses.get(401) ?? 0).toBeGreaterThan(10);
  expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
});

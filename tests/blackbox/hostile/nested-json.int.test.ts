import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPlatform } from '../../../services/src/roles/embedded';

/**
 * Free-form JSON fields (settings of classes and quizzes, an invite's form_data) nested thousands deep
 * or grown past 64 KB, against the whole platform as `npm start` runs it: a 422 naming the field, never
 * a 500 from a stack overflow in the event schemas.
 */
type Platform = Awaited<ReturnType<typeof startEmbeddedPlatform>>;
let platform: Platform;
let dataDir: string;
const tokens: Record<string, string> = {};

/**
 * `{"a":{"a":…{"a":1}}}`, `depth` objects deep, as JSON text: the test's own JSON.stringify would
 * overflow on it, so bodies are written as text with this spliced in (see post).
 */
const nested = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
class Raw {
  constructor(readonly text: string) {}
}
/** JSON text of a body whose values may be Raw fragments. */
function bodyText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${bodyText(item)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.resolve('.tmp/nested-json-'));
  platform = await startEmbeddedPlatform({ dataDir, demo: true });
  for (const username of ['manager', 'teacher']) {
    const response = await platform.http!.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', client_id: 2, username, password: 'Demo12345' },
    });
    tokens[username] = (response.json() as { access_token: string }).access_token;
  }
}, 120_000);
afterAll(async () => {
  await platform?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function post(url: string, who: string, payload: unknown) {
  const response = await platform.http!.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
    payload: bodyText(payload),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const cases = [
  ['/api/quiz', 'teacher', (settings: unknown) => ({ name: 'Глубокий тест', settings }), 'settings'],
  ['/api/classes', 'manager', (settings: unknown) => ({ name: '9 «В»', settings }), 'settings'],
  [
    '/api/invite-codes',
    'teacher',
    (formData: unknown) => ({ name: 'Глубокий код', form_data: formData }),
    'form_data',
  ],
] as const;

describe('free-form JSON fields', () => {
  it.each(cases)(
    '%s refuses a %s nested 5,000 deep with a 422 naming the field',
    async (url, who, body, field) => {
      const { status, body: answer } = await post(url, who, body(nested(5000)));
      expect(status, JSON.stringify(answer).slice(0, 300)).toBe(422);
      expect(Object.keys(answer.errors as object)).toContain(field);
    },
  );

  it.each(cases)('%s refuses 33 levels and takes 32', async (url, who, body, field) => {
    const deep = await post(url, who, body(nested(33)));
    expect(deep.status, JSON.stringify(deep.body).slice(0, 300)).toBe(422);
    expect((deep.body.errors as Record<string, string[]>)[field]?.[0]).toContain('32');
    const fine = await post(url, who, body(nested(32)));
    expect(fine.status, JSON.stringify(fine.body).slice(0, 300)).toBe(201);
  });

  it.each(cases)('%s refuses %s over 64 KB', async (url, who, body, field) => {
    const { status, body: answer } = await post(url, who, body({ text: 'ж'.repeat(40_000) }));
    expect(status).toBe(422);
    expect((answer.errors as Record<string, string[]>)[field]?.[0]).toContain('64');
  });

  it('refuses a body nested past any field’s depth on a route without a free-form field, naming it', async () => {
    const { status, body } = await post('/api/assignment/actions', 'teacher', {
      assignment_id: 'x',
      initiator_id: nested(20_000),
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors as object)).toContain('initiator_id');
  });
});

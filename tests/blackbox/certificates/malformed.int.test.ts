import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsContext } from '../../../services/src/contexts/assignments';
import { authoringContext } from '../../../services/src/contexts/authoring';
import { certificatesContext } from '../../../services/src/contexts/certificates';
import { identityContext } from '../../../services/src/contexts/identity';
import { schoolsContext } from '../../../services/src/contexts/schools';
import { tasksContext } from '../../../services/src/contexts/tasks';
import { tokenFor } from '../records/records-app';
import { startContextsApp, type ContextsApp } from '../schools/contexts-app';

/**
 * Malformed requests to every route of the schools, certificates and tasks contexts, as every group:
 * wrong types, missing and unknown fields, huge and unstorable strings, broken JSON, bad ids and
 * queries. None may answer 5xx, and every error is in the specification's shape.
 */
let env: ContextsApp;

const routes: [method: string, path: string][] = [
  ['GET', '/api/schools'],
  ['GET', '/api/schools/:id'],
  ['POST', '/api/schools'],
  ['PUT', '/api/schools/:id'],
  ['DELETE', '/api/schools/:id'],
  ['GET', '/api/certificates'],
  ['GET', '/api/certificates/:id'],
  ['POST', '/api/certificates'],
  ['PUT', '/api/certificates/:id'],
  ['DELETE', '/api/certificates/:id'],
  ['GET', '/api/user/certificates'],
  ['GET', '/api/user/certificates/:id'],
  ['GET', '/api/user/certificates/:id/render.svg'],
  ['GET', '/api/user/certificates/:id/render.pdf'],
  ['POST', '/api/certificates/preview.svg'],
  ['GET', '/api/assignments/:id/students/:id/certificate/render.pdf'],
  ['GET', '/api/certificate-check/:id'],
  ['GET', '/api/assignments/:id/certificates.json'],
  ['POST', '/api/assignments/:id/students/:id/certificate/issue.json'],
  ['POST', '/api/assignments/:id/students/:id/certificate/revoke.json'],
  ['POST', '/api/assignments/:id/students/:id/certificate/restore.json'],
  ['GET', '/api/courses/:id/certificates.json'],
  ['GET', '/api/courses/:id/certificate-students.json'],
  ['POST', '/api/courses/:id/students/:id/certificate/issue.json'],
  ['POST', '/api/courses/:id/students/:id/certificate/revoke.json'],
  ['POST', '/api/courses/:id/students/:id/certificate/restore.json'],
  ['GET', '/api/courses/:id/students/:id/certificate/render.pdf'],
  ['GET', '/api/tasks'],
  ['GET', '/api/tasks/:id'],
  ['POST', '/api/tasks/:id/suspend.json'],
  ['POST', '/api/tasks/:id/start.json'],
  ['POST', '/api/tasks/:id/abort.json'],
  ['GET', '/api/tasks/:id/download'],
  ['POST', '/api/assignments/:id/results/export.json'],
  ['POST', '/api/students/import.json'],
];
const ids = ['unknown', 'a'.repeat(300), '%00', '%ZZ', '..%2F..', '%F0%9F%98%80', '1;DROP TABLE users'];
const values: unknown[] = [
  '',
  'x'.repeat(100_000),
  'a\u0000b',
  '\ud800',
  null,
  true,
  -1,
  1e308,
  [],
  [null],
  {},
  { nested: { deeper: [null] } },
];
const fields = [
  'name',
  'email',
  'elements',
  'serial_counter',
  'format',
  'styles',
  'coefficient',
  'region_id',
];
const queries = [
  'page=-1',
  'limit=100000',
  'orderBy=password',
  'filter[a][b][c]=1',
  '__proto__[x]=1',
  'query=%00',
];
const tokens = [
  'nonsense',
  ...(['admin', 'manager', 'teacher', 'student', 'proctor', 'analyst'] as const).map((g) =>
    tokenFor(g, 'school-a'),
  ),
];

beforeAll(async () => {
  env = await startContextsApp(
    [authoringContext, assignmentsContext, schoolsContext, certificatesContext, tasksContext],
    { background: [identityContext], objects: true },
  );
});
afterAll(async () => {
  await env?.close();
});

describe('malformed requests to schools, certificates and tasks', () => {
  it('never answer 5xx, and answer errors in the specification’s shape', async () => {
    let n = 0;
    let sent = 0;
    for (const [method, template] of routes) {
      for (const token of tokens) {
        const id = ids[n++ % ids.length]!;
        const path = template.replace(/:id/g, id);
        const requests: { url: string; payload?: string; type?: string }[] = [
          { url: `${path}?${queries[n % queries.length]}` },
        ];
        if (method === 'POST' || method === 'PUT') {
          requests.push({ url: path, payload: '{"name": ', type: 'application/json' });
          requests.push({ url: path, payload: 'name=x', type: 'application/x-www-form-urlencoded' });
          for (const field of fields) {
            const value = values[n++ % values.length];
            requests.push({
              url: path,
              payload: JSON.stringify({ [field]: value }),
              type: 'application/json',
            });
          }
        }
        for (const request of requests) {
          const answer = await env.app.inject({
            method: method as 'GET',
            url: request.url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(request.type ? { 'content-type': request.type } : {}),
            },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent += 1;
          const where = `${method} ${request.url.slice(0, 120)} as ${token.slice(0, 20)}`;
          expect(answer.statusCode, `${where} → ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          if (answer.statusCode >= 400) {
            const body = answer.json() as Record<string, unknown>;
            expect(typeof body.message, where).toBe('string');
            expect(typeof body.errors, where).toBe('object');
            expect(body.status_code, where).toEqual(expect.any(Number));
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
  });
});

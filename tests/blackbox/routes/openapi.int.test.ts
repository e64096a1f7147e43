import { writeFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contexts } from '../../../services/src/contexts';
import { UNDESCRIBED_ANSWER } from '../../../services/src/platform/http/undescribed-answers';
import { startContextsApp, type ContextsApp } from '../schools/contexts-app';
import { answersNotDescribedYet } from './answers-not-described-yet';

/**
 * The OpenAPI document at /docs/json, as the assembled contexts serve it: valid for standard tools (the
 * swagger-parser validator client generators rely on), and every operation with a described 2xx answer.
 * A route that declares no response schema gets a documented free-form one (undescribed-answers.ts);
 * only the routes listed in answers-not-described-yet.ts may still rely on it, so a new route must
 * describe its answer, and the list may only shrink.
 */

interface Response {
  description?: string;
  content?: Record<string, { schema?: { description?: string } }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components?: { schemas?: Record<string, unknown> };
}

let env: ContextsApp;
let document: OpenApiDocument;

beforeAll(async () => {
  env = await startContextsApp(contexts);
  const response = await env.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as OpenApiDocument;
  if (process.env.OPENAPI_DUMP) await writeFile(process.env.OPENAPI_DUMP, JSON.stringify(document, null, 1));
});
afterAll(async () => {
  await env?.close();
});

function operations(): [string, Record<string, Response>][] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation.responses ?? {}] as [string, Record<string, Response>],
    ),
  );
}

const successes = (responses: Record<string, Response>) =>
  Object.entries(responses).filter(([status]) => /^2(\d\d|XX)$/i.test(status));

it('the OpenAPI document is valid for a standard validator', async () => {
  // validate() dereferences the document in place; give it a copy.
  await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  // Named component schemas: the shared contracts and each record collection's entity.
  expect(Object.keys(document.components?.schemas ?? {})).toEqual(
    expect.arrayContaining(['ProctoringAction', 'ProctoringActivity', 'CitiesEntity', 'AssignmentsEntity']),
  );
});

it('every operation describes its 2xx answer with a schema (a 204 has no body)', () => {
  const missing = operations()
    .filter(([, responses]) => {
      const described = successes(responses).filter(
        ([status, response]) =>
          status === '204' ||
          response.content?.['application/json']?.schema !== undefined ||
          Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
      );
      // A redirect (the OAuth hand-offs) answers no 2xx at all: its 3xx is described instead.
      const onlyRedirects =
        successes(responses).length === 0 && Object.keys(responses).some((status) => /^3\d\d$/.test(status));
      return described.length === 0 && !onlyRedirects;
    })
    .map(([operation]) => operation);
  expect(missing).toEqual([]);
  expect(operations().length).toBeGreaterThan(300);
});

it('only the listed routes of before still answer free-form JSON; new routes describe their answers', () => {
  const undescribed = operations()
    .filter(([, responses]) =>
      successes(responses).some(([, response]) =>
        Object.values(response.content ?? {}).some(
          (media) => media.schema?.description === UNDESCRIBED_ANSWER,
        ),
      ),
    )
    .map(([operation]) => operation);
  const allowed = new Set(answersNotDescribedYet);
  // A route here must declare `response` in its schema (docs/architecture.md, "Contracts").
  expect(undescribed.filter((operation) => !allowed.has(operation))).toEqual([]);
  // Described since: take it off the list, so the list only ever shrinks.
  expect(answersNotDescribedYet.filter((operation) => !undescribed.includes(operation))).toEqual([]);
});

it('the proctoring action is one contract: the list, the POST and the batch all answer ProctoringAction', () => {
  const refOf = (operation: string, status: string) => {
    const [method, path] = operation.split(' ') as [string, string];
    return JSON.stringify(document.paths[path]?.[method.toLowerCase()]?.responses?.[status]);
  };
  for (const [operation, status] of [
    ['GET /api/assignment/actions', '200'],
    ['POST /api/assignment/actions', '201'],
    ['POST /api/assignment/actions/batch', '201'],
    ['GET /api/assignment/actions/{assignment}.json', '200'],
  ] as const) {
    expect(refOf(operation, status), operation).toContain('#/components/schemas/ProctoringAction"');
  }
});

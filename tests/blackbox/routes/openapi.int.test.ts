import { writeFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contexts } from '../../../services/src/contexts';
import { startContextsApp, type ContextsApp } from '../schools/contexts-app';

let env: ContextsApp;
let document: OpenApiDocument;

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
  components?: { schemas?: Record<string, unknown> };
}

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

it('the OpenAPI document is valid for a standard validator', async () => {
  // validate() dereferences the document in place; give it a copy.
  await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
});

it('every operation describes its 2xx answer with a schema', () => {
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const described = Object.entries(operation.responses ?? {}).some(
        ([status, response]) =>
          /^2\d\d$/.test(status) && (status === '204' || response.content !== undefined),
      );
      if (!described) missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  expect(missing).toEqual([]);
});

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { platformVersion } from '../version';

/**
 * The API description at /docs/json, with swagger-ui at /docs, generated from the zod schemas that
 * validate the requests and serialise the answers, so the document cannot drift from what the server
 * accepts and answers. `tests/blackbox/routes/openapi.int.test.ts` holds it valid for standard tools
 * and every operation to a described 2xx answer.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sabaq API', version: platformVersion },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas named with `.meta({ id })` (the contracts in events/, each record collection's entity)
    // become components/schemas, so the routes' `$ref`s to them resolve and clients get named types.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

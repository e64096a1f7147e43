import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** How the OpenAPI document marks an answer no route has described yet. */
export const UNDESCRIBED_ANSWER = 'Not described yet: any JSON (docs/architecture.md, "Contracts").';

const undescribed = z.unknown().describe(UNDESCRIBED_ANSWER);

/**
 * Gives every route of `scope` that declares no response schema a documented free-form one, so the
 * OpenAPI document describes a 2xx answer for every operation and stays usable by client generators.
 * It serialises exactly as Fastify's default does (any JSON, nothing dropped). The marker is there to be
 * counted: `tests/blackbox/routes/openapi.int.test.ts` refuses a route carrying it unless it is on the
 * shrinking list of routes from before answers were described, so a new route must describe its answer.
 */
export function describeUndescribedAnswers(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    if (route.websocket || route.schema?.hide || route.schema?.response) return;
    route.schema = { ...route.schema, response: { '2xx': undescribed } };
  });
}

import { nestsDeeperThan } from '@sabaq/events';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors';

/**
 * Deeper than any field may nest (free-form JSON stops at 32, events/src/free-json.ts): a body past it
 * is refused before any schema, handler or JSON.stringify meets it. The field checks name the exact
 * field for anything between; this guard is the floor under fields that have no check of their own.
 */
const MAX_BODY_DEPTH = 256;

/** preValidation: refuses a body nested deeper than MAX_BODY_DEPTH, naming its top-level field. */
export async function rejectTooDeepBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || !nestsDeeperThan(body, MAX_BODY_DEPTH)) return;
  const field =
    Object.entries(body as object).find(([, value]) => nestsDeeperThan(value, MAX_BODY_DEPTH - 1))?.[0] ??
    '_';
  const message = `Вложенность больше ${MAX_BODY_DEPTH} уровней`;
  throw new ValidationError(message, { [field]: [message] });
}

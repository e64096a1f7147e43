import { InvalidEventPayloadError, UnknownEventTypeError } from '@sabaq/events';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, ServiceUnavailableError } from '../errors';

/** The specification's error answer. */
export interface ErrorBody {
  message: string;
  errors: Record<string, string[]>;
  status_code: number;
}

export function errorBody(
  message: string,
  statusCode: number,
  errors: Record<string, string[]> = {},
): ErrorBody {
  return { message, errors, status_code: statusCode };
}

/** What busboy throws for a multipart body it cannot read (its messages, stable across its versions). */
const MULTIPART_FAULT =
  /^(Multipart: |Unexpected end of (multipart|form)|Malformed (part header|urlencoded form)|Part terminated early)/;
const MALFORMED_MULTIPART = 'Тело запроса multipart/form-data повреждено';

/**
 * One place turns every failure into the specification's shape. Client mistakes keep their 4xx and
 * their field errors; anything unexpected is a 500 whose details stay in the log, not in the answer.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error instanceof ServiceUnavailableError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.httpStatus).send(errorBody(error.message, error.statusCode, error.errors));
    }
    if (error instanceof InvalidEventPayloadError) {
      return reply.status(422).send(errorBody(error.message, 422, error.errors));
    }
    if (error instanceof UnknownEventTypeError) {
      return reply.status(422).send(errorBody(error.message, 422, { type: [error.message] }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const where =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || '_';
        (errors[where] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.status(422).send(errorBody('The given data was invalid.', 422, errors));
    }
    if (error.statusCode === undefined && MULTIPART_FAULT.test(error.message)) {
      // busboy's own parse errors carry no status, yet the body is the client's: no boundary, cut short.
      return reply.status(400).send(errorBody(MALFORMED_MULTIPART, 400, { file: [MALFORMED_MULTIPART] }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(error.message, status));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('Internal Server Error', 500));
  });
}

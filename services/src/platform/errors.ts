/**
 * Typed domain errors carrying their HTTP status. One Fastify error handler turns any of them into the
 * specification's answer shape: { message, errors: { field: [text] }, status_code }.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    /** The application code of the specification (e.g. 1102), or the HTTP status when it names none. */
    readonly statusCode: number = httpStatus,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The stream is not at the version the command was decided against: reload and decide again. */
export class WrongExpectedVersionError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${expected}`, 409);
  }
}

/** Some but not all of a batch's event ids are already stored: not a retry, and not a new batch either. */
export class IdempotencyConflictError extends DomainError {
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super(`Events ${eventIds.join(', ')} were already appended in a different batch or stream`, 409);
  }
}

/** The request contradicts what the stream already holds (a name taken, a chunk name reused for other bytes). */
export class ConflictError extends DomainError {
  constructor(message: string, errors: Record<string, string[]> = {}) {
    super(message, 409, 409, errors);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, errors: Record<string, string[]>) {
    super(message, 422, 422, errors);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message, 404);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Forbidden') {
    super(message, 403);
  }
}

/**
 * A back end the request needs is unavailable for now (the object store does not connect or answer):
 * 503 with `Retry-After`, so clients and proxies wait and try again instead of taking it for a bug.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 503);
  }
}

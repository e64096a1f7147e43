/** Field name → messages, as the platform reports validation failures. */
export type FieldErrors = Record<string, string[]>;

/**
 * Why a request failed:
 * - `http`: the platform answered with an error status (its body may carry message and field errors);
 * - `network`: no answer at all (offline, server down, refused connection);
 * - `timeout`: no answer within the client's time limit.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status, 0 when there was no answer. */
    readonly httpStatus: number = 0,
    /** The platform's application code (e.g. 1102), or the HTTP status when it names none. */
    readonly statusCode: number = httpStatus,
    readonly errors: FieldErrors = {},
    /** The parsed answer body, for callers whose error answers still carry data (e.g. /health → 503). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }

  /** Nothing came back: worth retrying, and worth telling the user to check the connection. */
  get isUnanswered(): boolean {
    return this.kind !== 'http';
  }

  /** The first message for a field, as forms show under their inputs. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  status_code?: unknown;
}

/** Builds an ApiError from an error answer of shape `{ message, errors: { field: [text] }, status_code }`. */
export function apiErrorFromAnswer(httpStatus: number, statusText: string, body: unknown): ApiError {
  const shaped = typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  const message = typeof shaped.message === 'string' && shaped.message ? shaped.message : statusText;
  const statusCode = typeof shaped.status_code === 'number' ? shaped.status_code : httpStatus;
  return new ApiError('http', message, httpStatus, statusCode, readFieldErrors(shaped.errors), body);
}

function readFieldErrors(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages : [messages];
    result[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return result;
}

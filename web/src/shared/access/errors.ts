import { isApiError } from '../api/api-error';

/** The text keys the access forms show; resolved through i18n (auth.errors.*). */
export type AccessErrorKey =
  'rateLimit' | 'userNotFound' | 'unknown' | 'phoneExists' | 'phoneNotExists' | 'wrongCode';

export interface AccessError {
  key: AccessErrorKey | null;
  /** The platform's own text, when no catalogue entry applies. */
  message?: string;
  /** Which field the text belongs under, if any. */
  field?: string;
}

/**
 * Login failures (001 §8): HTTP 429 → 'Превышен лимит запросов', status_code 1102 → 'Пользователь не
 * найден или введен неправильный пароль', any other answer → 'Неизвестная ошибка'. Failures without an
 * answer are not the catalogue's: they are rethrown to the general handler (null here).
 */
export function loginError(error: unknown): AccessError | null {
  if (!isApiError(error) || error.isUnanswered) return null;
  if (error.httpStatus === 429) return { key: 'rateLimit' };
  if (error.statusCode === 1102) return { key: 'userNotFound' };
  return { key: 'unknown' };
}

/** Fields whose messages the code widgets read, in order (001 §5: verification, phone, exception). */
const CODE_FIELDS = ['verification', 'phone', 'exception', 'code', 'action_code', 'otp_code'];

/**
 * Registration and recovery failures (001 §8): 429, 9101 phone exists (under phone), 9102 phone does not
 * exist (under phone), 9103 wrong code (under verification); otherwise the first message of the answer.
 */
export function accessFlowError(error: unknown): AccessError | null {
  if (!isApiError(error) || error.isUnanswered) return null;
  if (error.httpStatus === 429) return { key: 'rateLimit' };
  if (error.statusCode === 9101) return { key: 'phoneExists', field: 'phone' };
  if (error.statusCode === 9102) return { key: 'phoneNotExists', field: 'phone' };
  if (error.statusCode === 9103) return { key: 'wrongCode', field: 'verification' };
  for (const field of CODE_FIELDS) {
    const message = error.fieldError(field);
    if (message) return { key: null, message, field };
  }
  return { key: null, message: error.message };
}

/** The first field error of an answer per field, for forms that show texts under their inputs. */
export function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const found: Record<string, string> = {};
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) found[field] = message;
  }
  return found;
}

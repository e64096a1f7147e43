import { isApiError } from '../../../shared/api/api-error';
import type { ExternalLink } from '../api/external-api';

/** What the page shows for a link: its refusal, the exam's end, or the link itself. */
export type LinkState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'unreachable' }
  | { kind: 'wrong-page' }
  | { kind: 'finished'; link: ExternalLink }
  | { kind: 'not-needed'; link: ExternalLink }
  | { kind: 'ready'; link: ExternalLink };

/**
 * The server says 403 for a link that is not its own or was changed ("invalid") and for one that ran
 * out ("expired", told apart by the field error); a camera link is of no use once the attempt ended or
 * when the assignment records no second camera. An upload link is opened for a finished attempt too.
 */
export function linkState(
  page: ExternalLink['purpose'],
  link: ExternalLink | undefined,
  error: unknown,
): LinkState {
  if (link) {
    if (link.purpose !== page) return { kind: 'wrong-page' };
    if (page === 'camera' && link.attempt.status !== 'active') return { kind: 'finished', link };
    if (page === 'camera' && !link.settings.second_camera_record) return { kind: 'not-needed', link };
    return { kind: 'ready', link };
  }
  if (!error) return { kind: 'loading' };
  if (isApiError(error) && error.httpStatus === 403) {
    const reason = error.errors.token?.[0] ?? '';
    return /истёк|expired/i.test(reason) || /expired/i.test(error.message)
      ? { kind: 'expired' }
      : { kind: 'invalid' };
  }
  if (isApiError(error) && (error.httpStatus === 404 || error.httpStatus === 422)) return { kind: 'invalid' };
  return { kind: 'unreachable' };
}

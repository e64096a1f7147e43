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
 * The server says 404 for a link that is not its own or was changed ("invalid") and 410 for one that
 * ran out ("expired"); a camera link is of no use once the attempt ended or
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
  if (isApiError(error) && error.httpStatus === 410) return { kind: 'expired' };
  if (isApiError(error) && (error.httpStatus === 404 || error.httpStatus === 422)) return { kind: 'invalid' };
  return { kind: 'unreachable' };
}

import { DomainError } from '../../platform/errors';
import { slidingWindowLimiter, type SlidingWindow } from '../../platform/http/sliding-window-limiter';

/** Messages a user may post within `windowMs`. */
export type RateLimit = SlidingWindow;

/** 20 messages in 30 s: faster than anyone types, slow enough to stop a script flooding a class. */
export const DEFAULT_CHAT_RATE_LIMIT: RateLimit = { max: 20, windowMs: 30_000 };

/**
 * A per-user sliding window, kept in this api instance's memory: with several instances a user could
 * post up to `max` per instance (docs/chat.md). Exceeding it is a 429 in the error shape.
 */
export function postingLimiter(limit: RateLimit, clock: () => Date) {
  const sent = slidingWindowLimiter(limit, { clock });
  return (userId: string): void => {
    if (!sent.take(userId)) throw new DomainError('Слишком много сообщений, подождите немного', 429);
  };
}

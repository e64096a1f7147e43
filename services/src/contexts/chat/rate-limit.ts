import { DomainError } from '../../platform/errors';

export interface RateLimit {
  /** Messages a user may post within `windowMs`. */
  max: number;
  windowMs: number;
}

/** 20 messages in 30 s: faster than anyone types, slow enough to stop a script flooding a class. */
export const DEFAULT_CHAT_RATE_LIMIT: RateLimit = { max: 20, windowMs: 30_000 };

/**
 * A per-user sliding window, kept in this api instance's memory: with several instances a user could
 * post up to `max` per instance (docs/chat.md). Exceeding it is a 429 in the error shape.
 */
export function postingLimiter(limit: RateLimit, clock: () => Date) {
  const sent = new Map<string, number[]>();
  return (userId: string): void => {
    const now = clock().getTime();
    const recent = (sent.get(userId) ?? []).filter((t) => now - t < limit.windowMs);
    if (recent.length >= limit.max) {
      sent.set(userId, recent);
      throw new DomainError('Слишком много сообщений, подождите немного', 429);
    }
    recent.push(now);
    sent.set(userId, recent);
    // Forget idle users now and then, so the map does not grow with every user ever seen.
    if (sent.size > 10_000)
      for (const [u, times] of sent) if (times.every((t) => now - t >= limit.windowMs)) sent.delete(u);
  };
}

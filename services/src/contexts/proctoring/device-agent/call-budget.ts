import { DomainError } from '../../../platform/errors';
import { slidingWindowLimiter } from '../../../platform/http/sliding-window-limiter';

/**
 * How often one page token may post: a report at each connection and renewal, conditions as they begin,
 * beat (every 5 s each) and end. Far above what an agent sends, far below what would flood the attempt's
 * stream: the token is the student's own, so a student could otherwise post in a loop.
 */
export const AGENT_CALL_BUDGETS = {
  reports: { max: 30, windowMs: 10 * 60_000 },
  conditions: { max: 240, windowMs: 60_000 },
} as const;

/**
 * A per-token sliding window in this api instance's memory (several instances allow up to `max` each).
 * Over it, a 429 in the error shape; the agent retries later, and a condition's phases carry their ids,
 * so a retry is stored once.
 */
export function callBudget(limit: { max: number; windowMs: number }, clock: () => Date = () => new Date()) {
  const calls = slidingWindowLimiter(limit, { clock });
  return (token: string): void => {
    if (!calls.take(token)) throw new DomainError('Слишком много запросов от агента, подождите немного', 429);
  };
}

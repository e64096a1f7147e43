import { DomainError } from '../../../platform/errors';

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
  const calls = new Map<string, number[]>();
  return (token: string): void => {
    const now = clock().getTime();
    const recent = (calls.get(token) ?? []).filter((t) => now - t < limit.windowMs);
    if (recent.length >= limit.max) {
      calls.set(token, recent);
      throw new DomainError('Слишком много запросов от агента, подождите немного', 429);
    }
    recent.push(now);
    calls.set(token, recent);
    // Forget idle tokens now and then, so the map does not grow with every attempt ever seen.
    if (calls.size > 10_000)
      for (const [key, times] of calls) if (times.every((t) => now - t >= limit.windowMs)) calls.delete(key);
  };
}

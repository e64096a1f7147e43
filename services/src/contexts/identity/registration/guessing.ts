import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../verification/errors';

/**
 * Counts invite codes that named nothing, per address: the per-route limits are keyed by the code (a
 * class behind one address registers with one code), so guessing many codes needs its own budget.
 * In memory per process, like the route limits.
 */
export class GuessBudget {
  private readonly misses = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max = 20,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** 429 once this address has used up its misses for the minute. */
  check(request: FastifyRequest): void {
    const entry = this.current(request.ip);
    if (entry && entry.count >= this.max) throw new TooManyRequestsError();
  }

  miss(request: FastifyRequest): void {
    const entry = this.current(request.ip) ?? { count: 0, resetAt: this.now() + this.windowMs };
    entry.count += 1;
    this.misses.set(request.ip, entry);
    if (this.misses.size > 10_000) this.forgetExpired();
  }

  private current(ip: string) {
    const entry = this.misses.get(ip);
    if (entry && entry.resetAt <= this.now()) {
      this.misses.delete(ip);
      return undefined;
    }
    return entry;
  }

  private forgetExpired(): void {
    for (const [ip, entry] of this.misses) if (entry.resetAt <= this.now()) this.misses.delete(ip);
  }
}

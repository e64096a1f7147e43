import { DomainError } from '../../../platform/errors';

export const CODE_MISSES_MAX = 10;
export const CODE_MISS_WINDOW_MS = 10 * 60_000;

export class TooManyCodeMissesError extends DomainError {
  constructor(minutes: number) {
    super(`Слишком много неверных кодов. Попробуйте снова через ${minutes} мин.`, 429);
  }
}

/**
 * Wrong quick-start codes per caller (user id): at most 10 in 10 minutes, then every look-up is 429
 * until the window that began with the first miss is over, a right code too (else guessing would go on).
 * In memory per server instance: behind several instances a caller gets 10 per instance (documented).
 */
export class CodeGuessBudget {
  private readonly misses = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly now: () => number,
    private readonly max = CODE_MISSES_MAX,
    private readonly windowMs = CODE_MISS_WINDOW_MS,
  ) {}

  check(caller: string): void {
    const entry = this.current(caller);
    if (entry && entry.count >= this.max)
      throw new TooManyCodeMissesError(Math.max(1, Math.ceil((entry.resetAt - this.now()) / 60_000)));
  }

  miss(caller: string): void {
    const entry = this.current(caller) ?? { count: 0, resetAt: this.now() + this.windowMs };
    entry.count += 1;
    this.misses.set(caller, entry);
    if (this.misses.size > 10_000) this.forgetExpired();
  }

  private current(caller: string) {
    const entry = this.misses.get(caller);
    if (entry && entry.resetAt <= this.now()) {
      this.misses.delete(caller);
      return undefined;
    }
    return entry;
  }

  private forgetExpired(): void {
    for (const [caller, entry] of this.misses) if (entry.resetAt <= this.now()) this.misses.delete(caller);
  }
}

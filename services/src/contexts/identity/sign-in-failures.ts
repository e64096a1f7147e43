import { DomainError } from '../../platform/errors';

export class TooManySignInFailuresError extends DomainError {
  constructor(minutes: number) {
    super(
      `Слишком много неудачных попыток входа с этого адреса. Попробуйте снова через ${minutes} мин.`,
      429,
    );
  }
}

export interface SignInFailureLimits {
  /** Failed sign-ins an address may have in one window; further failures are answered 429. */
  max: number;
  windowMs: number;
}

/**
 * Failed password sign-ins per client address (a spray tries a few passwords on many usernames, which
 * the per-username limit never sees). Only failures are counted and only failures are refused: the
 * password is checked first, so a right one still signs in, and a class of 30 behind one school NAT is
 * never held back by a classmate's typos or by a stranger on the same network. The window begins with
 * the address's first failure. In memory per api instance, like the other request limits.
 */
export class SignInFailureBudget {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limits: SignInFailureLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a failure; throws 429 once the address has used up its failures for the window. */
  failed(address: string): void {
    const now = this.now();
    let entry = this.failures.get(address);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.limits.windowMs };
      this.failures.set(address, entry);
      if (this.failures.size > 10_000) this.forgetExpired(now);
    }
    entry.count += 1;
    if (entry.count > this.limits.max) {
      throw new TooManySignInFailuresError(Math.max(1, Math.ceil((entry.resetAt - now) / 60_000)));
    }
  }

  private forgetExpired(now: number): void {
    for (const [address, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(address);
  }
}

/** 25 failures in 10 minutes unless SIGN_IN_FAILURES_PER_ADDRESS / SIGN_IN_FAILURE_WINDOW_S say otherwise. */
export function signInFailureLimits(env: NodeJS.ProcessEnv = process.env): SignInFailureLimits {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    max: positive(env.SIGN_IN_FAILURES_PER_ADDRESS, 25),
    windowMs: positive(env.SIGN_IN_FAILURE_WINDOW_S, 600) * 1000,
  };
}

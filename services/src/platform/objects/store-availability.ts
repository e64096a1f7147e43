import { ServiceUnavailableError } from '../errors';
import { StoreTimeoutError, type StoreTimeouts } from './timed-transport';

/** How the platform waits for the object store, and what it tells callers when the store is gone. */
export interface StoreResilience extends StoreTimeouts {
  /** Further tries of a call whose connection failed (refused, reset, not made in time). */
  retries: number;
  /** The first pause between tries; each next one doubles. */
  backoffMs: number;
  /** The `Retry-After` of the 503 a caller gets while the store is unavailable. */
  retryAfterSeconds: number;
}

export const DEFAULT_STORE_RESILIENCE: StoreResilience = {
  connectMs: 5_000,
  responseMs: 30_000,
  retries: 2,
  backoffMs: 200,
  retryAfterSeconds: 15,
};

export const STORE_UNAVAILABLE = 'Файловое хранилище недоступно. Повторите попытку через несколько секунд.';

/** Failures of the connection, not of the request: the store is down, restarting or unreachable. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EAI_AGAIN',
  'ETIMEDOUT',
]);

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** Worth another try: the request most likely never reached a store that works. */
function connectionFailed(error: unknown): boolean {
  if (error instanceof StoreTimeoutError) return error.phase === 'connect';
  // Node tries every address of a host name and reports them together.
  if (error instanceof AggregateError) return error.errors.some(connectionFailed);
  return CONNECTION_CODES.has(codeOf(error));
}

/** The store is unavailable rather than refusing this request (minio gives up on 5xx after its retries). */
export function storeUnavailable(error: unknown): boolean {
  if (error instanceof StoreTimeoutError || connectionFailed(error)) return true;
  return (
    error instanceof Error &&
    /^Request failed after \d+ retries: Error: Retryable HTTP status: 5\d\d/.test(error.message)
  );
}

/**
 * Runs a call against the store; a connection failure is tried again (`retries` more times, pauses
 * doubling from `backoffMs`) when `retry` allows it, a store that accepted and then said nothing is not
 * (each try would wait as long again). If the store stays unavailable, the caller gets a 503 with
 * Retry-After and a message saying so, the cause kept for the log.
 */
export async function guardStoreCall<T>(
  resilience: StoreResilience,
  call: () => Promise<T>,
  retry = true,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (retry && attempt < resilience.retries && connectionFailed(error)) {
        await new Promise((resolve) => setTimeout(resolve, resilience.backoffMs * 2 ** attempt));
        continue;
      }
      if (!storeUnavailable(error)) throw error;
      throw Object.assign(new ServiceUnavailableError(STORE_UNAVAILABLE, resilience.retryAfterSeconds), {
        cause: error,
      });
    }
  }
}

import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './verification/errors';

/**
 * A per-route limit keyed by address and by whom the request is about (a username, a phone), so that a
 * school behind one address does not share one budget. Runs after body parsing to read that subject.
 */
export function limitedPerSubject(max: number, subject: (body: Record<string, unknown>) => unknown) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const value = subject((request.body ?? {}) as Record<string, unknown>);
        return `${request.routeOptions.url}|${request.ip}|${typeof value === 'string' ? value.trim().toLowerCase() : ''}`;
      },
      errorResponseBuilder: () => new TooManyRequestsError(),
    },
  };
}

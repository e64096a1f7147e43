import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../platform/http/caller';

/** Identity's own authentication of a request; challenge calls opt in to callers with pending challenges. */
export type AuthenticateRequest = (
  request: FastifyRequest,
  options?: { allowPendingChallenges?: boolean },
) => Promise<{ caller: Caller; sessionId: string }>;

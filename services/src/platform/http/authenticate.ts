import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ForbiddenError } from '../errors';
import type { Authenticator, Caller } from './caller';

/** A 401 in the specification's error shape. */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Unauthenticated.') {
    super(message, 401);
  }
}

/**
 * The caller the route access guard (route-access.ts) put on the request. A route reached without one
 * is refused: its rule is public, so it has no business acting for a caller.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ForbiddenError('Forbidden');
  return request.caller;
}

/** Until the identity context provides one, nobody is authenticated: the secure default. */
export const nobodyAuthenticator: Authenticator = {
  async verifyAccessToken() {
    throw new UnauthenticatedError();
  },
  async verifyWsToken() {
    throw new UnauthenticatedError();
  },
};

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The preHandler that authenticates a route: sets request.caller or answers 401. Routes reached by a
 * user with pending challenges must opt in with allowPendingChallenges (the challenge calls themselves).
 */
export function authenticate(
  authenticator: Authenticator,
  options: { allowPendingChallenges?: boolean } = {},
) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new UnauthenticatedError();
    const caller: Caller = await authenticator.verifyAccessToken(token);
    if (!options.allowPendingChallenges) refusePendingChallenges(caller);
    request.caller = caller;
  };
}

/** 403 with 1201 while the caller has challenges to complete; the web client then opens their modal. */
export function refusePendingChallenges(caller: Caller): void {
  if (caller.pendingChallenges.length === 0) return;
  throw new DomainError('Сначала выполните обязательные действия', 403, 1201, {
    challenges: [...caller.pendingChallenges],
  });
}

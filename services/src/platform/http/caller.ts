/**
 * Who is calling: set on every authenticated request by the identity context's authenticator, read by
 * every route and by the authorisation table. Contexts depend on this contract, not on how tokens work.
 */
export const GROUPS = ['admin', 'manager', 'teacher', 'student', 'proctor', 'analyst'] as const;
export type Group = (typeof GROUPS)[number];

export interface Caller {
  userId: string;
  /** The session the token belongs to; realtime closes that session's sockets when it ends. */
  sessionId?: string;
  /** The school chosen for this session; null until a user in several schools chooses one. */
  schoolId: string | null;
  group: Group;
  /** Pending challenges block everything but the challenge calls (403 with a challenge status_code). */
  pendingChallenges: readonly string[];
}

export interface Authenticator {
  /** Verifies a Bearer access token; throws a 401 DomainError when it is missing, invalid or revoked. */
  verifyAccessToken(token: string): Promise<Caller>;
  /** Verifies the websocket token handed out beside the access token. */
  verifyWsToken(token: string): Promise<Caller>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on routes that need a caller. */
    caller?: Caller;
  }
}

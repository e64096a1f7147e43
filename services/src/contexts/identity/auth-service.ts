import { hash as argon2Hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { ObservedEventStore } from '../../platform/event-store/observed-event-store';
import type { EventStore } from '../../platform/ports/event-store';
import type { ReadModelDb } from '../../platform/read-models/database';
import type { Authenticator, Caller, Group } from '../../platform/http/caller';
import { accountOf } from './challenges/account';
import { accountStream, pendingChallenges } from './challenges/account-decider';
import { handleCommand } from '../../platform/commands/handle-command';
import { loadState } from '../../platform/commands/decider';
import { InvalidCredentialsError, InvalidTokenError } from './errors';
import { normaliseUsername } from './ids';
import { sessionDecider, sessionStream, type SessionState } from './session-decider';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  TokenSigner,
  hashRefreshToken,
  loadSigningSecret,
  newRefreshToken,
  sessionIdOfRefreshToken,
} from './tokens';
import { StreamStateCache } from './stream-state-cache';
import { reservationOf, userDecider, usernameStream, userStream } from './user-decider';

/**
 * How stale a caller's session and challenges may be should change reports stop. Changes made through
 * this process are seen at once and other processes' within the log's delivery delay; while the reports
 * are proven current (ObservedEventStore) an entry nothing changed is kept, past this time.
 */
const CALLER_STATE_TTL_MS = 5_000;

// A type, not an interface: it must fit the response schema's loose object (an index signature).
export type TokenAnswer = {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  ws_access_token: string;
};

interface Deps {
  store: EventStore;
  db: ReadModelDb;
  clock: () => Date;
  newId: () => string;
}

/**
 * Sign-in, refresh, school choice and sign-out, all as events on `session-<id>`; and the Authenticator
 * every route relies on. Users and sessions are read from their streams, not from read models, so a
 * login right after registration and a token check right after a logout never see stale data.
 */
export class IdentityAuth implements Authenticator {
  private signer: Promise<TokenSigner> | undefined;
  private readonly sessions: StreamStateCache<SessionState>;
  private readonly pending: StreamStateCache<readonly string[]>;

  constructor(private readonly deps: Deps) {
    // Only a store that reports changes may be cached from; any other is read on every request.
    const observed = deps.store instanceof ObservedEventStore ? deps.store : undefined;
    const ttl = observed ? CALLER_STATE_TTL_MS : 0;
    const provenCurrentAt = () => observed?.provenCurrentAt() ?? -Infinity;
    this.sessions = new StreamStateCache({ ttlMs: ttl, provenCurrentAt });
    this.pending = new StreamStateCache({ ttlMs: ttl, provenCurrentAt });
    observed?.onChange((streamId) => {
      if (streamId.startsWith('session-')) this.sessions.forget(streamId);
      else if (streamId.startsWith('account-')) this.pending.forget(streamId);
    });
  }

  async login(username: string, password: string): Promise<TokenAnswer> {
    const user = await this.findUser(username);
    // Verify against something even for an unknown user, so timing does not reveal which usernames exist.
    const hash = user?.passwordHash ?? (await dummyHash());
    const matches = await verify(hash, password).catch(() => false);
    if (!user || !matches) throw new InvalidCredentialsError();
    // A person deactivated by the school's managers (people context) signs in no more.
    if (await isDeactivated(this.deps.store, user.userId)) throw new InvalidCredentialsError();
    return this.signIn(user);
  }

  /**
   * Starts a session for a user whose identity was proven (a password here, a verified signature in
   * signature/grant.ts) and answers the token grant's tokens. A user of one school works in it at once;
   * a user of several chooses first.
   */
  async signIn(user: { userId: string; group: string; schoolIds: readonly string[] }): Promise<TokenAnswer> {
    const now = this.deps.clock();
    const sessionId = this.deps.newId();
    const refreshToken = newRefreshToken(sessionId);
    const schoolId = soleSchool(user.schoolIds);
    await handleCommand(
      this.deps.store,
      sessionStream(sessionId),
      sessionDecider,
      {
        type: 'StartSession',
        data: {
          sessionId,
          userId: user.userId,
          schoolId,
          refreshTokenHash: hashRefreshToken(refreshToken),
          refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString(),
          startedAt: now.toISOString(),
        },
      },
      { eventId: () => this.deps.newId(), metadata: { userId: user.userId } },
    );
    return this.issue(sessionId, user.userId, user.group, schoolId, refreshToken);
  }

  async refresh(refreshToken: string): Promise<TokenAnswer> {
    const sessionId = sessionIdOfRefreshToken(refreshToken);
    if (!sessionId) throw new InvalidTokenError('The refresh token is invalid.');
    const now = this.deps.clock();
    const next = newRefreshToken(sessionId);
    const { events, state } = await handleCommand(
      this.deps.store,
      sessionStream(sessionId),
      sessionDecider,
      {
        type: 'RefreshSession',
        presentedHash: hashRefreshToken(refreshToken),
        data: {
          sessionId,
          refreshTokenHash: hashRefreshToken(next),
          refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString(),
          refreshedAt: now.toISOString(),
        },
      },
      { eventId: () => this.deps.newId() },
    );
    if (events[0]?.type !== 'SessionRefreshed' || state.status !== 'active')
      throw new InvalidTokenError('The refresh token is invalid.');
    const user = await this.userById(state.userId);
    if (!user) throw new InvalidTokenError('The refresh token is invalid.');
    return this.issue(sessionId, user.userId, user.group, state.schoolId, next);
  }

  async selectSchool(caller: Caller, sessionId: string, schoolId: string): Promise<void> {
    const user = await this.userById(caller.userId);
    await handleCommand(
      this.deps.store,
      sessionStream(sessionId),
      sessionDecider,
      {
        type: 'SelectSchool',
        userSchoolIds: user?.schoolIds ?? [],
        data: { sessionId, schoolId, selectedAt: this.deps.clock().toISOString() },
      },
      { eventId: () => this.deps.newId(), metadata: { userId: caller.userId, schoolId } },
    );
  }

  async logout(sessionId: string): Promise<void> {
    await handleCommand(
      this.deps.store,
      sessionStream(sessionId),
      sessionDecider,
      { type: 'EndSession', data: { sessionId, reason: 'logout', endedAt: this.deps.clock().toISOString() } },
      { eventId: () => this.deps.newId() },
    );
  }

  /** The session an access token belongs to, for logout and school choice. */
  async sessionOf(token: string): Promise<{ caller: Caller; sessionId: string }> {
    const claims = (await this.getSigner()).verify(token, 'access', this.nowSeconds());
    return { caller: await this.callerOf(claims.sid, claims.sub, claims.grp), sessionId: claims.sid };
  }

  /** The session a correctly signed access token names, ended or not: logging out twice is not an error. */
  async sessionIdOf(token: string): Promise<string> {
    return (await this.getSigner()).verify(token, 'access', this.nowSeconds()).sid;
  }

  async verifyAccessToken(token: string): Promise<Caller> {
    return (await this.sessionOf(token)).caller;
  }

  async verifyWsToken(token: string): Promise<Caller> {
    const claims = (await this.getSigner()).verify(token, 'ws', this.nowSeconds());
    return this.callerOf(claims.sid, claims.sub, claims.grp);
  }

  async findUser(username: string) {
    const reservation = await this.deps.store.readStream(usernameStream(normaliseUsername(username)));
    const userId = reservationOf(reservation);
    return userId ? this.userById(userId) : undefined;
  }

  async userById(userId: string) {
    const { state } = await loadState(this.deps.store, userStream(userId), userDecider);
    return state.status === 'registered' ? state : undefined;
  }

  /**
   * The session and the pending challenges come from their streams through the caches: a logout or a
   * completed challenge changes the stream, which drops the entry, so the very next request in this
   * process sees it (and other api processes once the log reaches them).
   */
  private async callerOf(sessionId: string, userId: string, group: string): Promise<Caller> {
    const session = sessionStream(sessionId);
    const state = await this.sessions.get(session, async () => {
      return (await loadState(this.deps.store, session, sessionDecider)).state;
    });
    if (!isActiveFor(state, userId)) throw new InvalidTokenError();
    const pending = await this.pending.get(accountStream(userId), async () =>
      pendingChallenges(await accountOf(this.deps.store, userId)),
    );
    return { userId, sessionId, schoolId: state.schoolId, group: group as Group, pendingChallenges: pending };
  }

  private async issue(
    sessionId: string,
    userId: string,
    group: string,
    schoolId: string | null,
    refreshToken: string,
  ): Promise<TokenAnswer> {
    const signer = await this.getSigner();
    const iat = this.nowSeconds();
    const base = {
      sub: userId,
      sid: sessionId,
      sch: schoolId,
      grp: group,
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    };
    return {
      access_token: signer.sign({ ...base, typ: 'access' }),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      ws_access_token: signer.sign({ ...base, typ: 'ws' }),
    };
  }

  private getSigner(): Promise<TokenSigner> {
    this.signer ??= loadSigningSecret(this.deps.db).then((secret) => new TokenSigner(secret));
    // A failed load (database briefly away) must not poison every later request.
    this.signer.catch(() => (this.signer = undefined));
    return this.signer;
  }

  private nowSeconds(): number {
    return Math.floor(this.deps.clock().getTime() / 1000);
  }
}

/** A user of one school works in it at once; a user of several chooses first (the school selection modal). */
function soleSchool(schoolIds: readonly string[]): string | null {
  return schoolIds.length === 1 ? schoolIds[0]! : null;
}

function isActiveFor(
  state: SessionState,
  userId: string,
): state is Extract<SessionState, { status: 'active' }> {
  return state.status === 'active' && state.userId === userId;
}

/** argon2id of a random string nobody knows: unknown usernames cost as much as wrong passwords. */
let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= argon2Hash(randomBytes(32).toString('hex'));
  return dummy;
}

/** Whether the people context deactivated this user: read from its stream, so it holds at once. */
/** A person deactivated by the school (people context) signs in no more, by password or by signature. */
export async function isDeactivated(store: Pick<EventStore, 'readStream'>, userId: string): Promise<boolean> {
  const events = await store.readStream(`person-${userId}`);
  return events.some((event) => event.type === 'PersonDeactivated');
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { withTables, type ReadModelDb } from '../../platform/read-models/database';
import type { IdentityTables } from './tables';
import { InvalidTokenError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims {
  /** The user. */
  sub: string;
  /** The session: verification refuses the token once the session has ended. */
  sid: string;
  /** The school chosen when the token was issued; the session's current choice is what counts. */
  sch: string | null;
  grp: string;
  /** access for the API, ws for the realtime connection: one is never accepted as the other. */
  typ: 'access' | 'ws';
  iat: number;
  exp: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/**
 * HS256 JWTs with node:crypto. @fastify/jwt decorates a Fastify instance, but the authenticator is also
 * used outside any request (the websocket handshake), so signing and checking live here.
 */
/** Tokens whose signature this process has checked; beyond this many the memory starts over. */
const VERIFIED_TOKENS_KEPT = 20_000;

export class TokenSigner {
  /**
   * A token string that passed the signature check once passes it again (same string, same key), so
   * its claims are kept and only the expiry and type are checked on later requests: the HMAC was a
   * noticeable share of every authenticated request. Whether the session still holds is not cached here.
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(private readonly secret: Buffer) {}

  sign(claims: TokenClaims): string {
    const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, type: TokenClaims['typ'], nowSeconds: number): TokenClaims {
    const known = this.verified.get(token);
    if (known) return checkedClaims(known, type, nowSeconds);
    const [header, payload, signature] = token.split('.');
    if (header !== HEADER || !payload || !signature) throw new InvalidTokenError();
    const expected = Buffer.from(this.mac(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidTokenError();
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      throw new InvalidTokenError();
    }
    checkedClaims(claims, type, nowSeconds);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/** Refresh tokens name their session so a refresh finds the stream without any index. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

export function sessionIdOfRefreshToken(token: string): string | undefined {
  const sessionId = token.split('.')[0];
  // Session ids are plain ids (UUIDs from the platform): anything else is not ours and needs no look-up.
  return sessionId && /^[A-Za-z0-9_-]{1,64}$/.test(sessionId) ? sessionId : undefined;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SigningKeyTable {
  identity_signing_keys: { name: string; secret: string; created_at: Date };
}

/**
 * The token signing secret lives in the shared database, created once at first start: every api process
 * (one embedded, several distributed) signs and checks with the same key, and restarts keep sessions.
 * It is not a read model: no projection writes it and a rebuild never touches it.
 */
export const signingKeyMigrations: Record<string, Migration> = {
  '0200_identity_signing_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('identity_signing_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};

export async function loadSigningSecret(db: ReadModelDb): Promise<Buffer> {
  await withTables<IdentityTables>(db)
    .insertInto('identity_signing_keys')
    .values({ name: 'jwt', secret: randomBytes(48).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await withTables<IdentityTables>(db)
    .selectFrom('identity_signing_keys')
    .select('secret')
    .where('name', '=', 'jwt')
    .executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64');
}

function checkedClaims(claims: TokenClaims, type: TokenClaims['typ'], nowSeconds: number): TokenClaims {
  if (claims.typ !== type || typeof claims.exp !== 'number' || claims.exp <= nowSeconds)
    throw new InvalidTokenError();
  return claims;
}

import { createHash, randomBytes } from 'node:crypto';
import { firstEventData } from '@sabaq/events';
import { WrongExpectedVersionError } from '../../../platform/errors';
import type { ContextServices } from '../../../platform/context';
import { isDeactivated, type IdentityAuth, type TokenAnswer } from '../auth-service';
import { loadState } from '../../../platform/commands/decider';
import { uuidV5 } from '../../../platform/ids';
import { userDecider, userStream } from '../user-decider';
import type { ApplicationRow } from './collection';
import { OAuthRefusedError } from './errors';
import { exchangeCode, readIdentity, type ExternalIdentity } from './provider-client';
import { withTables } from '../../../platform/read-models/database';
import type { IdentityTables } from '../tables';

type Services = Pick<ContextServices, 'store' | 'db' | 'clock' | 'newId'>;

/** How long the provider may take to send the browser back, and the browser to redeem its code. */
export const STATE_TTL_MS = 10 * 60 * 1000;
export const HANDOFF_TTL_MS = 2 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const secret = () => randomBytes(32).toString('base64url');
export const stateStream = (state: string) => `oauth_state-${uuidV5(`state:${state}`)}`;
export const handoffStream = (code: string) => `oauth_handoff-${uuidV5(`handoff:${code}`)}`;
export const linkStream = (applicationId: string, subject: string) =>
  `oauth_link-${uuidV5(`${applicationId}\n${subject}`)}`;

/** The in-site path to return to after sign-in (spec 001 §2's safe-path rule), else none. */
export function safeReturnUrl(value: string | undefined): string | null {
  if (!value || value.length > 2000) return null;
  return /^\/(?!\/)[\p{L}\p{N}@\-%_~/]*(\?[^#\s]*)?(#\S*)?$/u.test(value) ? value : null;
}

async function append(
  services: Services,
  stream: string,
  type: string,
  data: object,
  expected: number | 'no_stream',
) {
  await services.store.append(stream, [{ id: services.newId(), type, data, metadata: {} }], {
    expectedVersion: expected,
  });
}

/**
 * The challenge link: a fresh state names this attempt, a browser secret (kept in an HttpOnly cookie)
 * ties the callback to the browser that started it, so a link someone else started cannot sign this
 * browser in (login CSRF). Answers the provider's authorize address to send the browser to.
 */
export async function startSignIn(
  services: Services,
  app: ApplicationRow,
  redirectUri: string,
  returnUrl: string | undefined,
): Promise<{ location: string; browserSecret: string }> {
  const state = secret();
  const browserSecret = secret();
  const now = services.clock();
  await append(
    services,
    stateStream(state),
    'OAuthSignInStarted',
    {
      applicationId: app.id,
      browserHash: sha256(browserSecret),
      returnUrl: safeReturnUrl(returnUrl),
      redirectUri,
      startedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    },
    'no_stream',
  );
  const location = new URL(app.oauth_auth_url);
  location.searchParams.set('response_type', 'code');
  location.searchParams.set('client_id', app.client_id);
  location.searchParams.set('redirect_uri', redirectUri);
  location.searchParams.set('scope', app.scope);
  location.searchParams.set('state', state);
  return { location: location.toString(), browserSecret };
}

/**
 * The provider sent the browser back. The state must be this browser's, for this application, unused
 * and fresh; the code is exchanged, the identity read and matched to a user. Answers a one-time code
 * the browser redeems for our tokens (so no token ever travels in an address) and where to go next.
 */
export async function finishSignIn(
  services: Services,
  app: ApplicationRow,
  query: { state?: string; code?: string; error?: string },
  browserSecret: string | undefined,
): Promise<{ handoff: string; returnUrl: string | null }> {
  if (!query.state) throw new OAuthRefusedError('state');
  const stream = stateStream(query.state);
  const events = await services.store.readStream(stream);
  const started = firstEventData(events, 'OAuthSignInStarted');
  const now = services.clock();
  if (
    !started ||
    events.length !== 1 ||
    started.applicationId !== app.id ||
    !browserSecret ||
    sha256(browserSecret) !== started.browserHash ||
    started.expiresAt <= now.toISOString()
  )
    throw new OAuthRefusedError('state');
  const finish = (outcome: 'signed_in' | 'refused', userId: string | null, reason: string | null) =>
    append(
      services,
      stream,
      'OAuthSignInFinished',
      { applicationId: app.id, outcome, userId, reason, finishedAt: services.clock().toISOString() },
      0,
    ).catch((error: unknown) => {
      // The same callback twice (a reload): the first one decided, the second is refused.
      if (error instanceof WrongExpectedVersionError) throw new OAuthRefusedError('state');
      throw error;
    });
  try {
    if (query.error || !query.code) throw new OAuthRefusedError('denied');
    const tokens = await exchangeCode(app, query.code, started.redirectUri);
    const identity = await readIdentity(app, tokens, now);
    const userId = await userOf(services, app.id, identity);
    await finish('signed_in', userId, null);
    const handoff = secret();
    await append(
      services,
      handoffStream(handoff),
      'OAuthHandoffIssued',
      {
        applicationId: app.id,
        userId,
        browserHash: started.browserHash,
        issuedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS).toISOString(),
      },
      'no_stream',
    );
    return { handoff, returnUrl: started.returnUrl };
  } catch (error) {
    if (error instanceof OAuthRefusedError && error.reason !== 'state')
      await finish('refused', null, error.reason);
    throw error;
  }
}

/**
 * The user an external account signs in as: the one it was linked to, or, the first time, the one
 * user whose e-mail the provider vouches for (then linked for good). Never a new account: ours are
 * made by registration with an invite code.
 */
async function userOf(
  services: Services,
  applicationId: string,
  identity: ExternalIdentity,
): Promise<string> {
  const stream = linkStream(applicationId, identity.subject);
  const linked = firstEventData(await services.store.readStream(stream), 'ExternalIdentityLinked');
  if (linked) return linked.userId;
  if (!identity.email) throw new OAuthRefusedError('unknownUser');
  if (!identity.emailVerified) throw new OAuthRefusedError('unverified');
  const matches = await withTables<IdentityTables>(services.db)
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', identity.email!.toLowerCase()))
    .limit(2)
    .execute();
  if (matches.length !== 1) throw new OAuthRefusedError('unknownUser');
  const userId = matches[0]!.id;
  try {
    await append(
      services,
      stream,
      'ExternalIdentityLinked',
      {
        applicationId,
        subject: identity.subject,
        userId,
        matchedBy: 'email',
        email: identity.email,
        linkedAt: services.clock().toISOString(),
      },
      'no_stream',
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    const winner = firstEventData(await services.store.readStream(stream), 'ExternalIdentityLinked');
    if (!winner) throw error;
    return winner.userId;
  }
  return userId;
}

/** The browser redeems its one-time code (with its cookie) for a session, once, within two minutes. */
export async function redeemHandoff(
  services: Services,
  auth: Pick<IdentityAuth, 'signIn'>,
  code: string,
  browserSecret: string | undefined,
): Promise<TokenAnswer> {
  const stream = handoffStream(code);
  const events = await services.store.readStream(stream);
  const issued = firstEventData(events, 'OAuthHandoffIssued');
  const now = services.clock();
  if (
    !issued ||
    events.length !== 1 ||
    !browserSecret ||
    sha256(browserSecret) !== issued.browserHash ||
    issued.expiresAt <= now.toISOString()
  )
    throw new OAuthRefusedError('code');
  try {
    await append(
      services,
      stream,
      'OAuthHandoffUsed',
      { userId: issued.userId, usedAt: now.toISOString() },
      0,
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) throw new OAuthRefusedError('code');
    throw error;
  }
  const { state: user } = await loadState(services.store, userStream(issued.userId), userDecider);
  if (user.status !== 'registered' || (await isDeactivated(services.store, issued.userId)))
    throw new OAuthRefusedError('user');
  return auth.signIn(user);
}

import type { ApplicationRow } from './collection';
import { OAuthRefusedError } from './errors';

export interface ExternalIdentity {
  subject: string;
  email: string | null;
  /** false only when the provider says the address is not verified. */
  emailVerified: boolean;
}

const TIMEOUT_MS = 10_000;

async function fetchJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw new OAuthRefusedError('provider');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok || typeof body !== 'object' || body === null) throw new OAuthRefusedError('provider');
  return body as Record<string, unknown>;
}

/** The authorization code grant's second half (RFC 6749 §4.1.3): the code for the provider's tokens. */
export async function exchangeCode(
  app: ApplicationRow,
  code: string,
  redirectUri: string,
): Promise<{ accessToken: string | null; idToken: string | null }> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: app.client_id,
  });
  if (app.client_secret) form.set('client_secret', app.client_secret);
  const body = await fetchJson(app.oauth_token_url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
  });
  const accessToken = typeof body.access_token === 'string' ? body.access_token : null;
  const idToken = typeof body.id_token === 'string' ? body.id_token : null;
  if (!accessToken && !idToken) throw new OAuthRefusedError('provider');
  return { accessToken, idToken };
}

function identityOf(claims: Record<string, unknown>): ExternalIdentity {
  const subject = claims.sub;
  if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject).length === 0)
    throw new OAuthRefusedError('identity');
  const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim() : null;
  const verified = claims.email_verified;
  return { subject: String(subject), email, emailVerified: verified !== false && verified !== 'false' };
}

/**
 * Who signed in at the provider: its userinfo endpoint when the application names one, else the id
 * token's claims. The id token came straight from the token endpoint over the connection we opened, so
 * (OpenID Connect Core §3.1.3.7) its signature is not checked; its audience and expiry are.
 */
export async function readIdentity(
  app: ApplicationRow,
  tokens: { accessToken: string | null; idToken: string | null },
  now: Date,
): Promise<ExternalIdentity> {
  if (app.oauth_userinfo_url && tokens.accessToken) {
    const claims = await fetchJson(app.oauth_userinfo_url, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
    });
    return identityOf(claims);
  }
  if (!tokens.idToken) throw new OAuthRefusedError('identity');
  const payload = tokens.idToken.split('.')[1];
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new OAuthRefusedError('identity');
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(app.client_id)) throw new OAuthRefusedError('identity');
  if (typeof claims.exp === 'number' && claims.exp * 1000 < now.getTime())
    throw new OAuthRefusedError('identity');
  return identityOf(claims);
}

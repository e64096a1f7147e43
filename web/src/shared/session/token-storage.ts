/**
 * Where the tokens live between visits, under the specification's storage names (001 §9: prefix
 * 'auth.', token '_token.', refresh token '_refresh_token.', the strategy being the password grant).
 * localStorage: every tab of the site shares one sign-in, and a sign-out in one tab reaches the others.
 */
const STRATEGY = 'password';
export const STORAGE_KEYS = {
  strategy: 'auth.strategy',
  token: `auth._token.${STRATEGY}`,
  refreshToken: `auth._refresh_token.${STRATEGY}`,
  wsToken: `auth._ws_token.${STRATEGY}`,
} as const;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  wsToken: string | null;
}

const BEARER = /^Bearer\s+/i;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage refused (privacy settings): the sign-in lasts as long as the page.
    return undefined;
  }
}

export function readTokens(from: Storage | undefined = storage()): StoredTokens {
  const token = from?.getItem(STORAGE_KEYS.token) ?? null;
  return {
    accessToken: token ? token.replace(BEARER, '') || null : null,
    refreshToken: from?.getItem(STORAGE_KEYS.refreshToken) || null,
    wsToken: from?.getItem(STORAGE_KEYS.wsToken) || null,
  };
}

export function writeTokens(tokens: StoredTokens, to: Storage | undefined = storage()): void {
  if (!to) return;
  const put = (key: string, value: string | null) => (value ? to.setItem(key, value) : to.removeItem(key));
  put(STORAGE_KEYS.strategy, tokens.accessToken ? STRATEGY : null);
  // Stored with its type, as the token travels in the Authorization header.
  put(STORAGE_KEYS.token, tokens.accessToken ? `Bearer ${tokens.accessToken}` : null);
  put(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  put(STORAGE_KEYS.wsToken, tokens.wsToken);
}

/** The session id inside an access token (claim `sid`), to tell our session's LogoutAction from others'. */
export function sessionIdOf(accessToken: string | null): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}

/**
 * A guest's basket lives on the server under a random session id this browser keeps (docs/shop.md
 * "Guest baskets"): sent as `X-Basket-Session` with the basket calls; once signed in, the basket merges
 * into the user's and the id is forgotten.
 */
const KEY = 'sabaq.basket-session';

export function guestSession(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The id, drawn (128 random bits) the first time a guest adds a product. */
export function ensureGuestSession(): string {
  const existing = guestSession();
  if (existing) return existing;
  const id = crypto.randomUUID().replace(/-/g, '');
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // Storage refused (private mode): the id lives for this page only.
  }
  return id;
}

export function forgetGuestSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The header the basket calls carry while this browser has a guest basket. */
export const guestHeaders = (): Record<string, string> => {
  const id = guestSession();
  return id ? { 'X-Basket-Session': id } : {};
};

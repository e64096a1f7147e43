import { isLocale, type Locale } from './locales';

/** The choice survives reloads and is readable by the server on the first request of a visit. */
const COOKIE_NAME = 'locale';
const MAX_AGE_S = 365 * 24 * 60 * 60;

export function readLocaleCookie(): Locale | undefined {
  // Outside a browser (a unit test importing texts) there is no cookie: the default language applies.
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== COOKIE_NAME) continue;
    const value = decodeURIComponent(rest.join('='));
    return isLocale(value) ? value : undefined;
  }
  return undefined;
}

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = `${COOKIE_NAME}=${encodeURIComponent(locale)}; path=/; max-age=${MAX_AGE_S}; SameSite=Lax`;
}

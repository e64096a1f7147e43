/** Interface languages of the product. Codes are the product's own (kz, not ISO kk): they travel in the
 * `locale` cookie and the `Locale` header, so the server and the web app must agree on them. */
export const LOCALES = ['ru', 'en', 'kz'] as const;
export type Locale = (typeof LOCALES)[number];

/** Russian is both the default and the fallback: the product's users are Russian-speaking first. */
export const DEFAULT_LOCALE: Locale = 'ru';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags for the page's `lang` attribute (screen readers, hyphenation, fonts). */
export const LOCALE_TAGS: Record<Locale, string> = { ru: 'ru-RU', en: 'en-GB', kz: 'kk-KZ' };

/**
 * Tags for Intl number and date formatting. Kazakhstan writes numbers and dates as Russian does
 * (1 234,5 and 21.11.2026), and browsers' Kazakh Intl data is uneven (Debian's Chromium prints
 * "2026 M11 21"), so Kazakh formats with Russian conventions.
 */
export const FORMAT_TAGS: Record<Locale, string> = { ru: 'ru-RU', en: 'en-GB', kz: 'ru-RU' };

/** Each language names itself, so a reader of any language can find their own. */
export const LOCALE_NAMES: Record<Locale, string> = { ru: 'Русский', en: 'English', kz: 'Қазақша' };

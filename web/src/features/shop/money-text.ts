/** Minor units per major unit where it is not 100: the server's table (services/…/shop/money.ts). */
const MINOR_PER_MAJOR: Record<string, number> = { JPY: 1, KRW: 1, KWD: 1000, BHD: 1000 };

/**
 * Minor units as the server's `formatted` shows money (001 §9: whole units, no decimals, half up, the
 * code after it): `150050, 'KZT'` → `1 501 KZT`. For amounts the server sends without `formatted`.
 */
export function formatMinor(minor: number, currency: string): string {
  const per = MINOR_PER_MAJOR[currency] ?? 100;
  const major = Math.floor((minor + per / 2) / per);
  return `${String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ${currency}`;
}

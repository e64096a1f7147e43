import { minorUnitsOf, typedPriceOf } from './model';

/** The manager's shop settings (000 §2 /m/payments, /m/delivery; our /m/promocodes): form fields ↔ bodies. */

export interface ProviderRecord {
  id: string;
  type: string;
  name: string;
  description: string | null;
  logo: string | null;
}
export interface ProviderFields {
  name: string;
  description: string;
  type: string;
}
export const emptyProvider: ProviderFields = { name: '', description: '', type: 'test' };
export const providerFieldsOf = (r: ProviderRecord): ProviderFields => ({
  name: r.name,
  description: r.description ?? '',
  type: r.type,
});
export const providerBody = (f: ProviderFields) => ({
  name: f.name.trim(),
  description: f.description.trim() || null,
  type: f.type,
});

export interface DeliveryMethodRecord {
  id: string;
  name: string;
  description: string | null;
}
export interface CityDeliveryRecord {
  id: string;
  city_id: string;
  delivery_method_id: string;
  cost: { raw: number; formatted: string };
  currency: string;
  time: number;
}
/** One city of a delivery method as the form edits it; `id` is empty until saved. */
export interface CityRow {
  id: string;
  city_id: string;
  /** Typed in major units, as a product's price. */
  cost: string;
  currency: string;
  /** Days. */
  time: string;
}
export interface DeliveryFields {
  name: string;
  description: string;
  cities: CityRow[];
}
export const emptyDelivery: DeliveryFields = { name: '', description: '', cities: [] };
export const newCityRow = (): CityRow => ({ id: '', city_id: '', cost: '', currency: 'KZT', time: '1' });
export const cityRowOf = (r: CityDeliveryRecord): CityRow => ({
  id: r.id,
  city_id: r.city_id,
  cost: typedPriceOf(r.cost.raw),
  currency: r.currency,
  time: String(r.time),
});
export const cityRowValid = (row: CityRow) =>
  row.city_id !== '' &&
  minorUnitsOf(row.cost) !== null &&
  /^[A-Za-z]{3}$/.test(row.currency.trim()) &&
  /^\d{1,3}$/.test(row.time.trim());
export const cityRowBody = (row: CityRow, deliveryMethodId: string) => ({
  city_id: row.city_id,
  delivery_method_id: deliveryMethodId,
  cost: minorUnitsOf(row.cost) ?? 0,
  currency: row.currency.trim().toUpperCase(),
  time: Number(row.time.trim()),
});

/** What saving a delivery method's cities takes: rows to create, to update (changed only) and ids to delete. */
export function cityChanges(saved: CityDeliveryRecord[], rows: CityRow[], deliveryMethodId: string) {
  const kept = new Set(rows.map((r) => r.id).filter(Boolean));
  const create = rows.filter((r) => !r.id).map((r) => cityRowBody(r, deliveryMethodId));
  const update = rows.flatMap((row) => {
    const before = saved.find((s) => s.id === row.id);
    if (!before) return [];
    const was = cityRowBody(cityRowOf(before), deliveryMethodId);
    const now = cityRowBody(row, deliveryMethodId);
    const changed = Object.fromEntries(
      Object.entries(now).filter(([key, value]) => was[key as keyof typeof was] !== value),
    );
    return Object.keys(changed).length > 0 ? [{ id: row.id, body: changed }] : [];
  });
  const remove = saved.filter((s) => !kept.has(s.id)).map((s) => s.id);
  return { create, update, remove };
}

export interface PromoRecord {
  id: string;
  name: string;
  description: string | null;
  kind: 'percent' | 'amount';
  value: number;
  currency: string | null;
  product_id: string | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  expires_at: string | null;
}
export interface PromoFields {
  name: string;
  description: string;
  kind: 'percent' | 'amount';
  /** Percent (1–100), or an amount typed in major units. */
  value: string;
  currency: string;
  product_id: string;
  max_uses: string;
  max_uses_per_user: string;
  /** `YYYY-MM-DD`, the last day it works; empty: no expiry. */
  expires_on: string;
}
export const emptyPromo: PromoFields = {
  name: '',
  description: '',
  kind: 'percent',
  value: '',
  currency: 'KZT',
  product_id: '',
  max_uses: '',
  max_uses_per_user: '',
  expires_on: '',
};
export const promoFieldsOf = (r: PromoRecord): PromoFields => ({
  name: r.name,
  description: r.description ?? '',
  kind: r.kind,
  value: r.kind === 'percent' ? String(r.value) : typedPriceOf(r.value),
  currency: r.currency ?? 'KZT',
  product_id: r.product_id ?? '',
  max_uses: r.max_uses === null ? '' : String(r.max_uses),
  max_uses_per_user: r.max_uses_per_user === null ? '' : String(r.max_uses_per_user),
  expires_on: r.expires_at ? r.expires_at.slice(0, 10) : '',
});
/** The value the server takes: a whole percent 1–100, or minor units of the currency; null when unreadable. */
export function promoValueOf(f: Pick<PromoFields, 'kind' | 'value'>): number | null {
  if (f.kind === 'amount') {
    const minor = minorUnitsOf(f.value);
    return minor !== null && minor > 0 ? minor : null;
  }
  const text = f.value.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const percent = Number(text);
  return percent >= 1 && percent <= 100 ? percent : null;
}
const count = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim()));
export const promoBody = (f: PromoFields) => ({
  name: f.name.trim(),
  description: f.description.trim() || null,
  kind: f.kind,
  value: promoValueOf(f) ?? 0,
  currency: f.kind === 'amount' ? f.currency.trim().toUpperCase() : null,
  product_id: f.product_id || null,
  max_uses: count(f.max_uses),
  max_uses_per_user: count(f.max_uses_per_user),
  // The end of the chosen day in UTC: the code works through that whole day.
  expires_at: f.expires_on ? `${f.expires_on}T23:59:59.000Z` : null,
});

/** Only the fields that differ from the saved record, as PUT takes them. */
export function changesOf<F>(body: (f: F) => Record<string, unknown>, before: F, after: F) {
  const was = body(before);
  return Object.fromEntries(Object.entries(body(after)).filter(([key, value]) => was[key] !== value));
}

/** A place the geocoder found: what to write in the address field and where it is. */
export interface GeoPlace {
  label: string;
  lat: number;
  lng: number;
}

/** 000 §5, §9: the search starts once the address is longer than 3 characters, after a 1 s pause. */
export const SEARCH_MIN_LENGTH = 4;
export const SEARCH_PAUSE_MS = 1000;
/** 000 §3, §9: the map opens at zoom 8 and comes to 18 on a chosen address. */
export const DEFAULT_ZOOM = 8;
export const CHOSEN_ZOOM = 18;

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/**
 * The geocoder's answer as places. `/api/geocoder` lists under `entities` (or `entities.data`); a place
 * names itself by `address`, `display_name` (Nominatim's word), `name` or `label`, and its point by
 * `lat`/`lng` (or `lon`, `geo_lat`/`geo_lng`). Entries without a name or a point are left out.
 */
export function placesOf(answer: unknown): GeoPlace[] {
  const entities = (answer as { entities?: unknown } | null)?.entities;
  const list = Array.isArray(entities)
    ? entities
    : Array.isArray((entities as { data?: unknown } | undefined)?.data)
      ? (entities as { data: unknown[] }).data
      : [];
  return list.flatMap((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const label = text(item.address) ?? text(item.display_name) ?? text(item.name) ?? text(item.label);
    const lat = num(item.lat) ?? num(item.geo_lat) ?? num(item.latitude);
    const lng = num(item.lng) ?? num(item.lon) ?? num(item.geo_lng) ?? num(item.longitude);
    return label && lat !== null && lng !== null ? [{ label, lat, lng }] : [];
  });
}

import { DomainError } from '../../../platform/errors';
import { CHOSEN_ZOOM, type GeoPlace, type Geocoder } from './geocoder-port';

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name: string;
  address?: { city?: string; town?: string; state?: string; country_code?: string };
}

/**
 * A Nominatim-compatible server (`SHOP_GEOCODER_URL`, e.g. a school's own Nominatim or Photon's
 * Nominatim API): `/search?q=&format=jsonv2&addressdetails=1&limit=` and `/reverse?lat=&lon=&format=jsonv2`.
 * The place's city is matched to a reference city by name, else null; a search within a city names it.
 */
export function nominatim(
  baseUrl: string,
  cities: { id: string; name: string }[],
  language = 'ru',
): Geocoder {
  const base = baseUrl.replace(/\/+$/, '');
  const cityIdByName = (name: string) =>
    cities.find((c) => c.name.toLowerCase() === name.toLowerCase())?.id ?? null;
  async function ask(path: string, query: Record<string, string>): Promise<NominatimPlace[]> {
    const url = `${base}${path}?${new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...query })}`;
    let response: Response;
    try {
      response = await fetch(url, {
        // Nominatim's usage policy asks every client to name itself.
        headers: { 'user-agent': 'Sabaq shop geocoder', 'accept-language': language },
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new DomainError('Сервис адресов недоступен', 502, 502);
    }
    if (!response.ok) throw new DomainError('Сервис адресов недоступен', 502, 502);
    const body = (await response.json()) as NominatimPlace[] | NominatimPlace | { error: string };
    if (Array.isArray(body)) return body;
    return 'lat' in body ? [body] : [];
  }
  const toPlace = (p: NominatimPlace): GeoPlace | null => {
    const lat = Number(p.lat);
    const lng = Number(p.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    const city = p.address?.city ?? p.address?.town ?? p.address?.state ?? null;
    return {
      name: p.display_name,
      lat,
      lng,
      city_id: city ? cityIdByName(city) : null,
      country_id: p.address?.country_code?.toLowerCase() ?? null,
      zoom: CHOSEN_ZOOM,
    };
  };
  return {
    name: 'nominatim',
    async search({ text, cityId, limit }) {
      const city = cities.find((c) => c.id === cityId);
      const q = city ? `${text}, ${city.name}` : text;
      return (await ask('/search', { q, limit: String(limit) })).flatMap((p) => toPlace(p) ?? []);
    },
    async reverse({ lat, lng, limit }) {
      const places = (await ask('/reverse', { lat: String(lat), lon: String(lng) })).flatMap(
        (p) => toPlace(p) ?? [],
      );
      return places.slice(0, limit);
    },
  };
}

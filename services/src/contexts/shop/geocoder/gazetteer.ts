import { cities, countries } from '../../reference/collections';
import { fixedRows } from '../../reference/seed';
import { CHOSEN_ZOOM, type GeoPlace, type Geocoder } from './geocoder-port';

/** Where the reference cities are (their centres); a city added to the reference rows adds a line here. */
const CENTRES: Record<string, { lat: number; lng: number; country_id: string }> = {
  almaty: { lat: 43.2389, lng: 76.8897, country_id: 'kz' },
  astana: { lat: 51.1694, lng: 71.4491, country_id: 'kz' },
};
/** A point further than this from every centre is in no reference city. */
const CITY_RADIUS_KM = 60;

interface Entry {
  id: string;
  names: string[];
  place: GeoPlace;
}

const rowsOf = (collection: (typeof fixedRows)[number]['collection']) =>
  fixedRows.find((set) => set.collection === collection)?.rows ?? [];

/** The reference cities (the reference context's fixed rows): id and name. */
export const referenceCities = (): { id: string; name: string }[] =>
  rowsOf(cities).map((row) => ({ id: row.id, name: String(row.name) }));

/** The reference cities with their centres. */
function entries(): Entry[] {
  const countryNames = new Map(rowsOf(countries).map((row) => [row.id, String(row.name)]));
  return rowsOf(cities).flatMap((row) => {
    const centre = CENTRES[row.id];
    if (!centre) return [];
    const name = String(row.name);
    const country = countryNames.get(centre.country_id);
    return [
      {
        id: row.id,
        names: [name, String(row.slug)].map((n) => n.toLowerCase()),
        place: {
          name: country ? `${name}, ${country}` : name,
          lat: centre.lat,
          lng: centre.lng,
          city_id: row.id,
          country_id: centre.country_id,
          zoom: CHOSEN_ZOOM,
        },
      },
    ];
  });
}

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

/**
 * The embedded gazetteer: works offline and knows the reference cities only. A search finds the cities
 * whose name a word of the text begins (so "Алматы, Абая 1" finds Almaty's centre, and the buyer moves
 * the pin); a point finds the city it lies in.
 */
export function gazetteer(): Geocoder {
  const known = entries();
  return {
    name: 'gazetteer',
    async search({ text, cityId, limit }) {
      const words = text
        .toLowerCase()
        .split(/[\s,.;]+/)
        .filter((w) => w.length > 0);
      return known
        .filter(
          (e) =>
            (cityId === null || e.id === cityId) &&
            words.some((w) => e.names.some((n) => n.startsWith(w) && w.length >= 3)),
        )
        .slice(0, limit)
        .map((e) => e.place);
    },
    async reverse({ lat, lng, limit }) {
      return known
        .map((e) => ({ e, d: km(e.place, { lat, lng }) }))
        .filter(({ d }) => d <= CITY_RADIUS_KM)
        .sort((a, b) => a.d - b.d)
        .slice(0, limit)
        .map(({ e }) => ({ ...e.place, lat, lng }));
    },
  };
}

/** A place the address search offers (GET /api/geocoder): where to put the map's pin and the form's fields. */
export interface GeoPlace {
  /** What the list shows: the address as the geocoder writes it. */
  name: string;
  lat: number;
  lng: number;
  /** The reference city it lies in, when known (the order form's `city_id`). */
  city_id: string | null;
  country_id: string | null;
  /** The zoom the map takes after choosing it (000: 18 after an address is chosen). */
  zoom: number;
}

/** The geocoder port: the embedded gazetteer, or a Nominatim-compatible server. */
export interface Geocoder {
  name: string;
  search(query: { text: string; cityId: string | null; limit: number }): Promise<GeoPlace[]>;
  reverse(point: { lat: number; lng: number; limit: number }): Promise<GeoPlace[]>;
}

/** 000 §5: an address is searched only once it exceeds 3 characters. */
export const MIN_SEARCH_LENGTH = 4;
export const CHOSEN_ZOOM = 18;

import { gazetteer, referenceCities } from './gazetteer';
import type { Geocoder } from './geocoder-port';
import { nominatim } from './nominatim';

/** `SHOP_GEOCODER_URL` set: that Nominatim-compatible server; unset: the embedded gazetteer. */
export function geocoderFromEnvironment(env: NodeJS.ProcessEnv = process.env): Geocoder {
  const url = env.SHOP_GEOCODER_URL?.trim();
  return url ? nominatim(url, referenceCities()) : gazetteer();
}

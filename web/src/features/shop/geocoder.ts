import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { placesOf, SEARCH_MIN_LENGTH, SEARCH_PAUSE_MS, type GeoPlace } from './geocoder-answer';

export { CHOSEN_ZOOM, DEFAULT_ZOOM, type GeoPlace } from './geocoder-answer';

export async function searchAddress(address: string, cityId: string, signal?: AbortSignal) {
  const answer = await api.get<unknown>('/api/geocoder', {
    query: { address, ...(cityId ? { city_id: cityId } : {}) },
    signal,
  });
  return placesOf(answer);
}

/** From a map click to an address (001 §7: with city_id, raw and limit 1). */
export async function addressAt(lat: number, lng: number, cityId: string): Promise<GeoPlace | null> {
  const answer = await api.get<unknown>('/api/geocoder', {
    query: {
      address: `${lat.toFixed(6)},${lng.toFixed(6)}`,
      lat: lat.toFixed(6),
      lng: lng.toFixed(6),
      raw: 1,
      limit: 1,
      ...(cityId ? { city_id: cityId } : {}),
    },
  });
  return placesOf(answer)[0] ?? null;
}

/**
 * Suggestions for the typed address: asked only after the pause, for more than 3 characters, and not
 * while `paused` (a map click or a choice is being resolved, 000 §5).
 */
export function useAddressSearch(typed: string, cityId: string, paused: boolean) {
  const [settled] = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const ready = !paused && settled.length >= SEARCH_MIN_LENGTH && settled === typed.trim();
  return useQuery({
    queryKey: ['geocoder', cityId, settled],
    queryFn: ({ signal }) => searchAddress(settled, cityId, signal),
    enabled: ready,
    staleTime: 60_000,
    retry: false,
    // A geocoder that is down leaves the field a plain text field: no toast for each pause.
    meta: { errorToast: false },
  });
}

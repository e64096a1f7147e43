import { Alert, Autocomplete, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressAt, CHOSEN_ZOOM, useAddressSearch, type GeoPlace } from '../../geocoder';

const MapPicker = lazy(() => import('./map-picker'));
const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL ?? '').trim();
const ATTRIBUTION = import.meta.env.VITE_MAP_ATTRIBUTION ?? '';
/** Where the map looks before a point is chosen: Almaty, the reference data's default city. */
const DEFAULT_CENTER = { lat: 43.2389, lng: 76.8897 };

export interface AddressValue {
  address: string;
  lat: number | null;
  lng: number | null;
  zoom: number;
}

/**
 * The address with its search and the map picker (000 §2, §5, §9): suggestions from `/api/geocoder`
 * after a 1 s pause once more than 3 characters are typed; choosing one sets the point and zoom 18; a
 * click on the map asks the geocoder what is there. Without a tile server the picker says so and the
 * address is typed as text.
 */
export function AddressField({
  value,
  cityId,
  onChange,
  error,
}: {
  value: AddressValue;
  cityId: string;
  onChange: (value: AddressValue) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  // While a choice or a map click is being resolved the search stays off (000 §5).
  const [resolving, setResolving] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useAddressSearch(value.address, cityId, resolving || chosen === value.address);
  const places = search.data ?? [];
  const choose = (place: GeoPlace) => {
    setChosen(place.label);
    onChange({ address: place.label, lat: place.lat, lng: place.lng, zoom: CHOSEN_ZOOM });
  };
  const pickOnMap = async (lat: number, lng: number) => {
    setResolving(true);
    try {
      const place = await addressAt(lat, lng, cityId).catch(() => null);
      if (place) setChosen(place.label);
      onChange({ address: place?.label ?? value.address, lat, lng, zoom: CHOSEN_ZOOM });
    } finally {
      setResolving(false);
    }
  };
  const point = value.lat !== null && value.lng !== null ? { lat: value.lat, lng: value.lng } : null;
  return (
    <Stack gap="xs">
      <Autocomplete
        label={t('shop.basket.address')}
        description={t('shop.basket.addressHint')}
        required
        disabled={cityId === ''}
        value={value.address}
        data={[...new Set(places.map((p) => p.label))]}
        // Autocomplete filters by what is typed; the geocoder has already chosen what fits.
        filter={({ options }) => options}
        onOptionSubmit={(label) => {
          const place = places.find((p) => p.label === label);
          if (place) choose(place);
        }}
        onChange={(typed) => {
          // A picked option also arrives here as its label: keep its point rather than drop it.
          const place = places.find((p) => p.label === typed);
          if (place) return choose(place);
          setChosen(null);
          onChange({ ...value, address: typed });
        }}
        rightSection={search.isFetching || resolving ? <Loader size="xs" /> : null}
        error={error}
        data-testid="basket-address"
      />
      {TILE_URL ? (
        <Suspense fallback={<div style={{ height: 240 }} />}>
          <MapPicker
            tileUrl={TILE_URL}
            attribution={ATTRIBUTION}
            point={point}
            center={DEFAULT_CENTER}
            zoom={value.zoom}
            onPick={(lat, lng) => void pickOnMap(lat, lng)}
            label={t('shop.basket.map')}
          />
        </Suspense>
      ) : (
        <Alert color="gray" variant="light" data-testid="map-unavailable">
          <Text size="sm">{t('shop.basket.mapUnavailable')}</Text>
        </Alert>
      )}
    </Stack>
  );
}

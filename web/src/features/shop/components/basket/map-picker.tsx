import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

/**
 * The address's map (000 §2 map picker; Leaflet over the configured tile server): shows the point and
 * reports a click. Loaded only when a tile server is configured, so Leaflet stays out of other pages.
 */
export default function MapPicker({
  tileUrl,
  attribution,
  point,
  center,
  zoom,
  onPick,
  label,
}: {
  tileUrl: string;
  attribution: string;
  point: { lat: number; lng: number } | null;
  center: { lat: number; lng: number };
  zoom: number;
  onPick: (lat: number, lng: number) => void;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!box.current) return;
    const created = L.map(box.current, { center: [center.lat, center.lng], zoom });
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current(event.latlng.lat, event.latlng.lng));
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once per tile server; the point and the view follow in the effect below.
  }, [tileUrl]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const target = point ?? center;
    current.setView([target.lat, target.lng], zoom);
    if (!point) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    // A circle marker needs no image files (the default pin's images do not survive bundling).
    if (marker.current) marker.current.setLatLng([point.lat, point.lng]);
    else marker.current = L.circleMarker([point.lat, point.lng], { radius: 8, weight: 3 }).addTo(current);
  }, [point?.lat, point?.lng, center.lat, center.lng, zoom]);

  return (
    <div
      ref={box}
      role="application"
      aria-label={label}
      data-testid="map-picker"
      style={{ height: 240, borderRadius: 8, overflow: 'hidden' }}
    />
  );
}

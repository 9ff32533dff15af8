// The track on tiles from MAP_TILE_URL with Leaflet (loaded only when tiles are configured). Tells its parent
// when the tiles cannot be reached (an error before any tile loaded, or nothing within a few seconds), so the
// plain SVG track takes its place.
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';

const TILE_WAIT_MS = 8000;

export function LeafletMap({
  points,
  tileUrl,
  attribution,
  label,
  onTilesFailed,
}: {
  points: readonly [number, number][];
  tileUrl: string;
  /** Plain text (the server refuses markup in it), shown in Leaflet's attribution corner. */
  attribution: string | null;
  label: string;
  onTilesFailed: () => void;
}) {
  const element = useRef<HTMLDivElement>(null);
  const failed = useRef(onTilesFailed);
  failed.current = onTilesFailed;

  useEffect(() => {
    const host = element.current;
    if (!host || points.length === 0) return;
    const map = L.map(host, { scrollWheelZoom: false, attributionControl: true });
    let loaded = false;
    const give = () => {
      if (!loaded) failed.current();
    };
    const tiles = L.tileLayer(tileUrl, { maxZoom: 18, ...(attribution ? { attribution } : {}) });
    tiles.on('tileload', () => {
      loaded = true;
    });
    tiles.on('tileerror', give);
    tiles.addTo(map);
    const line = L.polyline(
      points.map(([lat, lng]) => L.latLng(lat, lng)),
      { color: '#2563EB', weight: 3 },
    ).addTo(map);
    map.fitBounds(line.getBounds(), { padding: [16, 16] });
    const timer = setTimeout(give, TILE_WAIT_MS);
    return () => {
      clearTimeout(timer);
      map.remove();
    };
  }, [points, tileUrl, attribution]);

  // `isolate`: Leaflet's panes and controls carry z-indexes up to 1000; kept inside the map, they stay under the
  // sticky header and the dialogs.
  return (
    <div ref={element} role="img" aria-label={label} className="isolate h-72 w-full rounded-lg sm:h-96" />
  );
}

// The map of an activity's GPS track (docs/activities.md, "Web"): Leaflet on the configured tiles
// (MAP_TILE_URL, read from /api/v1/client-config), or the plain SVG track when none are set or they fail.
import { lazy, Suspense, useState } from 'react';
import { useClientConfig } from '../../../api/app/client-config.ts';
import { TrackSvg } from './track-svg.tsx';

const LeafletMap = lazy(async () => ({ default: (await import('./leaflet-map.tsx')).LeafletMap }));

export function ActivityMap({ points, label }: { points: readonly [number, number][]; label: string }) {
  const config = useClientConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileUrl = config.data?.map_tile_url ?? null;
  if (points.length < 2)
    return <p className="text-sm text-muted-foreground">This recording has no GPS track.</p>;
  const svg = <TrackSvg points={points} label={label} />;
  if (!tileUrl || tilesFailed || config.isError) {
    return (
      <div>
        {svg}
        {tilesFailed ? (
          <p className="mt-2 text-xs text-muted-foreground">
            The map tiles could not be loaded; showing the track alone.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Suspense fallback={svg}>
      <LeafletMap
        points={points}
        tileUrl={tileUrl}
        attribution={config.data?.map_tile_attribution ?? null}
        label={label}
        onTilesFailed={() => setTilesFailed(true)}
      />
    </Suspense>
  );
}

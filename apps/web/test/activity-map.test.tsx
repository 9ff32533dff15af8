// The activity map in both modes of MAP_TILE_URL (docs/activities.md, "Web"): a tile server configured (the
// server's default is OpenStreetMap's) draws the track with Leaflet on tiles from that URL, credited; `none`
// (the client config answers no tile URL) draws the plain SVG track and loads no tiles.
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActivityMap } from '../src/features/activities/components/activity-map.tsx';
import { makeClientConfig, withClientConfig } from './client-config-fixture.tsx';

const POINTS: [number, number][] = [
  [47.37, 8.54],
  [47.375, 8.545],
  [47.38, 8.55],
  [47.385, 8.56],
];
const LABEL = 'Route of Saturday Ride, 12.3 km';
const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('ActivityMap', () => {
  it('draws the track on the configured tiles, credited, when MAP_TILE_URL names a tile server', async () => {
    const config = {
      ...makeClientConfig(),
      map_tile_url: OSM,
      map_tile_attribution: '© OpenStreetMap contributors',
    };
    const { container } = render(withClientConfig(<ActivityMap points={POINTS} label={LABEL} />, config));
    // Leaflet (a lazy chunk) takes the SVG's place once loaded.
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull());
    // One map: Leaflet's, not the plain SVG track beside it.
    expect(screen.getByRole('img', { name: LABEL })).toHaveClass('leaflet-container');
    expect(container.querySelector('.leaflet-control-attribution')).toHaveTextContent(
      '© OpenStreetMap contributors',
    );
    // The track is drawn, and every tile comes from the configured server.
    expect(container.querySelector('path.leaflet-interactive')).not.toBeNull();
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles)
      expect(tile.src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);
  });

  it("draws the plain track without tiles when MAP_TILE_URL is 'none'", async () => {
    // The server answers no tile URL for `none` (apps/server/src/config.ts, mapTileUrlOf).
    const { container } = render(
      withClientConfig(<ActivityMap points={POINTS} label={LABEL} />, makeClientConfig()),
    );
    const track = await screen.findByRole('img', { name: LABEL });
    expect(track.tagName.toLowerCase()).toBe('svg');
    expect(container.querySelector('.leaflet-container')).toBeNull();
    expect(container.querySelector('img.leaflet-tile')).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});

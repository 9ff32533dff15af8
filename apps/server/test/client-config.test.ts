// GET /api/v1/client-config and MAP_TILE_URL: the web app learns the tile URL without signing in, and pages
// may load tiles from that host (and only then).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapTileUrlOf, parseEnv, tileAttribution } from '../src/config.ts';
import { tileImageSource } from '../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const TILES = 'https://{s}.tile.example.org/{z}/{x}/{y}.png';

let plain: TestApp;
let withTiles: TestApp;
beforeAll(async () => {
  [plain, withTiles] = await Promise.all([
    createTestApp(),
    createTestApp({ mapTileUrl: TILES, mapTileAttribution: 'Tiles © Example Maps' }),
  ]);
});
afterAll(() => Promise.all([plain.close(), withTiles.close()]));

describe('GET /api/v1/client-config', () => {
  it('answers null tiles when MAP_TILE_URL is unset, without a session', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { map_tile_url: null, map_tile_attribution: null } });
  });

  it('answers the configured template', async () => {
    const res = await withTiles.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.json()).toEqual({
      data: { map_tile_url: TILES, map_tile_attribution: 'Tiles © Example Maps' },
    });
  });

  it('lets pages load images from the tile host only when one is configured', async () => {
    const csp = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(await csp(withTiles)).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tile\.example\.org/);
    expect(await csp(plain)).not.toMatch(/tile\.example\.org/);
  });
});

describe('MAP_TILE_URL', () => {
  it('accepts an http(s) template with {z}, {x} and {y}', () => {
    expect(parseEnv({ MAP_TILE_URL: TILES }).MAP_TILE_URL).toBe(TILES);
    expect(parseEnv({}).MAP_TILE_URL).toBeUndefined();
  });

  it("OpenStreetMap's tiles by default, none when it says none", () => {
    expect(mapTileUrlOf(undefined)).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(mapTileUrlOf(parseEnv({ MAP_TILE_URL: 'none' }).MAP_TILE_URL)).toBeNull();
    expect(mapTileUrlOf(TILES)).toBe(TILES);
    expect(tileAttribution(mapTileUrlOf(undefined), undefined)).toBe('© OpenStreetMap contributors');
  });

  it('refuses a template without the tile coordinates or of another scheme', () => {
    expect(() => parseEnv({ MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /\{z\}, \{x\} and \{y\}/,
    );
    expect(() => parseEnv({ MAP_TILE_URL: 'javascript:alert(1)/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('widens a {s} subdomain to a wildcard for the content security policy', () => {
    expect(tileImageSource(TILES)).toBe('https://*.tile.example.org');
    expect(tileImageSource('http://localhost:8080/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
  });
});

describe('MAP_TILE_ATTRIBUTION', () => {
  it('takes plain text and refuses markup', () => {
    expect(parseEnv({ MAP_TILE_ATTRIBUTION: ' Tiles © Example ' }).MAP_TILE_ATTRIBUTION).toBe(
      'Tiles © Example',
    );
    expect(() => parseEnv({ MAP_TILE_ATTRIBUTION: '<img src=x onerror=alert(1)>' })).toThrow(/plain text/);
    expect(() => parseEnv({ MAP_TILE_ATTRIBUTION: 'x'.repeat(201) })).toThrow(/200 characters/);
  });

  it('credits OpenStreetMap for its own tiles when none is set, and nobody else', () => {
    const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(tileAttribution(osm, undefined)).toBe('© OpenStreetMap contributors');
    expect(tileAttribution(osm, 'Mine')).toBe('Mine');
    expect(tileAttribution(TILES, undefined)).toBeNull();
    expect(tileAttribution('https://openstreetmap.org.evil.example/{z}/{x}/{y}.png', undefined)).toBeNull();
    expect(tileAttribution(undefined, undefined)).toBeNull();
  });
});

// GET /api/v1/client-config and MAP_TILE_URL: the web app learns the tile URL without signing in, and pages
// may load tiles from that host (and only then). The operator's words and what is configured come with it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapTileUrlOf, operatorFromEnv, parseEnv, tileAttribution } from '../src/config.ts';
import { tileImageSource } from '../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const TILES = 'https://{s}.tile.example.org/{z}/{x}/{y}.png';

const OPERATOR_ENV = {
  OPERATOR_NAME: 'Riverside Running Club',
  LEGAL_UPDATED: '2026-03-14',
  LEGAL_GOVERNING_LAW: 'the laws of Ireland',
  SUPPORT_EMAIL: 'help@riverside.example',
  SUPPORT_URL: 'https://riverside.example/help',
  COMMUNITY_URL: 'https://forum.riverside.example',
  DOCS_URL: 'https://docs.riverside.example',
  FEEDBACK_URL: 'https://riverside.example/ideas',
};
const NOTHING_CONFIGURED = {
  operator: {
    name: null,
    legal_updated: null,
    governing_law: null,
    support_email: null,
    support_url: null,
    community_url: null,
    docs_url: null,
    feedback_url: null,
  },
  features: { device_providers: [], language_model: false },
};
const provider = { clientId: 'id', clientSecret: 'secret', authorizeUrl: 'https://a.example/auth' };
const endpoints = { tokenUrl: 'https://a.example/token', apiUrl: 'https://a.example/api' };

let plain: TestApp;
let withTiles: TestApp;
let configured: TestApp;
beforeAll(async () => {
  [plain, withTiles, configured] = await Promise.all([
    createTestApp(),
    createTestApp({ mapTileUrl: TILES, mapTileAttribution: 'Tiles © Example Maps' }),
    createTestApp({
      operator: operatorFromEnv(parseEnv(OPERATOR_ENV)),
      // Strava has an id but no secret: athletes could not connect it, so it is not promised.
      devices: {
        tokenKey: randomBytes(32),
        garmin: { ...provider, ...endpoints },
        strava: { ...provider, ...endpoints, clientSecret: undefined },
      },
      llm: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'm', timeoutMs: 1000 },
    }),
  ]);
});
afterAll(() => Promise.all([plain.close(), withTiles.close(), configured.close()]));

describe('GET /api/v1/client-config', () => {
  it('answers null tiles when MAP_TILE_URL is unset, without a session', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { map_tile_url: null, map_tile_attribution: null, ...NOTHING_CONFIGURED },
    });
  });

  it('answers the configured template', async () => {
    const res = await withTiles.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.json()).toEqual({
      data: { map_tile_url: TILES, map_tile_attribution: 'Tiles © Example Maps', ...NOTHING_CONFIGURED },
    });
  });

  it('tells the operator settings, the usable device services and the language model when configured', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      operator: {
        name: 'Riverside Running Club',
        legal_updated: '2026-03-14',
        governing_law: 'the laws of Ireland',
        support_email: 'help@riverside.example',
        support_url: 'https://riverside.example/help',
        community_url: 'https://forum.riverside.example',
        docs_url: 'https://docs.riverside.example',
        feedback_url: 'https://riverside.example/ideas',
      },
      features: { device_providers: ['Garmin Connect'], language_model: true },
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

describe('operator settings', () => {
  it('refuses a malformed date, e-mail, link or marked-up name', () => {
    expect(() => parseEnv({ LEGAL_UPDATED: '14/03/2026' })).toThrow(
      /LEGAL_UPDATED: must be a date as YYYY-MM-DD/,
    );
    expect(() => parseEnv({ LEGAL_UPDATED: '2026-02-30' })).toThrow(/LEGAL_UPDATED/);
    expect(() => parseEnv({ SUPPORT_EMAIL: 'help' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => parseEnv({ COMMUNITY_URL: 'javascript:alert(1)' })).toThrow(/COMMUNITY_URL/);
    expect(() => parseEnv({ OPERATOR_NAME: '<b>Club</b>' })).toThrow(/plain text/);
  });

  it('reads an empty value as unset', () => {
    expect(operatorFromEnv(parseEnv({ SUPPORT_EMAIL: '', OPERATOR_NAME: '' }))).toEqual(
      NOTHING_CONFIGURED.operator,
    );
  });
});

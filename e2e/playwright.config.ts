import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3210);
export const DATA_DIR = '.tmp/e2e-data';
/** The fake Garmin and Strava on loopback (apps/server/test/fake-providers-server.ts), for devices.spec.ts. */
export const FAKE_PROVIDERS_PORT = Number(process.env.E2E_FAKE_PROVIDERS_PORT ?? 3211);
const fakeBase = `http://127.0.0.1:${FAKE_PROVIDERS_PORT}`;

export default defineConfig({
  testDir: './tests',
  // A flow's budget, not a speed check: on two workers a flow of a dozen pages and dialogs (three workouts added
  // and completed, then Analytics and Progress) took 60 s in the clean-clone CI of 2026-11-29 and was cut off at
  // its last assertion with every figure already right (docs/performance.md, "CI time").
  timeout: 120_000,
  // A wait for the page to be ready, not a speed check (the benches time the app): two workers, two Chromiums and
  // the server share two cores, and on a loaded machine a page's reads (/analytics) or the editor's preview
  // overran 10 s (docs/performance.md, "CI time").
  expect: { timeout: 20_000 },
  // Two workers, files side by side (a file's tests in order, on one worker, unless it says otherwise, as
  // accessibility.spec.ts does): each spec signs up its own users and only reads the demo athlete
  // (docs/performance.md, "CI time"). `npm run test:e2e -- --workers=1` runs them one at a time.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx apps/server/test/fake-providers-server.ts',
      cwd: '..',
      url: `${fakeBase}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_PROVIDERS_PORT: String(FAKE_PROVIDERS_PORT) },
    },
    {
      // The real app, built if needed, on an empty data directory (embedded PostgreSQL, mail to the outbox file).
      command: `rm -rf ${DATA_DIR} && node scripts/start.mjs`,
      cwd: '..',
      url: `http://localhost:${PORT}/api/v1/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      // The demo athlete is seeded, as on a first `npm start`: the dashboard flow signs in as it. The flows sign
      // up a dozen users from one address within a minute, past the product's 5 a minute, and two workers sign
      // the demo athlete in at once, against the product's 10 sign-ins a minute for one address.
      // Garmin and Strava point at the fake providers (docs/devices.md, "Tests").
      env: {
        PORT: String(PORT),
        DATA_DIR,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SIGNUP_RATE_LIMIT: '100',
        LOGIN_RATE_LIMIT: '100',
        // No internet here: tracks are drawn without tiles (the default is OpenStreetMap's).
        MAP_TILE_URL: 'none',
        GARMIN_CLIENT_ID: 'stamina-test-client',
        GARMIN_CLIENT_SECRET: 'stamina-test-secret',
        GARMIN_AUTHORIZE_URL: `${fakeBase}/garmin/oauth/authorize`,
        GARMIN_TOKEN_URL: `${fakeBase}/garmin/oauth/token`,
        GARMIN_API_URL: `${fakeBase}/garmin`,
        STRAVA_CLIENT_ID: 'stamina-test-client',
        STRAVA_CLIENT_SECRET: 'stamina-test-secret',
        STRAVA_AUTHORIZE_URL: `${fakeBase}/strava/oauth/authorize`,
        STRAVA_TOKEN_URL: `${fakeBase}/strava/oauth/token`,
        STRAVA_API_URL: `${fakeBase}/strava/api/v3`,
      },
    },
  ],
});

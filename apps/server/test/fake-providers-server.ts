// The fake Garmin and Strava as a process of their own, for the e2e suite (e2e/playwright.config.ts starts it
// before the app, whose GARMIN_* and STRAVA_* settings point here). Its user 'user-1', whom every authorisation
// signs in as, has on Garmin a ride recorded 40 minutes ago and last night's wellness, and on Strava a
// half-hour run from two hours ago (as streams).
import { makeSyntheticRideFit } from '../src/modules/activities/decode/synthetic-ride.ts';
import { startFakeProviders } from './fake-providers.ts';

const port = Number(process.env.FAKE_PROVIDERS_PORT ?? 3211);
const fake = await startFakeProviders(port);
const start = new Date(Date.now() - 40 * 60_000);
const user = fake.user('user-1');
user.activities.push({
  id: 'e2e-ride',
  name: 'Ride',
  start,
  fit: Buffer.from(makeSyntheticRideFit({ seconds: 1800, start })),
});
user.wellness.push({
  calendarDate: start.toISOString().slice(0, 10),
  restingHeartRateInBeatsPerMinute: 50,
  durationInSeconds: 27_000,
  sleepScore: 80,
  lastNightAvg: 60,
});
const runStart = new Date(Date.now() - 2 * 3600_000);
const samples = 1800;
user.activities.push({
  id: '4242',
  name: 'Lunch Run',
  start: runStart,
  sportType: 'Run',
  streams: {
    time: { data: Array.from({ length: samples }, (_, i) => i) },
    distance: { data: Array.from({ length: samples }, (_, i) => i * 3) },
    heartrate: { data: Array.from({ length: samples }, () => 148) },
    latlng: { data: Array.from({ length: samples }, (_, i) => [51.5 + i * 0.000027, -0.1]) },
  },
});
console.info(`fake providers listening on ${fake.base}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}

// Recordings for the demo athlete's completed sessions (docs/activities.md, "Demo athlete"): a 1 Hz session
// synthesised from the workout's steps, as a device would have recorded it, so that the activity pages have
// real streams, laps, zones and best efforts to show. Pure and seeded: the same workout always gives the same
// recording. Each step's zone sets the effort as a fraction of threshold; heart rate follows the effort with a
// lag; rides and runs follow real streets by Lake Zurich (demo-routes.ts), out and back, with rolling terrain.
import type { RecordedLap, RecordedSession, RecordPoint } from '../activities/recording.ts';
import type { Sport, Zone } from '../workouts/types.ts';
import { seededRandom } from './demo-athlete.ts';
import { DEMO_RIDE_ROUTE, DEMO_RUN_ROUTE, measureRoute, positionAlong } from './demo-routes.ts';

export interface DemoStep {
  duration_seconds: number;
  zone: Zone;
  isRest: boolean;
}

export interface DemoRecordingInput {
  sport: DemoSport;
  /** Start, ms since the epoch. */
  startTime: number;
  /** The workout's steps in order; none records 45 minutes in zone 2. */
  steps: readonly DemoStep[];
  seed: number;
}

/**
 * The demo athlete's own thresholds (demo-athlete.ts `demoThresholds`; keep both alike), which the synthesised
 * efforts are fractions of.
 */
export const DEMO_RECORDING_THRESHOLDS = {
  ftpWatts: 265,
  thresholdSpeedMps: 1000 / 250,
  cssSpeedMps: 100 / 100,
  maxHr: 188,
  restingHr: 48,
} as const;

/** Effort as a fraction of threshold per zone (rest is zone 1). */
const ZONE_EFFORT: Record<Zone, number> = { 1: 0.5, 2: 0.68, 3: 0.84, 4: 0.98, 5: 1.12 };
/** The demo athlete records only the sports of its plan. */
export type DemoSport = Extract<Sport, 'run' | 'bike' | 'swim' | 'strength'>;
const DEVICE_SPORT: Record<DemoSport, string> = {
  bike: 'cycling',
  run: 'running',
  swim: 'swimming',
  strength: 'training',
};
/** The routes, measured once. */
const RUN_ROUTE = measureRoute(DEMO_RUN_ROUTE);
const RIDE_ROUTE = measureRoute(DEMO_RIDE_ROUTE);
const LONGEST_SECONDS = 6 * 3600;

export function demoRecordedSession(input: DemoRecordingInput): RecordedSession {
  const random = seededRandom(input.seed);
  const steps =
    input.steps.filter((s) => s.duration_seconds > 0).length > 0
      ? input.steps.filter((s) => s.duration_seconds > 0)
      : [{ duration_seconds: 45 * 60, zone: 2 as Zone, isRest: false }];
  const t = DEMO_RECORDING_THRESHOLDS;
  const records: RecordPoint[] = [];
  const laps: RecordedLap[] = [];
  const gps = input.sport === 'bike' || input.sport === 'run';
  // The terrain's period: a rolling profile of about 12 km (run) or 36 km (ride).
  const loopMeters = input.sport === 'bike' ? 36_000 : 12_000;
  const path = input.sport === 'bike' ? RIDE_ROUTE : RUN_ROUTE;
  let hr = t.restingHr + 30;
  let distance = 0;
  let second = 0;
  for (const step of steps) {
    const lapStart = second;
    const lapDistance = distance;
    const effort = ZONE_EFFORT[step.isRest ? 1 : step.zone];
    const length = Math.min(Math.round(step.duration_seconds), LONGEST_SECONDS - second);
    for (let i = 0; i < length; i++, second++) {
      const noise = 1 + (random() - 0.5) * 0.12;
      const targetHr = t.restingHr + (t.maxHr - t.restingHr) * Math.min(1, 0.35 + effort * 0.58);
      hr += (targetHr - hr) / 30;
      const point: RecordPoint = { time: input.startTime + second * 1000, heartRate: Math.round(hr) };
      let speed = 0;
      if (input.sport === 'bike') {
        const power = Math.max(0, Math.round(t.ftpWatts * effort * noise));
        point.power = power;
        point.cadence = Math.round(84 + effort * 8 + (random() - 0.5) * 6);
        speed = 1.6 * Math.cbrt(Math.max(power, 30));
      } else if (input.sport === 'run') {
        speed = t.thresholdSpeedMps * (0.6 + effort * 0.42) * (1 + (random() - 0.5) * 0.04);
        point.cadence = Math.round(164 + effort * 14 + (random() - 0.5) * 4);
      } else if (input.sport === 'swim') {
        speed = t.cssSpeedMps * (0.75 + effort * 0.25);
      }
      if (speed > 0) {
        distance += speed;
        point.speed = roundTo3(speed);
        point.distance = roundTo3(distance);
      }
      if (gps) {
        const angle = (distance / loopMeters) * 2 * Math.PI;
        const [lat, lng] = positionAlong(path, distance);
        point.lat = roundTo6(lat);
        point.lng = roundTo6(lng);
        point.altitude = roundTo3(420 + 35 * Math.sin(angle * 3) + 12 * Math.sin(angle * 7));
      }
      records.push(point);
    }
    if (length > 0) {
      laps.push({
        startTime: input.startTime + lapStart * 1000,
        elapsedSeconds: length,
        timerSeconds: length,
        ...(distance > lapDistance ? { distance: roundTo3(distance - lapDistance) } : {}),
      });
    }
    if (second >= LONGEST_SECONDS) break;
  }
  return {
    sport: input.sport,
    deviceSport: DEVICE_SPORT[input.sport],
    subSport: 'generic',
    startTime: input.startTime,
    records,
    laps,
    lengths: [],
    pauses: [],
    totals: {
      elapsedSeconds: second,
      timerSeconds: second,
      ...(distance > 0 ? { distance: roundTo3(distance) } : {}),
    },
  };
}

const roundTo3 = (v: number) => Math.round(v * 1000) / 1000;
const roundTo6 = (v: number) => Math.round(v * 1e6) / 1e6;

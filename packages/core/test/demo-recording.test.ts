// The demo athlete's synthesised recordings: one sample a second for the workout's length, laps that tile it,
// efforts that follow the steps' zones, and the same recording for the same seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../src/activities/one-hertz.ts';
import { type DemoSport, type DemoStep, demoRecordedSession } from '../src/demo/demo-recording.ts';
import { DEMO_RIDE_ROUTE, DEMO_RUN_ROUTE } from '../src/demo/demo-routes.ts';
import type { Zone } from '../src/workouts/types.ts';

const step = fc.record({
  duration_seconds: fc.integer({ min: 1, max: 1200 }),
  zone: fc.constantFrom<Zone>(1, 2, 3, 4, 5),
  isRest: fc.boolean(),
});
const sport = fc.constantFrom<DemoSport>('bike', 'run', 'swim', 'strength');
const START = Date.UTC(2026, 3, 1, 7);

describe('demoRecordedSession', () => {
  it('records one sample a second for the sum of the steps, with laps that tile it', () => {
    fc.assert(
      fc.property(sport, fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(), (s, steps, seed) => {
        const session = demoRecordedSession({ sport: s, startTime: START, steps, seed });
        const total = steps.reduce((sum, x) => sum + x.duration_seconds, 0);
        expect(session.records).toHaveLength(total);
        expect(session.records.every((r, i) => r.time === START + i * 1000)).toBe(true);
        expect(session.laps.reduce((sum, lap) => sum + lap.elapsedSeconds, 0)).toBe(total);
        expect(session.totals.elapsedSeconds).toBe(total);
        const distances = session.records.map((r) => r.distance ?? 0);
        expect(distances.every((d, i) => i === 0 || d >= distances[i - 1]!)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('is the same for the same seed', () => {
    const steps: DemoStep[] = [{ duration_seconds: 300, zone: 3, isRest: false }];
    const a = demoRecordedSession({ sport: 'run', startTime: START, steps, seed: 7 });
    const b = demoRecordedSession({ sport: 'run', startTime: START, steps, seed: 7 });
    expect(a).toEqual(b);
  });

  it('rides harder in zone 4 than in zone 1, and heart rate follows', () => {
    const session = demoRecordedSession({
      sport: 'bike',
      startTime: START,
      steps: [
        { duration_seconds: 600, zone: 1, isRest: false },
        { duration_seconds: 600, zone: 4, isRest: false },
      ],
      seed: 1,
    });
    const mean = (from: number, to: number, key: 'power' | 'heartRate') =>
      session.records.slice(from, to).reduce((sum, r) => sum + (r[key] ?? 0), 0) / (to - from);
    expect(mean(600, 1200, 'power')).toBeGreaterThan(mean(0, 600, 'power') * 1.5);
    expect(mean(900, 1200, 'heartRate')).toBeGreaterThan(mean(300, 600, 'heartRate') + 10);
    expect(session.records.every((r) => r.lat !== undefined && r.lng !== undefined)).toBe(true);
  });

  it('records 45 minutes in zone 2 for a workout without steps', () => {
    const session = demoRecordedSession({ sport: 'swim', startTime: START, steps: [], seed: 3 });
    expect(session.records).toHaveLength(45 * 60);
    expect(session.records[0]!.lat).toBeUndefined();
  });

  it('follows the streets of its route (out and back), not a circle: every point within 5 m of the route', () => {
    for (const [sport, line, minutes] of [
      ['run', DEMO_RUN_ROUTE, 75],
      ['bike', DEMO_RIDE_ROUTE, 150],
    ] as const) {
      const session = demoRecordedSession({
        sport,
        startTime: START,
        steps: [{ duration_seconds: minutes * 60, zone: 2, isRest: false }],
        seed: 5,
      });
      const toRoute = (lat: number, lng: number) => {
        // Distance to the nearest segment, on a local flat projection (metres).
        const kx = 111_320 * Math.cos((lat * Math.PI) / 180);
        let best = Number.POSITIVE_INFINITY;
        for (let i = 1; i < line.length; i++) {
          const [ax, ay] = [(line[i - 1]![1] - lng) * kx, (line[i - 1]![0] - lat) * 111_320];
          const [bx, by] = [(line[i]![1] - lng) * kx, (line[i]![0] - lat) * 111_320];
          const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
          const f = len2 > 0 ? Math.max(0, Math.min(1, -(ax * (bx - ax) + ay * (by - ay)) / len2)) : 0;
          best = Math.min(best, Math.hypot(ax + f * (bx - ax), ay + f * (by - ay)));
        }
        return best;
      };
      for (const r of session.records) expect(toRoute(r.lat!, r.lng!)).toBeLessThan(5);
      // It gets to the far end of the route and comes back towards the start.
      const [lat0, lng0] = line[0]!;
      const far = line.at(-1)!;
      const distances = session.records.map((r) => haversineMeters(r.lat!, r.lng!, lat0, lng0));
      const span = haversineMeters(far[0], far[1], lat0, lng0);
      expect(Math.max(...distances)).toBeGreaterThan(span * 0.95);
      expect(distances.at(-1)!).toBeLessThan(Math.max(...distances));
    }
  });
});

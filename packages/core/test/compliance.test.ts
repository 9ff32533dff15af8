// Compliance of a recorded activity against its planned workout (docs/activities.md, "Compliance").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compliance, plannedIntensityFactor, workoutTss } from '../src/index.ts';

/** A planned ride of `minutes` in `zone`, with the TSS the workout service stores for it. */
const plan = (minutes: number, zone: number) => ({
  durationMinutes: minutes,
  tss: workoutTss({ sport: 'bike', duration_minutes: minutes, intensity_zone: zone }),
  intensityZone: zone,
});

/** An activity that did exactly the plan: its duration, its TSS, its IF, all its time in the planned zone. */
function asPlanned(p: ReturnType<typeof plan>) {
  const zones = [0, 0, 0, 0, 0];
  zones[p.intensityZone - 1] = p.durationMinutes * 60;
  return {
    timerSeconds: p.durationMinutes * 60,
    tss: p.tss,
    intensityFactor: plannedIntensityFactor(p),
    sport: 'bike',
    zoneSeconds: { power: zones },
  };
}

describe('compliance', () => {
  it('scores 100 when the session went as planned, in any zone and duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 360 }), fc.integer({ min: 1, max: 5 }), (minutes, zone) => {
        const p = plan(minutes, zone);
        const c = compliance(p, asPlanned(p));
        return (
          c.percent === 100 &&
          c.intensityPercent === 100 &&
          (zone > 3 ? c.zonePercent === null : c.zonePercent === 100)
        );
      }),
    );
  });

  it('stays within 0–100 and never rises as time moves from the planned zone into harder zones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 240 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (minutes, zone, a, b) => {
          const p = plan(minutes, zone);
          const [less, more] = a < b ? [a, b] : [b, a];
          const moved = (share: number) => {
            const done = asPlanned(p);
            const seconds = minutes * 60;
            const zones = [0, 0, 0, 0, 0];
            zones[zone - 1] = seconds * (1 - share);
            zones[4] = seconds * share;
            // IF from the zone mix, weighted as the plan's zone IFs are (zone 5: 1.15).
            const zoneIf = [0.55, 0.75, 0.85, 0.95, 1.15];
            const intensity = zoneIf[zone - 1]! * (1 - share) + 1.15 * share;
            const tss = (seconds / 3600) * intensity ** 2 * 100;
            return compliance(p, { ...done, tss, intensityFactor: intensity, zoneSeconds: { power: zones } });
          };
          const x = moved(less);
          const y = moved(more);
          return x.percent >= 0 && x.percent <= 100 && y.percent <= x.percent;
        },
      ),
    );
  });

  it('marks a zone-2 hour done mostly in zones 4–5 as far from the plan, each part showing why', () => {
    const p = plan(60, 2);
    const c = compliance(p, {
      timerSeconds: 3600,
      tss: 92,
      intensityFactor: 0.96,
      sport: 'bike',
      zoneSeconds: { power: [300, 500, 600, 1500, 700], hr: [3600, 0, 0, 0, 0] },
    });
    // Duration alone is 100 %, and the old mean of duration and TSS read 132 %.
    expect(c.durationPercent).toBe(100);
    expect(c.tssPercent).toBe(163);
    expect(c.intensityPercent).toBe(128);
    // Power, not heart rate, measures a ride: 800 of 3600 s at or below zone 2.
    expect(c.zonePercent).toBe(22);
    expect(c.percent).toBe(Math.round((100 + 37 + 72 + 22) / 4));
  });

  it('leaves out what cannot be compared, and scores 100 when nothing can', () => {
    expect(compliance({ durationMinutes: null, tss: null }, { timerSeconds: 600, tss: null })).toEqual({
      durationPercent: null,
      tssPercent: null,
      intensityPercent: null,
      zonePercent: null,
      percent: 100,
    });
    // A run's intensity is its pace zones; without any zone seconds, no zone part.
    const p = plan(40, 2);
    expect(
      compliance(p, { timerSeconds: 2400, tss: p.tss, sport: 'run', zoneSeconds: {} }).zonePercent,
    ).toBeNull();
  });
});

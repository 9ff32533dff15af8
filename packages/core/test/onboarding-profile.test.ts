// The training profile the onboarding job estimates from the last 12 weeks (docs/onboarding.md, "The training
// profile"): examples, then properties over generated harvests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  estimateTrainingProfile,
  type ProfileHarvest,
  planProfileOf,
  profileWindowStart,
  restLoad,
} from '../src/index.ts';

const TODAY = '2026-11-26';
const NO_THRESHOLDS = {
  ftp_watts: null,
  threshold_pace_seconds_per_km: null,
  css_seconds_per_100m: null,
  max_hr: null,
  lthr: null,
};
const empty: ProfileHarvest = {
  today: TODAY,
  days: [],
  latest_load: null,
  sessions: [],
  thresholds: NO_THRESHOLDS,
  wellness: [],
};
const day = (date: string, minutes: Partial<Record<'run' | 'bike' | 'swim' | 'strength', number>>) => ({
  date,
  tss: 50,
  sessions: 1,
  run_minutes: minutes.run ?? 0,
  bike_minutes: minutes.bike ?? 0,
  swim_minutes: minutes.swim ?? 0,
  strength_minutes: minutes.strength ?? 0,
});

describe('estimateTrainingProfile', () => {
  it('reads nothing as a blank profile over the 12-week window', () => {
    const profile = estimateTrainingProfile(empty);
    expect(profile.ctl).toBe(0);
    expect(profile.weekly_hours).toBe(0);
    expect(profile.longest_session_minutes).toEqual({ run: 0, bike: 0, swim: 0 });
    expect(profile.data).toMatchObject({
      from: '2026-09-04',
      to: TODAY,
      training_days: 0,
      hrv_average: null,
    });
  });

  it('rests the latest CTL down to today', () => {
    const profile = estimateTrainingProfile({
      ...empty,
      latest_load: { date: addDays(TODAY, -10), ctl: 60, atl: 40 },
    });
    expect(profile.ctl).toBeCloseTo(restLoad({ ctl: 60, atl: 40 }, 10).ctl, 1);
    expect(profile.ctl).toBeLessThan(60);
  });

  it('averages hours over the weeks since the first training day in the window', () => {
    // 4 weeks of data: 6 hours in the first week only, so 1.5 h a week on average.
    const first = addDays(TODAY, -27);
    const profile = estimateTrainingProfile({
      ...empty,
      days: [day(first, { run: 120, bike: 180 }), day(addDays(first, 2), { swim: 60 })],
    });
    expect(profile.weekly_hours).toBe(1.5);
    expect(profile.data.training_days).toBe(2);
  });

  it('takes the longest session per sport from activities and completed workouts, and ignores days outside', () => {
    const profile = estimateTrainingProfile({
      ...empty,
      sessions: [
        { date: addDays(TODAY, -3), sport: 'run', minutes: 95.4, source: 'activity' },
        { date: addDays(TODAY, -5), sport: 'run', minutes: 60, source: 'workout' },
        { date: addDays(TODAY, -5), sport: 'bike', minutes: 150, source: 'workout' },
        { date: addDays(TODAY, -100), sport: 'swim', minutes: 90, source: 'activity' },
        { date: addDays(TODAY, -1), sport: 'strength', minutes: 45, source: 'workout' },
      ],
    });
    expect(profile.longest_session_minutes).toEqual({ run: 95, bike: 150, swim: 0 });
    expect(profile.data.activities).toBe(1);
    expect(profile.data.completed_workouts).toBe(3);
  });

  it('averages wellness over the days holding each value, and keeps only real thresholds', () => {
    const profile = estimateTrainingProfile({
      ...empty,
      thresholds: { ...NO_THRESHOLDS, ftp_watts: 250, max_hr: 0 },
      wellness: [
        { date: addDays(TODAY, -1), hrv: 50, resting_hr: null, sleep_hours: 7 },
        { date: addDays(TODAY, -2), hrv: 61, resting_hr: 48, sleep_hours: null },
        { date: addDays(TODAY, -3), hrv: null, resting_hr: null, sleep_hours: null },
      ],
    });
    expect(profile.data).toMatchObject({
      wellness_days: 2,
      hrv_average: 55.5,
      resting_hr_average: 48,
      sleep_hours_average: 7,
    });
    expect(profile.thresholds.ftp_watts).toBe(250);
    expect(profile.thresholds.max_hr).toBeNull();
    expect(planProfileOf(profile).thresholds).toEqual({ ftpWatts: 250 });
  });
});

const offset = fc.integer({ min: -120, max: 10 });
const minutes = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 400, noNaN: true }));
const harvestArb: fc.Arbitrary<ProfileHarvest> = fc.record({
  today: fc.constant(TODAY),
  days: fc.array(
    fc.record({
      date: offset.map((o) => addDays(TODAY, o)),
      tss: fc.double({ min: 0, max: 400, noNaN: true }),
      sessions: fc.integer({ min: 0, max: 4 }),
      run_minutes: minutes,
      bike_minutes: minutes,
      swim_minutes: minutes,
      strength_minutes: minutes,
    }),
    { maxLength: 60 },
  ),
  latest_load: fc.option(
    fc.record({
      date: offset.map((o) => addDays(TODAY, o)),
      ctl: fc.double({ min: 0, max: 200, noNaN: true }),
      atl: fc.double({ min: 0, max: 250, noNaN: true }),
    }),
  ),
  sessions: fc.array(
    fc.record({
      date: offset.map((o) => addDays(TODAY, o)),
      sport: fc.constantFrom('run', 'bike', 'swim', 'strength', 'brick', 'other'),
      minutes: fc.double({ min: 0, max: 900, noNaN: true }),
      source: fc.constantFrom('activity' as const, 'workout' as const),
    }),
    { maxLength: 40 },
  ),
  thresholds: fc.record({
    ftp_watts: fc.option(fc.integer({ min: 0, max: 500 })),
    threshold_pace_seconds_per_km: fc.option(fc.integer({ min: 0, max: 600 })),
    css_seconds_per_100m: fc.option(fc.integer({ min: 0, max: 200 })),
    max_hr: fc.option(fc.integer({ min: 0, max: 220 })),
    lthr: fc.option(fc.integer({ min: 0, max: 200 })),
  }),
  wellness: fc.array(
    fc.record({
      date: offset.map((o) => addDays(TODAY, o)),
      hrv: fc.option(fc.double({ min: 1, max: 200, noNaN: true })),
      resting_hr: fc.option(fc.integer({ min: 30, max: 90 })),
      sleep_hours: fc.option(fc.double({ min: 1, max: 12, noNaN: true })),
    }),
    { maxLength: 30 },
  ),
});

describe('estimateTrainingProfile properties', () => {
  it('never trains more hours a week than the window holds, and never less than the 12-week average', () => {
    fc.assert(
      fc.property(harvestArb, (h) => {
        const p = estimateTrainingProfile(h);
        const from = profileWindowStart(TODAY);
        const total = h.days
          .filter((d) => d.date >= from && d.date <= TODAY)
          .reduce((s, d) => s + d.run_minutes + d.bike_minutes + d.swim_minutes + d.strength_minutes, 0);
        expect(p.weekly_hours).toBeGreaterThanOrEqual(0);
        // At least one week: never more than the window's total.
        expect(p.weekly_hours).toBeLessThanOrEqual(total / 60 + 0.05);
        // At most 12 weeks: never less than the total over the whole window.
        expect(p.weekly_hours).toBeGreaterThanOrEqual(total / 60 / 12 - 0.05);
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('has a CTL no higher than the latest stored one, and 0 without one', () => {
    fc.assert(
      fc.property(harvestArb, (h) => {
        const p = estimateTrainingProfile(h);
        if (!h.latest_load || h.latest_load.date > TODAY) expect(p.ctl).toBe(0);
        else expect(p.ctl).toBeLessThanOrEqual(h.latest_load.ctl + 0.05);
        expect(p.ctl).toBeGreaterThanOrEqual(0);
      }),
      { seed: 14, numRuns: 300 },
    );
  });

  it('finds each longest session among the window sessions of its sport', () => {
    fc.assert(
      fc.property(harvestArb, (h) => {
        const p = estimateTrainingProfile(h);
        const from = profileWindowStart(TODAY);
        for (const sport of ['run', 'bike', 'swim'] as const) {
          const own = h.sessions.filter((s) => s.sport === sport && s.date >= from && s.date <= TODAY);
          const max = Math.max(0, ...own.map((s) => Math.round(s.minutes)));
          expect(p.longest_session_minutes[sport]).toBe(max);
        }
        const counted = h.sessions.filter((s) => s.date >= from && s.date <= TODAY).length;
        expect(p.data.activities + p.data.completed_workouts).toBe(counted);
      }),
      { seed: 15, numRuns: 300 },
    );
  });

  it('keeps wellness averages inside the values read, and the plan profile carries the same numbers', () => {
    fc.assert(
      fc.property(harvestArb, (h) => {
        const p = estimateTrainingProfile(h);
        const from = profileWindowStart(TODAY);
        const hrvs = h.wellness
          .filter((w) => w.date >= from && w.date <= TODAY && w.hrv !== null)
          .map((w) => w.hrv!);
        if (hrvs.length === 0) expect(p.data.hrv_average).toBeNull();
        else {
          expect(p.data.hrv_average!).toBeGreaterThanOrEqual(Math.min(...hrvs) - 0.05);
          expect(p.data.hrv_average!).toBeLessThanOrEqual(Math.max(...hrvs) + 0.05);
        }
        const plan = planProfileOf(p);
        expect(plan.ctl).toBe(p.ctl);
        expect(plan.weeklyHours).toBe(p.weekly_hours);
        for (const value of Object.values(plan.thresholds ?? {})) expect(value).toBeGreaterThan(0);
      }),
      { seed: 16, numRuns: 300 },
    );
  });
});

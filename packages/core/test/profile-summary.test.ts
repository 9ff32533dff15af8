// The profile page's figures (docs/profile.md): This Year's source, and personal records from activities'
// best efforts or, before any, from completed continuous runs of the distance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personalRecords, RECORD_DISTANCES, thisYearFigures } from '../src/index.ts';

const none = { sessions: 0, seconds: 0, distanceMeters: 0 };

describe('This Year', () => {
  it('counts activities when the year has any, never adding the workouts', () => {
    expect(
      thisYearFigures(
        { sessions: 3, seconds: 5400.4, distanceMeters: 30000.6 },
        { sessions: 9, seconds: 1, distanceMeters: 1 },
      ),
    ).toEqual({ source: 'activities', workouts: 3, total_seconds: 5400, distance_meters: 30001 });
  });

  it('falls back to completed workouts, then to nothing', () => {
    expect(thisYearFigures(none, { sessions: 2, seconds: 3600, distanceMeters: 0 })).toEqual({
      source: 'workouts',
      workouts: 2,
      total_seconds: 3600,
      distance_meters: 0,
    });
    expect(thisYearFigures(none, none)).toEqual({
      source: 'none',
      workouts: 0,
      total_seconds: 0,
      distance_meters: 0,
    });
  });

  it('never answers a negative or fractional figure', () => {
    const totals = fc.record({
      sessions: fc.integer({ min: 0, max: 1000 }),
      seconds: fc.double({ min: 0, max: 1e7, noNaN: true }),
      distanceMeters: fc.double({ min: 0, max: 1e8, noNaN: true }),
    });
    fc.assert(
      fc.property(totals, totals, (a, w) => {
        const out = thisYearFigures(a, w);
        for (const v of [out.workouts, out.total_seconds, out.distance_meters]) {
          expect(Number.isInteger(v) && v >= 0).toBe(true);
        }
        expect(out.source === 'none').toBe(a.sessions === 0 && w.sessions === 0);
      }),
    );
  });
});

describe('Personal Records', () => {
  it('takes the fastest best effort per distance from activities, labelled by source', () => {
    const out = personalRecords(
      [
        { activityId: 'a1', date: '2026-03-01', pace: { '5km': 1500, '10km': 3200 } },
        { activityId: 'a2', date: '2026-04-01', pace: { '5km': 1450.4, '1km': 250 } },
      ],
      [{ date: '2026-01-01', durationMinutes: 20, distanceMeters: 5000 }],
    );
    expect(out.source).toBe('activities');
    expect(out.records).toEqual([
      {
        key: '5k',
        label: '5K',
        distance_meters: 5000,
        duration_seconds: 1450,
        date: '2026-04-01',
        source: 'activity',
        activity_id: 'a2',
      },
      {
        key: '10k',
        label: '10K',
        distance_meters: 10000,
        duration_seconds: 3200,
        date: '2026-03-01',
        source: 'activity',
        activity_id: 'a1',
      },
    ]);
  });

  it('before any activity best effort, uses completed runs within 1% of the distance', () => {
    const out = personalRecords(
      [{ activityId: 'bike', date: '2026-03-01', pace: {} }],
      [
        { date: '2026-02-01', durationMinutes: 25, distanceMeters: 5000 },
        { date: '2026-02-08', durationMinutes: 24, distanceMeters: 5040 },
        { date: '2026-02-09', durationMinutes: 10, distanceMeters: 4000 },
        { date: '2026-03-01', durationMinutes: 105, distanceMeters: 21100 },
        { date: '2026-03-02', durationMinutes: null, distanceMeters: 10000 },
      ],
    );
    expect(out.source).toBe('workouts');
    expect(out.records.map((r) => [r.label, r.duration_seconds, r.date, r.source])).toEqual([
      ['5K', 1440, '2026-02-08', 'workout'],
      ['Half Marathon', 6300, '2026-03-01', 'workout'],
    ]);
  });

  it('with nothing to go on: no records, source none', () => {
    expect(personalRecords([], [])).toEqual({ source: 'none', records: [] });
  });

  it('a record is never slower than any qualifying run, and distances stay in order', () => {
    const run = fc.record({
      date: fc.constantFrom('2026-01-01', '2026-02-01', '2026-03-01'),
      durationMinutes: fc.integer({ min: 10, max: 400 }),
      distanceMeters: fc.constantFrom(5000, 10000, 21097.5, 42195, 7000),
    });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 20 }), (runs) => {
        const { records } = personalRecords([], runs);
        for (const r of records) {
          const same = runs.filter((x) => Math.abs(x.distanceMeters - r.distance_meters) < 1);
          expect(same.every((x) => x.durationMinutes * 60 >= r.duration_seconds)).toBe(true);
        }
        const order = RECORD_DISTANCES.map((d) => d.key);
        const keys = records.map((r) => order.indexOf(r.key));
        expect([...keys].sort((a, b) => a - b)).toEqual(keys);
      }),
    );
  });
});

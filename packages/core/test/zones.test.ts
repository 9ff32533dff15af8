import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveZoneTable,
  deriveZoneTables,
  entriesInForce,
  heartRateZoneTable,
  paceZoneTable,
  parseWorkout,
  powerZoneTable,
  resolveThresholds,
  type ThresholdEntry,
  thresholdsInForce,
  validateZoneTable,
  type ZoneRange,
} from '../src/index.ts';
import {
  zoneFromBpm,
  zoneFromSpeedPercent,
  zoneFromThresholdPercent,
} from '../src/workouts/parser/intensity.ts';

const zoneOfTable = (zones: readonly ZoneRange[], value: number) =>
  zones.find((z) => value >= z.min && value <= z.max)?.zone;

describe('derived zone tables', () => {
  it('power: Coggan from FTP, valid, and each watt in the zone the parser gives it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 3000 }), fc.nat(4500), (ftp, watts) => {
        const zones = powerZoneTable(ftp);
        expect(validateZoneTable('power', zones)).toBeNull();
        expect(zones[0]!.min).toBe(0);
        const w = watts % (zones[4]!.max + 1);
        expect(zoneOfTable(zones, w)).toBe(zoneFromThresholdPercent((w / ftp) * 100));
      }),
    );
  });

  it('power at FTP 265: the parser bands in watts', () => {
    expect(powerZoneTable(265).map((z) => [z.min, z.max])).toEqual([
      [0, 147],
      [148, 200],
      [201, 231],
      [232, 279],
      [280, 398],
    ]);
    expect(powerZoneTable(265, 900)[4]!.max).toBe(900);
  });

  it('heart rate: Friel with LTHR, Karvonen with resting HR, else % of max; always valid and consistent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 120, max: 230 }),
        fc.option(fc.integer({ min: 30, max: 90 }), { nil: undefined }),
        fc.option(fc.integer({ min: 100, max: 220 }), { nil: undefined }),
        fc.nat(300),
        (maxHr, restingHr, lthr, bpm) => {
          const t = resolveThresholds({ maxHr, restingHr, lthr });
          const { method, zones } = heartRateZoneTable(t);
          expect(method).toBe(lthr !== undefined ? 'friel' : restingHr !== undefined ? 'karvonen' : 'max_hr');
          expect(validateZoneTable('hr', zones)).toBeNull();
          if (bpm >= zones[0]!.min && bpm <= zones[4]!.max)
            expect(zoneOfTable(zones, bpm)).toBe(zoneFromBpm(bpm, t));
        },
      ),
    );
  });

  it('Karvonen zones use the heart-rate reserve', () => {
    const { zones } = heartRateZoneTable(resolveThresholds({ maxHr: 188, restingHr: 48 }));
    // Zone 2 starts at 60 % of the reserve: 48 + 0.6 × 140 = 132.
    expect(zones[1]!.min).toBe(132);
    expect(zones[4]).toMatchObject({ min: 174, max: 188 });
  });

  it('pace: from threshold pace or CSS, slow to fast, consistent with the parser', () => {
    fc.assert(
      fc.property(fc.integer({ min: 40, max: 1800 }), fc.nat(3000), (threshold, seconds) => {
        const zones = paceZoneTable(threshold);
        expect(validateZoneTable('pace', zones)).toBeNull();
        expect(zones[0]!.max).toBeGreaterThan(zones[4]!.min);
        if (seconds >= zones[4]!.min && seconds <= zones[0]!.max)
          expect(zoneOfTable(zones, seconds)).toBe(zoneFromSpeedPercent((threshold / seconds) * 100));
      }),
    );
  });

  it('a 4:10/km runner reads 4:30/km as zone 3', () => {
    const zones = paceZoneTable(250);
    expect(zoneOfTable(zones, 270)).toBe(3);
    const parsed = parseWorkout('Tempo: 15min WU, 20min @ 4:30/km, 10min CD', {
      sport: 'run',
      thresholds: { thresholdPaceSecondsPerKm: 250 },
    });
    expect(parsed.main_intervals[0]!.zone).toBe(3);
  });

  it('marks tables from defaults and names the method', () => {
    const none = deriveZoneTables([], '2026-01-01');
    expect(none).toHaveLength(6);
    expect(none.every((t) => t.fromDefaults)).toBe(true);
    const history: ThresholdEntry[] = [
      { sport: 'cycling', effectiveFrom: '2026-01-01', ftpWatts: 300, lthr: 165 },
    ];
    const power = deriveZoneTable(history, '2026-02-01', 'cycling', 'power');
    expect(power).toMatchObject({ method: 'coggan', fromDefaults: false, unit: 'watts' });
    expect(deriveZoneTable(history, '2026-02-01', 'cycling', 'hr')).toMatchObject({
      method: 'friel',
      fromDefaults: false,
    });
    expect(deriveZoneTable(history, '2026-02-01', 'swimming', 'pace')).toMatchObject({
      method: 'css',
      unit: 'sec_per_100m',
      fromDefaults: true,
    });
  });
});

describe('validateZoneTable', () => {
  const good: ZoneRange[] = [
    { zone: 1, min: 100, max: 130 },
    { zone: 2, min: 131, max: 145 },
    { zone: 3, min: 146, max: 155 },
    { zone: 4, min: 156, max: 168 },
    { zone: 5, min: 169, max: 190 },
  ];

  it('accepts a rising table and names the zone that overlaps', () => {
    expect(validateZoneTable('hr', good)).toBeNull();
    const bad = good.map((z) => (z.zone === 3 ? { ...z, min: 140 } : z));
    expect(validateZoneTable('hr', bad)).toMatchObject({ zone: 3 });
    expect(validateZoneTable('hr', bad)!.message).toContain('Zone 3 overlaps zone 2');
  });

  it('refuses fractions, min above max, and zones out of order', () => {
    expect(
      validateZoneTable(
        'power',
        good.map((z) => (z.zone === 2 ? { ...z, max: 140.5 } : z)),
      ),
    ).toMatchObject({
      zone: 2,
    });
    expect(
      validateZoneTable(
        'power',
        good.map((z) => (z.zone === 4 ? { ...z, min: 170 } : z)),
      ),
    ).toMatchObject({
      zone: 4,
    });
    expect(validateZoneTable('power', [good[1]!, good[0]!, ...good.slice(2)])).toMatchObject({ zone: 1 });
  });

  it('pace tables run from slow to fast', () => {
    const pace = paceZoneTable(300);
    expect(validateZoneTable('pace', pace)).toBeNull();
    expect(validateZoneTable('power', pace)).toMatchObject({ zone: 2 });
    expect(validateZoneTable('pace', good)).toMatchObject({ zone: 2 });
  });

  it('finds the first zone of any shuffled table wrong, never a well-formed one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }),
        fc.integer({ min: 1, max: 4 }),
        (steps, broken) => {
          let at = 0;
          const zones = [1, 2, 3, 4, 5].map((zone, i) => {
            const min = at + steps[2 * i]!;
            const max = min + steps[2 * i + 1]!;
            at = max;
            return { zone, min, max };
          });
          expect(validateZoneTable('power', zones)).toBeNull();
          const overlapped = zones.map((z) =>
            z.zone === broken + 1 ? { ...z, min: zones[broken - 1]!.max } : z,
          );
          expect(validateZoneTable('power', overlapped)?.zone).toBe(broken + 1);
        },
      ),
    );
  });
});

describe('thresholds in force on a day', () => {
  const history: ThresholdEntry[] = [
    { sport: 'cycling', effectiveFrom: '2026-03-01', ftpWatts: 280 },
    { sport: 'cycling', effectiveFrom: '2026-01-01', ftpWatts: 250 },
    { sport: 'running', effectiveFrom: '2026-02-01', thresholdPaceSecondsPerKm: 250, maxHr: 188 },
    { sport: 'cycling', effectiveFrom: '2026-01-01', ftpWatts: 250, maxHr: 180 },
  ];

  it('takes the latest entry on or before the day, and the earliest before any', () => {
    expect(thresholdsInForce(history, '2026-03-01', 'bike').ftpWatts).toBe(280);
    expect(thresholdsInForce(history, '2026-02-28', 'bike').ftpWatts).toBe(250);
    expect(thresholdsInForce(history, '2025-06-01', 'bike').ftpWatts).toBe(250);
    expect(thresholdsInForce(history, '2025-06-01', 'run').thresholdPaceSecondsPerKm).toBe(250);
  });

  it("uses the workout's own sport for heart rate", () => {
    expect(thresholdsInForce(history, '2026-02-15', 'run').maxHr).toBe(188);
    expect(thresholdsInForce(history, '2026-02-15', 'swim').maxHr).toBeUndefined();
  });

  it('agrees with the rule written out, for any history and day', () => {
    const day = fc
      .integer({ min: 0, max: 60 })
      .map((d) => `2026-01-${String(1 + (d % 28)).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.array(fc.record({ effectiveFrom: day, ftpWatts: fc.integer({ min: 100, max: 400 }) }), {
          maxLength: 8,
        }),
        day,
        (entries, on) => {
          const rows = entries.map((e) => ({ ...e, sport: 'cycling' as const }));
          const got = entriesInForce(rows, on).cycling;
          const before = rows.filter((r) => r.effectiveFrom <= on).map((r) => r.effectiveFrom);
          const expected =
            before.length > 0 ? before.sort().at(-1) : rows.map((r) => r.effectiveFrom).sort()[0];
          expect(got?.effectiveFrom).toBe(expected);
        },
      ),
    );
  });
});

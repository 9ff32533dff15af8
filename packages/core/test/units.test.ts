import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  formatHeight,
  formatPace,
  formatRaceDistance,
  formatWeight,
  kgFromUnits,
  metersFromUnits,
  paceFromUnits,
  paceInUnits,
  weightInUnits,
  withImperialFigures,
} from '../src/index.ts';

describe('units (docs/units.md)', () => {
  it('shows the same figure in metric and imperial', () => {
    expect(formatDistance(42195, 'metric')).toBe('42.20 km');
    expect(formatDistance(42195, 'imperial')).toBe('26.22 mi');
    expect(formatPace(270, 'metric')).toBe('4:30 /km');
    expect(formatPace(270, 'imperial')).toBe('7:15 /mi');
    expect(formatHeight(245, 'imperial')).toBe('804 ft');
    expect(formatWeight(70, 'imperial')).toBe('154.3 lb');
    expect(formatWeight(70, 'metric')).toBe('70 kg');
  });

  it("names a race's distance in metres under a kilometre, else km or miles to a tenth", () => {
    expect(formatRaceDistance(800, 'imperial')).toBe('800 m');
    expect(formatRaceDistance(30_000, 'metric')).toBe('30 km');
    expect(formatRaceDistance(42_195, 'metric')).toBe('42.2 km');
    expect(formatRaceDistance(80_467, 'imperial')).toBe('50 mi');
    expect(formatRaceDistance(30_000, 'imperial')).toBe('18.6 mi');
  });

  it('converts there and back to the same stored figure', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 1e6, noNaN: true }),
        fc.constantFrom('metric', 'imperial'),
        (v, u) => {
          const units = u as 'metric' | 'imperial';
          expect(metersFromUnits(v / (units === 'imperial' ? 1609.344 : 1000), units)).toBeCloseTo(v, 6);
          expect(paceFromUnits(paceInUnits(v, units), units)).toBeCloseTo(v, 6);
          expect(kgFromUnits(weightInUnits(v, units), units)).toBeCloseTo(v, 6);
        },
      ),
    );
  });

  it('a pace per mile is slower in seconds than the same pace per km', () => {
    fc.assert(
      fc.property(fc.integer({ min: 120, max: 1200 }), (perKm) => {
        expect(paceInUnits(perKm, 'imperial')).toBeGreaterThan(perKm);
      }),
    );
  });

  it('adds the imperial figures to a metric text, and leaves it alone in metric', () => {
    const text = 'WU 10min, 2x 3km @ 4:30/km, 45 km/h spin';
    expect(withImperialFigures(text, 'metric')).toBe(text);
    expect(withImperialFigures(text, 'imperial')).toBe(
      'WU 10min, 2x 3km (1.9 mi) @ 4:30/km (7:15/mi), 45 km/h spin',
    );
  });

  it('leaves a text written in miles alone, and adds no second bracket to a text shown twice', () => {
    const miles = 'WU 15min @ 8:11-8:43/mi, 3x 10min @ 7:08/mi w/ 1min jog, 13.1mi @ 7:15/mi, 56mi @ 200W';
    expect(withImperialFigures(miles, 'imperial')).toBe(miles);
    const once = withImperialFigures('2x 3km @ 4:30/km', 'imperial');
    expect(withImperialFigures(once, 'imperial')).toBe(once);
  });
});

// The library as a whole (docs/workout-bank.md, "The library"): every template parses without warnings, there
// are at least 300 across the six disciplines, names and slugs are unique, and fields stay in their ranges.
import { parseWorkout, TRAINING_PHASES } from '@stamina/core';
import { describe, expect, it } from 'vitest';
import { deriveFields, LIBRARY } from '../src/modules/workout-bank/library/index.ts';

describe('the Workout Bank library', () => {
  it('holds at least 300 templates in all six disciplines', () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(300);
    const disciplines = new Set(LIBRARY.map((t) => t.discipline));
    expect([...disciplines].sort()).toEqual(['bike', 'brick', 'recovery', 'run', 'strength', 'swim']);
    for (const d of disciplines)
      expect(LIBRARY.filter((t) => t.discipline === d).length).toBeGreaterThanOrEqual(25);
  });

  it('parses every structure without a warning', () => {
    const failures = LIBRARY.flatMap((t) => {
      const parsed = parseWorkout(t.structure, { sport: t.sport });
      return parsed.warnings.length || parsed.total_duration_estimated === 0
        ? [`${t.slug}: ${parsed.warnings.map((w) => w.text).join(', ')}`]
        : [];
    });
    expect(failures).toEqual([]);
  });

  it('has unique names and slugs', () => {
    expect(new Set(LIBRARY.map((t) => t.slug)).size).toBe(LIBRARY.length);
    expect(new Set(LIBRARY.map((t) => t.name.toLowerCase())).size).toBe(LIBRARY.length);
  });

  it('describes each template fully, with known phases and a difficulty of 1-5', () => {
    for (const t of LIBRARY) {
      expect(t.name && t.description && t.key_focus, t.slug).toBeTruthy();
      expect(t.difficulty).toBeGreaterThanOrEqual(1);
      expect(t.difficulty).toBeLessThanOrEqual(5);
      expect(t.tags.length, t.slug).toBeGreaterThan(0);
      expect(t.phases.length, t.slug).toBeGreaterThan(0);
      for (const p of t.phases) expect(TRAINING_PHASES).toContain(p);
      expect(t.weather.length, t.slug).toBeGreaterThan(0);
    }
    // Every phase and every difficulty level is covered.
    for (const p of TRAINING_PHASES)
      expect(
        LIBRARY.some((t) => t.phases.includes(p)),
        p,
      ).toBe(true);
    for (const d of [1, 2, 3, 4, 5]) expect(LIBRARY.some((t) => t.difficulty === d)).toBe(true);
  });

  it('spans sessions from about 20 minutes to 5 hours, with zones that sum to 100', () => {
    const durations = LIBRARY.map((t) => deriveFields(t.structure, t.sport, t.discipline));
    const minutes = durations.map((d) => d.estimatedDurationMinutes);
    expect(Math.min(...minutes)).toBeLessThanOrEqual(20);
    expect(Math.max(...minutes)).toBeGreaterThanOrEqual(270);
    expect(Math.max(...minutes)).toBeLessThanOrEqual(300);
    for (const d of durations) {
      const sum =
        d.zone1Percentage + d.zone2Percentage + d.zone3Percentage + d.zone4Percentage + d.zone5Percentage;
      expect(sum).toBeCloseTo(100, 0);
      expect(d.estimatedTss).toBeGreaterThan(0);
    }
    // All four intensity levels occur.
    expect(new Set(durations.map((d) => d.intensity)).size).toBe(4);
  });
});

// Running TSS on real recordings (docs/training-load.md, "Grade model"): a GPS-only watch's altitude noise must
// not inflate the score of a hilly run, while a real climb still counts. The thresholds are the defaults
// (threshold pace 5:00/km), as for a new athlete.
import { computeActivityFigures, runningTss } from '@stamina/core';
import { describe, expect, it } from 'vitest';
import { decodeActivityFile } from '../src/modules/activities/decode/index.ts';
import { activityFixture } from './activity-fixtures.ts';

function runFigures(file: string) {
  const recording = decodeActivityFile(activityFixture(file), file);
  const session = recording.sessions.find((s) => s.sport === 'run')!;
  const figures = computeActivityFigures(session, { thresholds: {} });
  // The same run's speeds, not graded: what the score would be on the flat.
  const speed = figures.streams.speed!.map((v) => v ?? 0);
  const flat = runningTss(speed, { threshold_pace_per_km: 300 })!.tss;
  return { session, figures, flat };
}

describe('running TSS on real recordings', () => {
  it('scores the Forerunner 410 hilly run near its flat score, not 58 (GPS altitude noise at the start)', () => {
    const { session, figures, flat } = runFigures('run-hr-fr410.tcx');
    expect(session.altitudeSource).toBeUndefined(); // GPS altitude
    expect(figures.tssMethod).toBe('run_pace');
    expect(flat).toBeCloseTo(31.3, 0);
    // Before the grade model it scored 58.0 (IF 1.026) on 121 m of mostly GPS-noise ascent.
    expect(figures.tss).toBeGreaterThan(flat * 0.95);
    expect(figures.tss).toBeLessThan(flat * 1.15);
    expect(figures.intensityFactor).toBeLessThan(0.85);
  });

  it('still grades the Forerunner 110 run up a real 160 m climb above its flat score', () => {
    const { figures, flat } = runFigures('run-hr-fr110-smartrecording.fit');
    expect(figures.tss).toBeGreaterThan(flat * 1.1);
    expect(figures.tss).toBeLessThan(flat * 1.4);
  });

  it('reads the fenix 2 as barometric, and its gently rolling run stays within 5 % of flat', () => {
    const { session, figures, flat } = runFigures('run-hr-fenix2.fit');
    expect(session.altitudeSource).toBe('barometric');
    expect(Math.abs(figures.tss! - flat) / flat).toBeLessThan(0.05);
  });
});

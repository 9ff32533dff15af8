// Coggan's seven power levels in a real ride's time in zones (docs/zones.md, "Coggan's seven power levels"): the
// Edge 810 ride against the default FTP of 250 W. The levels share their edges with the app's five zones where
// the two scales agree (55 %, 75 %, 105 %), so they must split the same seconds the same way there.
import { computeActivityFigures } from '@stamina/core';
import { describe, expect, it } from 'vitest';
import { decodeActivityFile } from '../src/modules/activities/decode/index.ts';
import { activityFixture } from './activity-fixtures.ts';

describe("Coggan's seven power levels on a real ride", () => {
  it('splits the Edge 810 ride into seven levels that agree with zones 1–5 at their shared edges', () => {
    const recording = decodeActivityFile(activityFixture('bike-power-edge810-vector.fit'), 'ride.fit');
    const figures = computeActivityFigures(recording.sessions[0]!, { thresholds: {} });
    const zones = figures.zoneSeconds.power!;
    const levels = figures.zoneSeconds.power_levels!;
    expect(levels).toHaveLength(7);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(levels)).toBe(sum(zones));
    expect(levels[0]).toBe(zones[0]); // Active Recovery = zone 1 (≤ 55 %)
    expect(levels[1]).toBe(zones[1]); // Endurance = zone 2 (56–75 %)
    expect(levels[2]! + levels[3]!).toBe(zones[2]! + zones[3]!); // Tempo + Lactate Threshold = zones 3–4
    expect(levels[4]! + levels[5]! + levels[6]!).toBe(zones[4]); // VO2max + Anaerobic + Neuromuscular = zone 5
    // A ride at NP 301 W against 250 W spends real time above VO2max power, which zone 5 alone hides.
    expect(levels[5]! + levels[6]!).toBeGreaterThan(60);
  });
});

// Coggan's seven power levels beside the app's five zones (docs/zones.md, "Coggan's seven power levels").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COGGAN_POWER_LEVELS,
  cogganLevelOf,
  cogganPowerLevels,
  deriveZoneTable,
  powerZoneTable,
} from '../src/index.ts';

describe("Coggan's seven power levels", () => {
  it('names the seven levels by % FTP as Allen & Coggan do', () => {
    expect(COGGAN_POWER_LEVELS.map((l) => [l.name, l.upToPercent])).toEqual([
      ['Active Recovery', 55],
      ['Endurance', 75],
      ['Tempo', 90],
      ['Lactate Threshold', 105],
      ['VO2max', 120],
      ['Anaerobic Capacity', 150],
      ['Neuromuscular', null],
    ]);
    const ftp = 300;
    expect([150, 200, 250, 300, 340, 400, 450, 460].map((w) => cogganLevelOf(w, ftp))).toEqual([
      1, 2, 3, 4, 5, 6, 6, 7,
    ]);
  });

  it('covers every whole watt once, rising, for any FTP; the app’s five zones stay five', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 3000 }), (ftp) => {
        const levels = cogganPowerLevels(ftp);
        if (levels.length !== 7 || levels[0]!.min !== 0 || levels[6]!.max !== null) return false;
        for (let i = 1; i < 7; i++) if (levels[i]!.min !== levels[i - 1]!.max! + 1) return false;
        // Each bound is where cogganLevelOf changes level.
        return levels.every(
          (l) =>
            cogganLevelOf(l.min, ftp) === l.level &&
            (l.max === null || cogganLevelOf(l.max, ftp) === l.level),
        );
      }),
    );
    expect(powerZoneTable(250)).toHaveLength(5);
  });

  it('comes with the derived power table, from the same FTP', () => {
    const table = deriveZoneTable([], '2026-11-28', 'cycling', 'power');
    expect(table.method).toBe('coggan');
    expect(table.zones).toHaveLength(5);
    expect(table.levels).toEqual(cogganPowerLevels(250));
    expect(table.levels![3]).toMatchObject({ name: 'Lactate Threshold', min: 227, max: 263 });
  });
});

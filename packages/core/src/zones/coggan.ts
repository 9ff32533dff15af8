// Coggan's seven power levels (docs/zones.md, "Coggan's seven power levels"): Allen & Coggan, "Training and
// Racing with a Power Meter" (2nd ed., 2010), ch. 3, name seven training levels by % of FTP. The app's own
// zone 1–5 scale (zones 1–5 everywhere a zone is a number: workouts, the parser, load, compliance) folds his
// levels 5–7 into its zone 5; these seven are shown beside it, by their names, where power zones are shown and
// in power time-in-zone.

export interface CogganLevel {
  level: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  name: string;
  /** The highest whole % of FTP in the level; null for the open top (Neuromuscular). */
  upToPercent: number | null;
}

/** Active Recovery ≤55 %, Endurance 56–75, Tempo 76–90, Lactate Threshold 91–105, VO2max 106–120, Anaerobic Capacity 121–150, Neuromuscular >150 % FTP. */
export const COGGAN_POWER_LEVELS: readonly CogganLevel[] = [
  { level: 1, name: 'Active Recovery', upToPercent: 55 },
  { level: 2, name: 'Endurance', upToPercent: 75 },
  { level: 3, name: 'Tempo', upToPercent: 90 },
  { level: 4, name: 'Lactate Threshold', upToPercent: 105 },
  { level: 5, name: 'VO2max', upToPercent: 120 },
  { level: 6, name: 'Anaerobic Capacity', upToPercent: 150 },
  { level: 7, name: 'Neuromuscular', upToPercent: null },
];

/** The level (1–7) of a power, from its % of FTP rounded to a whole percent (55.4 % is level 1, 55.5 % level 2). */
export function cogganLevelOf(watts: number, ftpWatts: number): CogganLevel['level'] {
  const percent = Math.round((watts / ftpWatts) * 100);
  for (const level of COGGAN_POWER_LEVELS)
    if (level.upToPercent === null || percent <= level.upToPercent) return level.level;
  return 7;
}

export interface CogganLevelRange {
  level: CogganLevel['level'];
  name: string;
  /** Inclusive whole watts; `max` is null for level 7 (no top). */
  min: number;
  max: number | null;
}

/** The seven levels in whole watts for an FTP: each from the lowest watt in it to the highest. */
export function cogganPowerLevels(ftpWatts: number): CogganLevelRange[] {
  const ranges: CogganLevelRange[] = COGGAN_POWER_LEVELS.map((l) => ({
    level: l.level,
    name: l.name,
    min: 0,
    max: null,
  }));
  // The top watt of level n is the highest whole watt whose rounded % FTP is at most its upToPercent.
  let previousTop = -1;
  for (const range of ranges) {
    const upTo = COGGAN_POWER_LEVELS[range.level - 1]!.upToPercent;
    range.min = previousTop + 1;
    if (upTo === null) break;
    let top = Math.floor(((upTo + 0.5) * ftpWatts) / 100);
    while (top >= 0 && cogganLevelOf(top, ftpWatts) > range.level) top--;
    while (cogganLevelOf(top + 1, ftpWatts) <= range.level) top++;
    range.max = top;
    previousTop = top;
  }
  return ranges;
}

// The Metrics & Zones form (docs/zones.md, "Editing zones"): its state built from the API's answers,
// pace text in and out (typed as '7:30', shown per km or per mile, stored per km), and the requests a save sends.
import type {
  AthleteProfile,
  RelabelledWorkout,
  SportMetrics,
  SportMetricsUpdateRequest,
  ThresholdSport,
  ZoneKind,
  ZonesUpdateRequest,
  ZoneTable,
} from '@stamina/contract';
import { formatClock, paceFromUnits, paceInUnits, type Units, ZONE_NAMES } from '@stamina/core';

export type TrackedMetrics = AthleteProfile['tracked_metrics'];
export type Tab = ThresholdSport | 'triathlon';

export const TRACKED_METRICS: readonly { key: keyof TrackedMetrics; label: string }[] = [
  { key: 'heart_rate', label: 'Heart Rate' },
  { key: 'pace', label: 'Pace' },
  { key: 'power', label: 'Power' },
  { key: 'hrv', label: 'HRV' },
  { key: 'sleep', label: 'Sleep' },
  { key: 'fatigue', label: 'Fatigue / Mood' },
  { key: 'rpe', label: 'RPE' },
];

// Zone names and clock text are core's (docs/zones.md; docs/units.md).
export { formatClock, ZONE_NAMES };

/** '7:30' → 450 seconds; also '7.30' and a bare number of minutes; null when it is not a time. */
export function parseClock(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d{1,2})[:.](\d{1,2})$/.exec(trimmed);
  if (match) {
    const seconds = Number(match[2]);
    if (seconds >= 60) return null;
    return Number(match[1]) * 60 + seconds;
  }
  return /^\d{1,2}$/.test(trimmed) ? Number(trimmed) * 60 : null;
}

/** Seconds per km shown in the athlete's unit: per km, or per mile. */
export const paceToUnit = paceInUnits;
export const paceFromUnit = (seconds: number, units: Units) => Math.round(paceFromUnits(seconds, units));
export const paceUnitLabel = (units: Units) => (units === 'imperial' ? 'min/mi' : 'min/km');

/** Every input of the three sports, as typed: paces as clock text, the rest as whole numbers (or ''). */
export interface SportValues {
  running: { pace: string; maxHr: string; restingHr: string; lthr: string };
  cycling: { ftp: string; maxHr: string; restingHr: string; lthr: string; maxPower: string };
  swimming: { css: string; threshold100: string; maxHr: string };
}

const text = (value: number | null | undefined) => (value == null ? '' : String(value));
const clock = (value: number | null | undefined, toUnit: (v: number) => number = (v) => v) =>
  value == null ? '' : formatClock(toUnit(value));

export function sportValuesOf(metrics: SportMetrics, units: Units): SportValues {
  const r = metrics.running.values;
  const c = metrics.cycling.values;
  const s = metrics.swimming.values;
  return {
    running: {
      pace: clock(r.threshold_pace_seconds_per_km, (v) => paceToUnit(v, units)),
      maxHr: text(r.max_hr),
      restingHr: text(r.resting_hr),
      lthr: text(r.lthr),
    },
    cycling: {
      ftp: text(c.ftp_watts),
      maxHr: text(c.max_hr),
      restingHr: text(c.resting_hr),
      lthr: text(c.lthr),
      maxPower: text(c.max_power_watts),
    },
    swimming: {
      css: clock(s.css_seconds_per_100m),
      threshold100: clock(s.threshold_100_seconds),
      maxHr: text(s.max_hr),
    },
  };
}

/** One input's problem, named for the person typing. */
export class FormError extends Error {}

function whole(value: string, label: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) throw new FormError(`${label}: enter a whole number`);
  return Number(trimmed);
}

function pace(value: string, label: string, unit: string): number | null {
  if (value.trim() === '') return null;
  const seconds = parseClock(value);
  if (seconds === null) throw new FormError(`${label}: enter a time such as 7:30 (${unit})`);
  return seconds;
}

/** The sport-metrics saves the form asks for: one per sport whose values differ from the stored ones. */
export function sportMetricsRequests(
  values: SportValues,
  stored: SportMetrics,
  units: Units,
  effectiveFrom: string,
): SportMetricsUpdateRequest[] {
  const runPace = pace(values.running.pace, 'Threshold pace', paceUnitLabel(units));
  const requests: SportMetricsUpdateRequest[] = [
    {
      sport: 'running',
      effective_from: effectiveFrom,
      values: {
        threshold_pace_seconds_per_km: runPace === null ? null : paceFromUnit(runPace, units),
        max_hr: whole(values.running.maxHr, 'Running max HR'),
        resting_hr: whole(values.running.restingHr, 'Running resting HR'),
        lthr: whole(values.running.lthr, 'Running threshold HR'),
      },
    },
    {
      sport: 'cycling',
      effective_from: effectiveFrom,
      values: {
        ftp_watts: whole(values.cycling.ftp, 'FTP'),
        max_hr: whole(values.cycling.maxHr, 'Cycling max HR'),
        resting_hr: whole(values.cycling.restingHr, 'Cycling resting HR'),
        lthr: whole(values.cycling.lthr, 'Cycling threshold HR'),
        max_power_watts: whole(values.cycling.maxPower, 'Max power'),
      },
    },
    {
      sport: 'swimming',
      effective_from: effectiveFrom,
      values: {
        css_seconds_per_100m: pace(values.swimming.css, 'CSS', 'min/100m'),
        threshold_100_seconds: pace(values.swimming.threshold100, 'Threshold 100', 'min/100m'),
        max_hr: whole(values.swimming.maxHr, 'Swimming max HR'),
      },
    },
  ];
  // Unchanged values are not saved again: the history keeps only real changes.
  return requests.filter((request) => {
    const current = stored[request.sport as ThresholdSport].values as Record<string, number | null>;
    const sent = request.values as Record<string, number | null>;
    return Object.keys(sent).some((key) => (current[key] ?? null) !== sent[key]);
  });
}

/** Zone inputs as typed, per table ('sport/kind'); pace tables in the athlete's unit (sec/km or sec/mi). */
export type ZoneInputs = Record<string, { min: string; max: string }[]>;
export const tableKey = (sport: ThresholdSport, kind: ZoneKind) => `${sport}/${kind}`;

const isRunPace = (t: Pick<ZoneTable, 'sport' | 'kind'>) => t.sport === 'running' && t.kind === 'pace';

export function zoneInputsOf(tables: readonly ZoneTable[], units: Units): ZoneInputs {
  const out: ZoneInputs = {};
  for (const table of tables) {
    const shown = (v: number) => String(Math.round(isRunPace(table) ? paceToUnit(v, units) : v));
    out[tableKey(table.sport, table.kind)] = table.zones.map((z) => ({
      min: shown(z.min),
      max: shown(z.max),
    }));
  }
  return out;
}

/** Zone inputs are whole numbers, 0 or more (docs/zones.md, 'Editing zones'); anything else counts as 0. */
const zoneNumber = (value: string) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function zonesRequest(
  tables: readonly ZoneTable[],
  inputs: ZoneInputs,
  autoCalculate: boolean,
  units: Units,
): ZonesUpdateRequest {
  return {
    tables: tables.map((table) => {
      if (autoCalculate) return { sport: table.sport, kind: table.kind, auto_calculate: true };
      const stored = (v: string) => (isRunPace(table) ? paceFromUnit(zoneNumber(v), units) : zoneNumber(v));
      const rows = inputs[tableKey(table.sport, table.kind)] ?? [];
      return {
        sport: table.sport,
        kind: table.kind,
        auto_calculate: false,
        zones: rows.map((row, i) => ({ zone: i + 1, min: stored(row.min), max: stored(row.max) })),
      };
    }),
  };
}

/** What the page says about how a table was made. */
export function methodText(table: ZoneTable): string {
  switch (table.method) {
    case 'coggan':
      return "The app's 5 power zones from your FTP (Coggan's levels, 5–7 folded into zone 5)";
    case 'friel':
      return 'Friel heart-rate zones from your threshold HR (LTHR)';
    case 'karvonen':
      return 'Karvonen heart-rate zones from your max and resting HR';
    case 'max_hr':
      // Swimming keeps a max HR only (docs/zones.md: no resting HR or LTHR), so there is nothing more to add.
      return table.sport === 'swimming'
        ? 'Heart-rate zones as percent of your max HR'
        : 'Percent of max HR: add a resting HR for Karvonen zones, or a threshold HR (LTHR) for Friel zones';
    case 'threshold_pace':
      return 'Pace zones from your threshold pace';
    case 'css':
      return 'Pace zones from your CSS';
    default:
      return 'Your own zones';
  }
}

export function unitText(table: ZoneTable, units: Units): string {
  if (table.unit === 'watts') return 'watts';
  if (table.unit === 'bpm') return 'bpm';
  if (table.unit === 'sec_per_100m') return 'sec/100m';
  return units === 'imperial' ? 'sec/mi' : 'sec/km';
}

/**
 * The workouts a save re-labelled, once each: a threshold save and then the zone save may both move one; it
 * is shown from its first zone to its last, and left out when it came back to where it was.
 */
export function mergeRelabelled(moves: readonly RelabelledWorkout[]): RelabelledWorkout[] {
  const byId = new Map<string, RelabelledWorkout>();
  for (const move of moves) {
    const seen = byId.get(move.id);
    byId.set(move.id, seen ? { ...seen, to_zone: move.to_zone } : move);
  }
  return [...byId.values()].filter((w) => w.from_zone !== w.to_zone);
}

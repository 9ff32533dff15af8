// A streaming read of Apple Health's export.xml (docs/devices.md, "Apple Health"). The document is fed to saxes
// chunk by chunk and only what Stamina keeps is held: each Workout's facts (sport, times, duration, distance,
// energy, heart rate, pauses, the route file it names), and per day the HRV SDNN and resting heart rate samples
// summed, and per night the sleep intervals merged as they arrive (at most NIGHT_INTERVALS disjoint spans a
// night), only for dates Stamina accepts (1900–2100). Millions of other records (steps, heart rate, …) pass
// through without being kept, so memory does not grow with the file: it is bounded by the days and workouts. Apple's own DOCTYPE (element and attribute
// declarations) is accepted; a DOCTYPE that declares entities is refused, and no entity is ever expanded.
import { EARLIEST_DATE, LATEST_DATE, METERS_PER_MILE } from '@stamina/core';
import { SaxesParser } from 'saxes';

export class ExportError extends Error {}

export interface AppleWorkout {
  /** HKWorkoutActivityTypeRunning without its prefix: 'Running'. */
  activityType: string;
  startTime: number;
  endTime: number;
  /** Active seconds (Apple's duration leaves pauses out). */
  durationSeconds?: number;
  distanceMeters?: number;
  energyKcal?: number;
  avgHeartRate?: number;
  maxHeartRate?: number;
  sourceName?: string;
  indoor?: boolean;
  /** Pause → resume spans, ms. */
  pauses: Array<[number, number]>;
  /** The route file's path in the export ('/workout-routes/route_….gpx'). */
  routePath?: string;
}

export interface DaySum {
  sum: number;
  count: number;
}

/** A night's sleep as disjoint spans in start order, merged as records arrive (mergeInterval). */
interface NightIntervals {
  asleep: Array<[number, number]>;
  inBed: Array<[number, number]>;
}

export interface ExportContents {
  workouts: AppleWorkout[];
  /** Local date (as the export writes it) → SDNN samples, ms. */
  hrvSdnn: Map<string, DaySum>;
  restingHr: Map<string, DaySum>;
  /** The date a night ends on → its intervals. */
  nights: Map<string, NightIntervals>;
  records: number;
  /** Workouts left out, with why: outside 1900–2100, or longer than EXPORT_LIMITS.workoutDays. */
  skippedWorkouts: number;
}

export const EXPORT_LIMITS = {
  /** Workouts kept from one export. */
  workouts: 100_000,
  /** Bytes read without an element starting or ending: a giant attribute, text or DOCTYPE is refused. */
  bytesWithoutElement: 1024 * 1024,
  /** Pause → resume spans kept per workout. */
  pausesPerWorkout: 10_000,
  /** A workout longer than this is a broken record (an end date a century later), skipped. */
  workoutDays: 7,
  /** Open elements at once: Apple's export nests five deep (HealthData, Workout, WorkoutRoute, …). */
  depth: 32,
} as const;

const HRV_SDNN = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN';
const RESTING_HR = 'HKQuantityTypeIdentifierRestingHeartRate';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
const ASLEEP = new Set([
  'HKCategoryValueSleepAnalysisAsleep',
  'HKCategoryValueSleepAnalysisAsleepUnspecified',
  'HKCategoryValueSleepAnalysisAsleepCore',
  'HKCategoryValueSleepAnalysisAsleepDeep',
  'HKCategoryValueSleepAnalysisAsleepREM',
]);
const IN_BED = 'HKCategoryValueSleepAnalysisInBed';
/** A sleep interval ending at or after this local hour belongs to the next day's night. */
const NIGHT_CUTOFF_HOUR = 18;
/** Disjoint sleep spans kept per night and kind: past it the two closest are joined (a real night has a few). */
export const NIGHT_INTERVALS = 64;

const validDate = (date: string) => date >= EARLIEST_DATE && date <= LATEST_DATE;

/**
 * Adds [start, end] to disjoint spans kept in start order, merging what overlaps or touches; past
 * NIGHT_INTERVALS spans, the two with the smallest gap between them are joined, so a flood of records costs
 * constant memory per night (and the gap is counted as sleep, which only a hostile file makes matter).
 */
export function mergeInterval(spans: Array<[number, number]>, start: number, end: number): void {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]![1] < start) low = middle + 1;
    else high = middle;
  }
  // spans[low..] end at or after start: those starting at or before end overlap or touch.
  let last = low;
  let mergedStart = start;
  let mergedEnd = end;
  while (last < spans.length && spans[last]![0] <= end) {
    mergedStart = Math.min(mergedStart, spans[last]![0]);
    mergedEnd = Math.max(mergedEnd, spans[last]![1]);
    last++;
  }
  spans.splice(low, last - low, [mergedStart, mergedEnd]);
  if (spans.length <= NIGHT_INTERVALS) return;
  let closest = 0;
  for (let i = 1; i < spans.length - 1; i++)
    if (spans[i + 1]![0] - spans[i]![1] < spans[closest + 1]![0] - spans[closest]![1]) closest = i;
  spans.splice(closest, 2, [spans[closest]![0], spans[closest + 1]![1]]);
}

const APPLE_TIME =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)? ?(?:([+-])(\d{2}):?(\d{2})|Z)?$/;

/** Apple's '2024-01-15 07:30:00 +0100': epoch ms, the local date and hour as written. */
function appleTime(text: string | undefined): { ms: number; date: string; hour: number } | null {
  if (!text) return null;
  const m = APPLE_TIME.exec(text.trim());
  if (!m) return null;
  const [, date, hh, mm, ss, sign, oh, om] = m;
  const offset = sign ? `${sign}${oh}:${om}` : 'Z';
  const ms = Date.parse(`${date}T${hh}:${mm}:${ss}${offset}`);
  if (!Number.isFinite(ms)) return null;
  return { ms, date: date!, hour: Number(hh) };
}

function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function num(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const v = Number(text);
  return Number.isFinite(v) ? v : undefined;
}

const DISTANCE_FACTOR: Record<string, number> = {
  m: 1,
  km: 1000,
  mi: METERS_PER_MILE,
  yd: 0.9144,
  ft: 0.3048,
};
const ENERGY_FACTOR: Record<string, number> = { kcal: 1, Cal: 1, cal: 0.001, kJ: 1 / 4.184, J: 1 / 4184 };
const DURATION_FACTOR: Record<string, number> = { s: 1, min: 60, hr: 3600, h: 3600 };

function scaled(value: string | undefined, unit: string | undefined, table: Record<string, number>) {
  const v = num(value);
  if (v === undefined || v < 0) return undefined;
  const factor = table[unit ?? ''];
  return factor === undefined ? undefined : v * factor;
}

function addSum(map: Map<string, DaySum>, date: string, value: number) {
  const day = map.get(date);
  if (day) {
    day.sum += value;
    day.count += 1;
  } else map.set(date, { sum: value, count: 1 });
}

/** A reader fed chunk by chunk (`write`), finished with `end`; throws ExportError on a bad document. */
export function exportReader() {
  const contents: ExportContents = {
    workouts: [],
    hrvSdnn: new Map(),
    restingHr: new Map(),
    nights: new Map(),
    records: 0,
    skippedWorkouts: 0,
  };
  const parser = new SaxesParser({ xmlns: false });
  let sawRoot = false;
  let workout: AppleWorkout | null = null;
  let pauseAt: number | null = null;
  let inRoute = false;
  let bytesSinceElement = 0;
  let depth = 0;

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) {
      throw new ExportError('export.xml declares entities, which are refused for safety');
    }
  });
  parser.on('error', (error) => {
    throw new ExportError(`export.xml is not well-formed XML (${error.message})`);
  });
  parser.on('closetag', (tag) => {
    bytesSinceElement = 0;
    depth -= 1;
    if (tag.name === 'Workout' && workout) {
      if (contents.workouts.length >= EXPORT_LIMITS.workouts) {
        throw new ExportError(`The export holds more than ${EXPORT_LIMITS.workouts} workouts`);
      }
      contents.workouts.push(workout);
      workout = null;
      pauseAt = null;
    } else if (tag.name === 'WorkoutRoute') inRoute = false;
  });
  parser.on('opentag', (tag) => {
    bytesSinceElement = 0;
    depth += 1;
    if (depth > EXPORT_LIMITS.depth) {
      throw new ExportError(
        `export.xml nests elements more than ${EXPORT_LIMITS.depth} deep, the limit; no export does`,
      );
    }
    const a = tag.attributes as Record<string, string>;
    switch (tag.name) {
      case 'HealthData':
        sawRoot = true;
        return;
      case 'Record':
        contents.records += 1;
        if (a.type === HRV_SDNN || a.type === RESTING_HR) {
          const at = appleTime(a.startDate);
          const value = num(a.value);
          if (!at || value === undefined || !validDate(at.date)) return;
          addSum(a.type === HRV_SDNN ? contents.hrvSdnn : contents.restingHr, at.date, value);
        } else if (a.type === SLEEP) {
          const start = appleTime(a.startDate);
          const end = appleTime(a.endDate);
          if (!start || !end || end.ms <= start.ms) return;
          const asleep = ASLEEP.has(a.value ?? '');
          if (!asleep && a.value !== IN_BED) return;
          const night = end.hour >= NIGHT_CUTOFF_HOUR ? nextDate(end.date) : end.date;
          if (!validDate(night) || !validDate(start.date)) return;
          let intervals = contents.nights.get(night);
          if (!intervals) {
            intervals = { asleep: [], inBed: [] };
            contents.nights.set(night, intervals);
          }
          mergeInterval(asleep ? intervals.asleep : intervals.inBed, start.ms, end.ms);
        }
        return;
      case 'Workout': {
        const start = appleTime(a.startDate);
        const end = appleTime(a.endDate);
        if (!start || !end || end.ms <= start.ms) return;
        if (
          !validDate(start.date) ||
          !validDate(end.date) ||
          end.ms - start.ms > EXPORT_LIMITS.workoutDays * 86_400_000
        ) {
          contents.skippedWorkouts += 1;
          return;
        }
        workout = {
          activityType: (a.workoutActivityType ?? '').replace(/^HKWorkoutActivityType/, ''),
          startTime: start.ms,
          endTime: end.ms,
          durationSeconds: scaled(a.duration, a.durationUnit, DURATION_FACTOR),
          distanceMeters: scaled(a.totalDistance, a.totalDistanceUnit, DISTANCE_FACTOR),
          energyKcal: scaled(a.totalEnergyBurned, a.totalEnergyBurnedUnit, ENERGY_FACTOR),
          sourceName: a.sourceName?.slice(0, 100),
          pauses: [],
        };
        return;
      }
    }
    if (!workout) return;
    switch (tag.name) {
      case 'WorkoutStatistics': {
        // Newer exports give the totals here rather than on the Workout element.
        const type = a.type ?? '';
        if (type === 'HKQuantityTypeIdentifierHeartRate') {
          workout.avgHeartRate = num(a.average);
          workout.maxHeartRate = num(a.maximum);
        } else if (/^HKQuantityTypeIdentifierDistance/.test(type) && workout.distanceMeters === undefined) {
          workout.distanceMeters = scaled(a.sum, a.unit, DISTANCE_FACTOR);
        } else if (
          type === 'HKQuantityTypeIdentifierActiveEnergyBurned' &&
          workout.energyKcal === undefined
        ) {
          workout.energyKcal = scaled(a.sum, a.unit, ENERGY_FACTOR);
        }
        return;
      }
      case 'MetadataEntry':
        if (a.key === 'HKIndoorWorkout') workout.indoor = a.value === '1';
        return;
      case 'WorkoutEvent': {
        const at = appleTime(a.date);
        if (!at) return;
        if (a.type === 'HKWorkoutEventTypePause' || a.type === 'HKWorkoutEventTypeMotionPaused') {
          pauseAt ??= at.ms;
        } else if (
          (a.type === 'HKWorkoutEventTypeResume' || a.type === 'HKWorkoutEventTypeMotionResumed') &&
          pauseAt !== null
        ) {
          if (at.ms > pauseAt && workout.pauses.length < EXPORT_LIMITS.pausesPerWorkout)
            workout.pauses.push([pauseAt, at.ms]);
          pauseAt = null;
        }
        return;
      }
      case 'WorkoutRoute':
        inRoute = true;
        return;
      case 'FileReference':
        if (inRoute && a.path && !workout.routePath) workout.routePath = a.path;
        return;
    }
  });

  const decoder = new TextDecoder('utf-8');
  return {
    write(chunk: Uint8Array) {
      parser.write(decoder.decode(chunk, { stream: true }));
      bytesSinceElement += chunk.length;
      if (bytesSinceElement > EXPORT_LIMITS.bytesWithoutElement) {
        throw new ExportError('export.xml holds a single piece over 1 MB long, which no export has');
      }
    },
    end(): ExportContents {
      parser.write(decoder.decode());
      parser.close();
      if (!sawRoot) throw new ExportError('The file is not an Apple Health export (no HealthData element)');
      return contents;
    },
  };
}

/** Total length of the union of intervals, ms. */
export function unionMs(intervals: ReadonlyArray<readonly [number, number]>): number {
  const sorted = [...intervals].sort((x, y) => x[0] - y[0]);
  let total = 0;
  let start = Number.NEGATIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const [s, e] of sorted) {
    if (s > end) {
      if (end > start) total += end - start;
      start = s;
      end = e;
    } else if (e > end) end = e;
  }
  if (end > start) total += end - start;
  return total;
}

// The figures of one recorded session (docs/activities.md, "Training values", "Zones and best efforts"):
// summary, laps, training values with their method, time in zones, best efforts and the 1 Hz streams. Where
// the device wrote its own total (a FIT session, TCX laps) the summary takes it, since that is the number the
// athlete saw on the device; otherwise the figure is computed from the records. Training values are always
// computed here, from the streams.
import { roundTo } from '../numbers.ts';
import {
  heartRateTss,
  NORMALIZED_POWER_WINDOW_SECONDS,
  powerTss,
  runningTss,
  swimTss,
} from '../training/recorded-tss.ts';
import { DEFAULT_THRESHOLDS } from '../workouts/parser/intensity.ts';
import { isEffortScored } from '../workouts/types.ts';
import { cogganLevelOf } from '../zones/coggan.ts';
import { rideThresholdEffort, runThresholdEffort } from '../zones/estimates.ts';
import { keptCurveBests } from './analysis.ts';
import { paceBestEfforts, powerBestEfforts } from './best-efforts.ts';
import { movedSeconds, type OneHertzSession, seriesToStream, toOneHertz } from './one-hertz.ts';
import type { RecordedLap, RecordedSession } from './recording.ts';
import type { StreamType } from './stream-codec.ts';
import {
  defaultHeartRateZones,
  defaultPaceZones,
  defaultPowerZones,
  paceZone,
  risingZone,
  secondsInZones,
  type ZoneTable5,
} from './zones.ts';

/** Resting heart rate assumed when the athlete has none, bpm. */
export const DEFAULT_RESTING_HR = 60;
/** LTHR assumed from max HR when the athlete gave none (the workout parser's rule). */
export const LTHR_FROM_MAX_HR = 0.9;
/** Climbs smaller than this (metres) are altimeter noise and not counted as ascent. */
export const ASCENT_HYSTERESIS_M = 3;

export interface FiguresThresholds {
  ftpWatts?: number | null;
  lthr?: number | null;
  maxHr?: number | null;
  restingHr?: number | null;
  thresholdPaceSecondsPerKm?: number | null;
  cssSecondsPer100m?: number | null;
}

export interface FiguresContext {
  /** The athlete's thresholds in force on the activity's day; absent ones fall back to defaults. */
  thresholds: FiguresThresholds;
  /** The athlete's zone tables for the activity's sport; absent ones are derived from the thresholds. */
  zones?: { power?: ZoneTable5; hr?: ZoneTable5; pace?: ZoneTable5 };
  /** Picks Banister's TRIMP weighting (hrTSS from max and resting HR). */
  sex?: string | null;
}

export type TssMethod = 'power' | 'hr_lthr' | 'hr_trimp' | 'run_pace' | 'swim_css' | 'none';

/** The figures a whole activity and each of its laps have alike. */
export interface SummaryFigures {
  startTime: string;
  elapsedSeconds: number;
  /** Seconds the device's timer ran (its own total where it wrote one); without a timer, the moving seconds. */
  timerSeconds: number;
  /** Seconds the athlete moved: timer time less stops (docs/activities.md, "Timer and moving time"). */
  movingSeconds: number;
  distanceM: number | null;
  ascentM: number | null;
  avgHr: number | null;
  maxHr: number | null;
  avgPower: number | null;
  maxPower: number | null;
  avgSpeedMps: number | null;
  maxSpeedMps: number | null;
  avgCadence: number | null;
  maxCadence: number | null;
  calories: number | null;
}

/** Per-lap figures, as the activities row keeps them. */
export interface ActivityLapFigures extends SummaryFigures {
  index: number;
}

export interface ActivityFigures extends SummaryFigures {
  laps: ActivityLapFigures[];
  tss: number | null;
  tssMethod: TssMethod;
  intensityFactor: number | null;
  normalizedPower: number | null;
  /** The thresholds the values were computed with (snake_case keys), and which were defaults. */
  thresholds: { values: Record<string, number>; defaults_used: string[] };
  /** Seconds in zones 1–5 per kind, and in Coggan's seven power levels (`power_levels`). */
  zoneSeconds: { power?: number[]; power_levels?: number[]; hr?: number[]; pace?: number[] };
  bestEfforts: {
    power?: Record<string, number>;
    pace?: Record<string, number>;
    /** A run's or ride's 30-minute threshold effort (core zones/estimates.ts). */
    threshold?: Record<string, number>;
    /** The heart-rate curve (bpm per duration) and a swim's pace curve (seconds per distance): analysis.ts. */
    heart_rate?: Record<string, number>;
    swim_pace?: Record<string, number>;
  };
  /** 1 Hz series over elapsed time; index i is second i from the start, null where nothing was recorded. */
  streams: Partial<Record<StreamType, (number | null)[]>>;
  sampleCount: number;
  hasGps: boolean;
}

const usable = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;
const orNull = (v: number | undefined): number | null => (v === undefined || !Number.isFinite(v) ? null : v);
const round = (v: number | null, digits = 0): number | null => (v === null ? null : roundTo(v, digits));

/** Values at the moving seconds, missing ones dropped. */
function movingValues(series: Float64Array | undefined, moving: Uint8Array): number[] {
  const out: number[] = [];
  if (!series) return out;
  for (let i = 0; i < series.length; i++) {
    const v = series[i]!;
    if (moving[i] && !Number.isNaN(v)) out.push(v);
  }
  return out;
}

const mean = (values: readonly number[]): number | undefined =>
  values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
const sum = (values: ArrayLike<number>): number => {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
};
const maxOf = (values: readonly number[]): number | undefined =>
  values.length > 0 ? values.reduce((a, b) => (b > a ? b : a), values[0]!) : undefined;

interface Resolved {
  ftpWatts: number;
  lthr: number;
  maxHr: number;
  restingHr: number;
  thresholdPaceSecondsPerKm: number;
  cssSecondsPer100m: number;
  known: Record<'ftp' | 'lthr' | 'maxHr' | 'restingHr' | 'pace' | 'css', boolean>;
}

function resolveThresholds(t: FiguresThresholds): Resolved {
  const maxHr = usable(t.maxHr) ? t.maxHr : DEFAULT_THRESHOLDS.maxHr;
  return {
    ftpWatts: usable(t.ftpWatts) ? t.ftpWatts : DEFAULT_THRESHOLDS.ftpWatts,
    lthr: usable(t.lthr) ? t.lthr : Math.round(maxHr * LTHR_FROM_MAX_HR),
    maxHr,
    restingHr: usable(t.restingHr) ? t.restingHr : DEFAULT_RESTING_HR,
    thresholdPaceSecondsPerKm: usable(t.thresholdPaceSecondsPerKm)
      ? t.thresholdPaceSecondsPerKm
      : DEFAULT_THRESHOLDS.thresholdPaceSecondsPerKm,
    cssSecondsPer100m: usable(t.cssSecondsPer100m)
      ? t.cssSecondsPer100m
      : DEFAULT_THRESHOLDS.cssSecondsPer100m,
    known: {
      ftp: usable(t.ftpWatts),
      lthr: usable(t.lthr),
      maxHr: usable(t.maxHr),
      restingHr: usable(t.restingHr),
      pace: usable(t.thresholdPaceSecondsPerKm),
      css: usable(t.cssSecondsPer100m),
    },
  };
}

/**
 * Indices (into the moving-only series) where Normalized Power's window starts afresh: after a pause at
 * least one window long. A shorter stop (auto-pause at a junction) is bridged, as Garmin does
 * (docs/activities.md, "Training values").
 */
function restartsOf(oneHz: OneHertzSession): number[] {
  const restarts: number[] = [];
  let index = 0;
  let stopped = 0;
  for (let i = 0; i < oneHz.length; i++) {
    if (!oneHz.moving[i]) {
      stopped++;
      continue;
    }
    if (stopped >= NORMALIZED_POWER_WINDOW_SECONDS && index > 0) restarts.push(index);
    stopped = 0;
    index++;
  }
  return restarts;
}

/** Power over the moving seconds with dropouts (no reading while moving) as 0 W. */
function movingPower(oneHz: OneHertzSession): number[] {
  const power = oneHz.series.power;
  const out: number[] = [];
  for (let i = 0; i < oneHz.length; i++) {
    if (!oneHz.moving[i]) continue;
    const v = power?.[i] ?? Number.NaN;
    out.push(Number.isNaN(v) ? 0 : v);
  }
  return out;
}

function ascentOf(altitude: Float64Array | undefined): number | undefined {
  if (!altitude) return undefined;
  let total = 0;
  let base: number | undefined;
  for (const a of altitude) {
    if (Number.isNaN(a)) continue;
    if (base === undefined || a < base) base = a;
    else if (a - base >= ASCENT_HYSTERESIS_M) {
      total += a - base;
      base = a;
    }
  }
  return base === undefined ? undefined : total;
}

/** A lap's figures: the device's where it wrote them, else from the 1 Hz series over the lap's span. */
function lapFigures(
  lap: RecordedLap,
  index: number,
  oneHz: OneHertzSession,
  moved: Uint8Array,
  start: number,
): ActivityLapFigures {
  const from = Math.max(0, Math.round((lap.startTime - start) / 1000));
  const to = Math.min(oneHz.length, from + Math.round(lap.elapsedSeconds));
  const span = (values: Float64Array | undefined) => {
    const out: number[] = [];
    if (!values) return out;
    for (let i = from; i < to; i++) if (oneHz.moving[i] && !Number.isNaN(values[i]!)) out.push(values[i]!);
    return out;
  };
  const hr = span(oneHz.series.heart_rate);
  const power = span(oneHz.series.power);
  const cadence = span(oneHz.series.cadence).filter((c) => c > 0);
  const speed = span(oneHz.series.speed);
  const distance = span(oneHz.series.distance);
  const timer = lap.timerSeconds ?? lap.elapsedSeconds;
  const moving = oneHz.series.speed ? Math.min(timer, sum(moved.subarray(from, to))) : timer;
  const covered = lap.distance ?? (distance.length > 1 ? distance.at(-1)! - distance[0]! : undefined);
  const whole = (v: number | undefined) => round(orNull(v), 0);
  return {
    index,
    startTime: new Date(lap.startTime).toISOString(),
    elapsedSeconds: roundTo(lap.elapsedSeconds, 1),
    timerSeconds: roundTo(timer, 1),
    movingSeconds: roundTo(moving, 1),
    distanceM: round(orNull(covered), 1),
    ascentM: orNull(lap.ascent),
    avgHr: whole(lap.avgHeartRate ?? mean(hr)),
    maxHr: whole(lap.maxHeartRate ?? maxOf(hr)),
    avgPower: whole(lap.avgPower ?? mean(power)),
    maxPower: whole(lap.maxPower ?? maxOf(power)),
    avgSpeedMps: round(
      orNull(lap.avgSpeed ?? (covered !== undefined && timer > 0 ? covered / timer : undefined)),
      3,
    ),
    maxSpeedMps: round(orNull(lap.maxSpeed ?? maxOf(speed)), 3),
    avgCadence: whole(lap.avgCadence ?? mean(cadence)),
    maxCadence: whole(lap.maxCadence ?? maxOf(cadence)),
    calories: orNull(lap.calories),
  };
}

/** Elapsed seconds from the records: start to end time (or last record). */
function elapsedFromRecords(session: RecordedSession): number {
  let last = session.startTime;
  for (const r of session.records) if (r.time > last) last = r.time;
  const end = session.endTime ?? last;
  return Math.max(0, (end - session.startTime) / 1000);
}

function pausedSeconds(session: RecordedSession, elapsed: number): number {
  const end = session.startTime + elapsed * 1000;
  let paused = 0;
  for (const [stop, restart] of session.pauses)
    paused += Math.max(0, Math.min(restart, end) - Math.max(stop, session.startTime)) / 1000;
  return paused;
}

export function computeActivityFigures(session: RecordedSession, context: FiguresContext): ActivityFigures {
  const t = resolveThresholds(context.thresholds);
  const totals = session.totals;
  const oneHz = toOneHertz(session);
  const { series, moving } = oneHz;

  const elapsed = totals.elapsedSeconds ?? elapsedFromRecords(session);
  const timerSeconds = Math.min(
    elapsed,
    totals.timerSeconds ?? (oneHz.movingFromTimer ? elapsed - pausedSeconds(session, elapsed) : sum(moving)),
  );
  const moved = movedSeconds(oneHz, session.sport);
  // Without a speed series (an indoor ride, a workout with no records) nothing tells a stop: timer time.
  const movingSeconds = series.speed ? Math.min(timerSeconds, sum(moved)) : timerSeconds;

  const lastDistance =
    series.distance?.reduce<number | null>((a, v) => (Number.isNaN(v) ? a : v), null) ?? null;
  const distance = usable(totals.distance) ? totals.distance : usable(lastDistance) ? lastDistance : null;

  const hr = movingValues(series.heart_rate, moving);
  const power = movingPower(oneHz);
  const hasPower = series.power?.some((v) => !Number.isNaN(v)) ?? false;
  const cadence = movingValues(series.cadence, moving).filter((c) => c > 0);
  const speed = movingValues(series.speed, moving);

  // Training values ---------------------------------------------------------------------------------
  let tss: number | null = null;
  let tssMethod: TssMethod = 'none';
  let intensityFactor: number | null = null;
  let normalizedPower: number | null = null;
  const used = new Set<keyof Resolved['known']>();
  const powerResult = hasPower ? powerTss(power, t.ftpWatts, restartsOf(oneHz)) : null;
  if (powerResult) normalizedPower = powerResult.normalized_power;

  // The sports scored by effort (yoga, rowing, hiking, skiing) read no FTP: a rowing erg's watts are not a bike's
  // (docs/training-load.md, "Sports scored by effort"), so neither power TSS, power zones nor power bests. Power
  // scores a ride, and a recording of no named sport (most often a ride); never a run or a swim.
  const effortSport = session.sport !== 'other' && isEffortScored(session.sport);
  if (powerResult && !effortSport && session.sport !== 'run' && session.sport !== 'swim') {
    tss = powerResult.tss;
    intensityFactor = powerResult.intensity_factor;
    tssMethod = 'power';
    used.add('ftp');
  }
  if (tssMethod === 'none' && session.sport === 'run' && speed.length > 0 && usable(distance)) {
    const runSpeed: number[] = [];
    const elevation: number[] = [];
    const altitude = series.altitude;
    let lastAltitude: number | undefined;
    for (let i = 0; i < oneHz.length; i++) {
      if (!moving[i]) continue;
      const v = series.speed?.[i] ?? Number.NaN;
      runSpeed.push(Number.isNaN(v) ? 0 : v);
      const a = altitude?.[i] ?? Number.NaN;
      if (!Number.isNaN(a)) lastAltitude = a;
      elevation.push(lastAltitude ?? Number.NaN);
    }
    const result = runningTss(runSpeed, {
      threshold_pace_per_km: t.thresholdPaceSecondsPerKm,
      elevation_m: elevation.every(Number.isFinite) ? elevation : null,
      altitude_source: session.altitudeSource ?? null,
    });
    if (result) {
      tss = result.tss;
      intensityFactor = result.intensity_factor;
      tssMethod = 'run_pace';
      used.add('pace');
    }
  }
  // A swim's pace is over its timer time, rests between sets included, as the device gives it.
  if (tssMethod === 'none' && session.sport === 'swim' && usable(distance) && timerSeconds > 0) {
    const result = swimTss({
      distance_meters: distance,
      duration_seconds: timerSeconds,
      threshold_pace_per_100m: t.cssSecondsPer100m,
    });
    if (result) {
      tss = result.tss;
      intensityFactor = result.intensity_factor;
      tssMethod = 'swim_css';
      used.add('css');
    }
  }
  if (tssMethod === 'none' && hr.length > 0) {
    // LTHR known (or nothing known): the LTHR ratio. Only max and resting known: Banister's TRIMP, scaled
    // to one hour at the LTHR those imply.
    const trimp = !t.known.lthr && t.known.maxHr && t.known.restingHr;
    const result = heartRateTss(
      hr,
      trimp
        ? { lthr: t.lthr, max_hr: t.maxHr, resting_hr: t.restingHr, sex: context.sex ?? null }
        : { lthr: t.lthr },
    );
    if (result) {
      tss = result.tss;
      intensityFactor = result.intensity_factor;
      tssMethod = result.model === 'trimp' ? 'hr_trimp' : 'hr_lthr';
      used.add('lthr');
      used.add('maxHr');
      if (result.model === 'trimp') used.add('restingHr');
    }
  }

  // Zones --------------------------------------------------------------------------------------------
  const zoneSeconds: ActivityFigures['zoneSeconds'] = {};
  if (hasPower && !effortSport) {
    const table = context.zones?.power ?? defaultPowerZones(t.ftpWatts);
    if (!context.zones?.power) used.add('ftp');
    zoneSeconds.power = secondsInZones(power, (v) => risingZone(v, table));
    // Coggan's seven levels beside the app's five (docs/zones.md): always % of the FTP, never an edited table.
    zoneSeconds.power_levels = secondsInZones(power, (v) => cogganLevelOf(v, t.ftpWatts), 7);
    used.add('ftp');
  }
  if (hr.length > 0) {
    const table = context.zones?.hr ?? defaultHeartRateZones(t.lthr);
    if (!context.zones?.hr) {
      used.add('lthr');
      if (!t.known.lthr) used.add('maxHr');
    }
    zoneSeconds.hr = secondsInZones(hr, (v) => risingZone(v, table));
  }
  if ((session.sport === 'run' || session.sport === 'swim') && speed.length > 0) {
    const unit = session.sport === 'swim' ? 100 : 1000;
    const threshold = session.sport === 'swim' ? t.cssSecondsPer100m : t.thresholdPaceSecondsPerKm;
    const table = context.zones?.pace ?? defaultPaceZones(threshold);
    if (!context.zones?.pace) used.add(session.sport === 'swim' ? 'css' : 'pace');
    // Standing still has no pace: only seconds with movement count.
    const paces = speed.filter((v) => v > 0.1).map((v) => unit / v);
    zoneSeconds.pace = secondsInZones(paces, (v) => paceZone(v, table));
  }

  // Best efforts -------------------------------------------------------------------------------------
  const bestEfforts: ActivityFigures['bestEfforts'] = {};
  if (hasPower && !effortSport) bestEfforts.power = powerBestEfforts(power);
  if (session.sport === 'run' && series.distance) {
    const cumulative: number[] = [];
    const movingHr: number[] = [];
    let last = 0;
    for (let i = 0; i < oneHz.length; i++) {
      if (!moving[i]) continue;
      const d = series.distance[i]!;
      if (d >= last) last = d;
      cumulative.push(last);
      movingHr.push(series.heart_rate?.[i] ?? Number.NaN);
    }
    bestEfforts.pace = paceBestEfforts(cumulative);
    // The 30-minute effort the threshold estimates read (docs/zones.md, "Estimates from recordings").
    const effort = runThresholdEffort(cumulative, movingHr);
    bestEfforts.threshold = effort ? { ...effort } : {};
  }
  if (session.sport === 'bike') {
    // A ride's LTHR effort (the same section of docs/zones.md): its hardest 30 moving minutes.
    const watts: number[] = [];
    const movingHr: number[] = [];
    for (let i = 0; i < oneHz.length; i++) {
      if (!moving[i]) continue;
      watts.push(series.power?.[i] ?? Number.NaN);
      movingHr.push(series.heart_rate?.[i] ?? Number.NaN);
    }
    const effort = rideThresholdEffort(watts, movingHr);
    bestEfforts.threshold = effort ? { ...effort } : {};
  }

  const values: Record<string, number> = {};
  const defaultsUsed: string[] = [];
  const names: Record<keyof Resolved['known'], [string, number]> = {
    ftp: ['ftp_watts', t.ftpWatts],
    lthr: ['lthr', t.lthr],
    maxHr: ['max_hr', t.maxHr],
    restingHr: ['resting_hr', t.restingHr],
    pace: ['threshold_pace_seconds_per_km', t.thresholdPaceSecondsPerKm],
    css: ['css_seconds_per_100m', t.cssSecondsPer100m],
  };
  for (const key of used) {
    const [name, value] = names[key];
    values[name] = value;
    if (!t.known[key]) defaultsUsed.push(name);
  }

  const recordMax = (key: 'heartRate' | 'power' | 'cadence' | 'speed') => {
    let best: number | undefined;
    for (const r of session.records) {
      const v = r[key];
      if (v !== undefined && (best === undefined || v > best)) best = v;
    }
    return best;
  };
  const avgSpeed =
    totals.avgSpeed ?? (usable(distance) && timerSeconds > 0 ? distance / timerSeconds : undefined);

  const streams: ActivityFigures['streams'] = { time: Array.from({ length: oneHz.length }, (_, i) => i) };
  for (const [type, values] of Object.entries(series) as Array<[StreamType, Float64Array]>)
    if (values.some((v) => !Number.isNaN(v))) streams[type] = seriesToStream(values);
  // The heart-rate curve and a swim's pace curve, kept for the analysis's bests (as its curves compute them).
  Object.assign(bestEfforts, keptCurveBests(streams, session.sport));

  return {
    startTime: new Date(session.startTime).toISOString(),
    elapsedSeconds: roundTo(elapsed, 0),
    timerSeconds: roundTo(timerSeconds, 0),
    movingSeconds: roundTo(movingSeconds, 0),
    distanceM: round(distance, 1),
    ascentM: round(orNull(totals.ascent ?? ascentOf(series.altitude)), 0),
    avgHr: round(orNull(totals.avgHeartRate ?? mean(hr)), 0),
    maxHr: round(orNull(totals.maxHeartRate ?? recordMax('heartRate')), 0),
    avgPower: hasPower ? round(orNull(totals.avgPower ?? mean(power)), 0) : null,
    maxPower: hasPower ? round(orNull(totals.maxPower ?? recordMax('power')), 0) : null,
    avgSpeedMps: round(orNull(avgSpeed), 3),
    maxSpeedMps: round(orNull(totals.maxSpeed ?? maxOf(speed)), 3),
    avgCadence: round(orNull(totals.avgCadence ?? mean(cadence)), 0),
    maxCadence: round(orNull(totals.maxCadence ?? recordMax('cadence')), 0),
    calories: round(orNull(totals.calories), 0),
    laps: session.laps.map((lap, i) => lapFigures(lap, i, oneHz, moved, session.startTime)),
    tss,
    tssMethod,
    intensityFactor,
    normalizedPower,
    thresholds: { values, defaults_used: defaultsUsed },
    zoneSeconds,
    bestEfforts,
    streams,
    sampleCount: oneHz.length,
    hasGps: session.records.some((r) => r.lat !== undefined && r.lng !== undefined),
  };
}

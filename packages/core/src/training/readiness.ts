// Race readiness (docs/training-load.md, "Race readiness"): a 0-100 readiness score from fitness, form
// and consistency, a taper recommendation, predicted running race times (Riegel), and areas to focus on.
//
// The score is ours, built from published pieces:
// - Load on race day is projected with the fitness model (./fitness.ts): training continues at the current
//   CTL until the taper, then at half of it (Bosquet et al. 2007, "Effects of tapering on performance: a
//   meta-analysis", Med Sci Sports Exerc 39:1358-1365: volume cut by 41-60 % over 8-14 days, intensity kept).
// - Fitness: projected CTL against a target CTL for the race, capped at 100 %.
// - Form: projected race-day TSB; +5 to +25 scores 100, falling linearly to 0 at −30 ('poor' form in
//   docs/training-load.md §4) and at +60 (detrained). Friel ("The Triathlete's Training Bible", 2016)
//   advises roughly +15 to +25 for an A race; the lower end is widened to +5 so the shorter taper of a B race
//   is not penalised.
// - Consistency: the caller's completion percentage (consistencyAnalysis), when given.
// Weights 50 % fitness, 30 % form, 20 % consistency; without consistency, fitness and form keep their ratio.

import { clamp, isPositive, nonNegative, roundTo } from '../numbers.ts';
import { daysBetween, isIsoDate } from './calendar.ts';
import { type FitnessLevel, fitnessLevel } from './categories.ts';
import { type DailyLoadPoint, extendSeriesTo, type LoadDay, trainingLoadStep } from './fitness.ts';

export interface BestEffort {
  distance_meters: number;
  time_seconds: number;
  date: string;
}

export interface RacePrediction {
  distance_meters: number;
  name: string;
  predicted_time_seconds: number;
  /** h:mm:ss, or m:ss under an hour. */
  predicted_time: string;
  based_on: BestEffort;
}

export interface PredictedPerformance {
  model: 'riegel';
  model_name: string;
  exponent: number;
  predictions: RacePrediction[];
}

export interface RaceReadiness {
  readiness_score: number;
  fitness_level: FitnessLevel;
  taper_recommendation: string;
  predicted_performance: PredictedPerformance;
  areas_to_focus: string[];
  days_until_race: number | null;
  /** CTL, ATL and TSB expected on race day (today's when there is no race ahead), rounded to 0.1. */
  race_day_load: LoadDay;
}

export interface RaceReadinessInput {
  today: string;
  /** The athlete's daily load series through today (a shorter one is carried forward with rest days). */
  series?: readonly DailyLoadPoint[] | null;
  race_date?: string | null;
  /** The race's distance; picks the target CTL and taper length, and the distance to predict. */
  race_distance_meters?: number | null;
  /** Recent best running efforts; those in the 90 days up to today are used. */
  best_efforts?: readonly BestEffort[] | null;
  /** Completion percentage of planned training (0-100), e.g. from consistencyAnalysis. */
  consistency_percentage?: number | null;
  /** Overrides the target CTL chosen from the race distance (e.g. for a triathlon). */
  target_ctl?: number | null;
}

/**
 * Riegel's fatigue exponent: T2 = T1 × (D2 / D1)^1.06 (Riegel 1981, "Athletic records and human endurance",
 * American Scientist 69:285-290).
 */
export const RIEGEL_EXPONENT = 1.06;
export const RIEGEL_MODEL_NAME = "Riegel's endurance model (1981): T2 = T1 × (D2 / D1)^1.06";
/** Best efforts older than this are not used for predictions. */
export const RECENT_EFFORT_DAYS = 90;
/** Taper multiplies the daily load by this (a 50 % volume cut, the middle of Bosquet's 41-60 %). */
export const TAPER_LOAD_FACTOR = 0.5;
/** Readiness weights. */
export const READINESS_WEIGHTS = { fitness: 0.5, form: 0.3, consistency: 0.2 } as const;
/** Ideal race-day TSB range. */
export const RACE_DAY_FORM = { min: 5, max: 25, zeroBelow: -30, zeroAbove: 60 } as const;

export const STANDARD_RUN_DISTANCES: readonly { distance_meters: number; name: string }[] = [
  { distance_meters: 5000, name: '5K' },
  { distance_meters: 10000, name: '10K' },
  { distance_meters: 21097.5, name: 'Half Marathon' },
  { distance_meters: 42195, name: 'Marathon' },
];

/**
 * Target CTL (our guide for a well-prepared age-grouper, running-oriented): up to 10 km 40, up to a half
 * marathon 50, up to a marathon 60, up to a 70.3 triathlon's 113 km 70, beyond 90; 60 without a distance.
 */
export function targetCtlFor(raceDistanceMeters: number | null | undefined): number {
  if (!isPositive(raceDistanceMeters)) return 60;
  if (raceDistanceMeters <= 10_000) return 40;
  if (raceDistanceMeters <= 21_100) return 50;
  if (raceDistanceMeters <= 42_200) return 60;
  if (raceDistanceMeters <= 113_000) return 70;
  return 90;
}

/** Taper length: 14 days before a half marathon or longer (or an unknown distance), 7 before shorter races. */
export function taperDaysFor(raceDistanceMeters: number | null | undefined): number {
  return isPositive(raceDistanceMeters) && raceDistanceMeters < 21_000 ? 7 : 14;
}

/** Riegel's prediction of the time over `toMeters` from `timeSeconds` over `fromMeters`; 0 for unusable input. */
export function riegelTime(timeSeconds: number, fromMeters: number, toMeters: number): number {
  if (!isPositive(timeSeconds) || !isPositive(fromMeters) || !isPositive(toMeters)) return 0;
  const t = timeSeconds * (toMeters / fromMeters) ** RIEGEL_EXPONENT;
  return Number.isFinite(t) ? t : 0;
}

/** Seconds as h:mm:ss, or m:ss under an hour. */
export function formatRaceTime(seconds: number): string {
  const total = Math.round(nonNegative(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * Predictions for `distances` from the recent efforts (valid distance and time, dated in the 90 days up to
 * `today`). Each distance uses the effort closest to it in ratio (Riegel is most accurate over short
 * extrapolations); of equally close efforts, the one predicting the faster time.
 */
export function predictRaceTimes(
  efforts: readonly BestEffort[],
  today: string,
  distances: readonly { distance_meters: number; name: string }[] = STANDARD_RUN_DISTANCES,
): PredictedPerformance {
  const recent = isIsoDate(today)
    ? efforts.filter(
        (e) =>
          isPositive(e.distance_meters) &&
          isPositive(e.time_seconds) &&
          isIsoDate(e.date) &&
          e.date <= today &&
          daysBetween(e.date, today) <= RECENT_EFFORT_DAYS,
      )
    : [];
  const predictions: RacePrediction[] = [];
  for (const target of distances) {
    if (!isPositive(target.distance_meters)) continue;
    let best: { effort: BestEffort; distance: number; time: number } | null = null;
    for (const effort of recent) {
      const distance = Math.abs(Math.log(target.distance_meters / effort.distance_meters));
      const time = riegelTime(effort.time_seconds, effort.distance_meters, target.distance_meters);
      if (!(time > 0)) continue;
      if (
        !best ||
        distance < best.distance - 1e-12 ||
        (Math.abs(distance - best.distance) <= 1e-12 && time < best.time)
      )
        best = { effort, distance, time };
    }
    if (best)
      predictions.push({
        distance_meters: target.distance_meters,
        name: target.name,
        predicted_time_seconds: Math.round(best.time),
        predicted_time: formatRaceTime(best.time),
        based_on: { ...best.effort },
      });
  }
  return { model: 'riegel', model_name: RIEGEL_MODEL_NAME, exponent: RIEGEL_EXPONENT, predictions };
}

/** 100 inside the ideal race-day TSB range, linear to 0 at −30 and at +60. */
export function raceDayFormScore(tsb: number): number {
  const v = Number.isNaN(tsb) ? 0 : tsb;
  const f = RACE_DAY_FORM;
  if (v < f.min) return clamp(((v - f.zeroBelow) / (f.min - f.zeroBelow)) * 100, 0, 100);
  if (v > f.max) return clamp(((f.zeroAbove - v) / (f.zeroAbove - f.max)) * 100, 0, 100);
  return 100;
}

export const READINESS_TEXTS = {
  noRace: 'No race scheduled: keep building fitness, and taper for the last 1-2 weeks before your next race.',
  racePassed: 'Your race is behind you: take a few easy days to recover before building again.',
  raceDay: 'Race day: trust your training and pace yourself.',
  taperTired:
    'Taper now: your form is still low. Cut volume by 40-60%, keep short race-pace efforts and sleep well.',
  taper: 'Taper now: cut volume by 40-60% while keeping short race-pace efforts to stay sharp.',
  buildFitness: 'Build aerobic fitness: raise your training load gradually, about 3-5 CTL points per week.',
  recover: 'Recover: your fatigue is high (form below -30). Take easy days before adding more load.',
  consistency: 'Consistency: complete more of your planned sessions.',
  bestEffort: 'Record a recent best effort, such as a 5K time trial, to predict your race times.',
  maintain: 'Keep your current training and taper as planned.',
} as const;

/** The advice for where the athlete stands relative to the race. */
export function taperRecommendation(
  daysUntilRace: number | null,
  taperDays: number,
  tsbToday: number,
): string {
  if (daysUntilRace === null) return READINESS_TEXTS.noRace;
  if (daysUntilRace < 0) return READINESS_TEXTS.racePassed;
  if (daysUntilRace === 0) return READINESS_TEXTS.raceDay;
  if (daysUntilRace > taperDays)
    return `Keep training for now: start your taper ${taperDays} days before the race (in ${daysUntilRace - taperDays} days), cutting volume by 40-60% while keeping some race-pace work.`;
  return tsbToday < -10 ? READINESS_TEXTS.taperTired : READINESS_TEXTS.taper;
}

/** Longest projection: a race up to a year ahead. */
const MAX_PROJECTION_DAYS = 366;

/**
 * Race readiness on `today` for the race on `race_date` (or for racing today when none is given). Invalid
 * dates count as absent; negative or non-finite numbers as absent or 0.
 */
export function raceReadiness(input: RaceReadinessInput): RaceReadiness {
  const today = input.today;
  const valid = isIsoDate(today);
  const known = (input.series ?? []).filter((p) => isIsoDate(p.date) && (!valid || p.date <= today));
  const series = valid ? extendSeriesTo(known, today) : known;
  const last = series.at(-1);
  const now: LoadDay = last
    ? {
        ctl: nonNegative(last.ctl),
        atl: nonNegative(last.atl),
        tsb: nonNegative(last.ctl) - nonNegative(last.atl),
      }
    : { ctl: 0, atl: 0, tsb: 0 };
  const raceDistance = isPositive(input.race_distance_meters) ? input.race_distance_meters : null;
  const taperDays = taperDaysFor(raceDistance);
  const daysUntil = valid && isIsoDate(input.race_date) ? daysBetween(today, input.race_date) : null;

  // Project to race day: current CTL as daily load until the taper, then half of it, through the day
  // before the race: race-day form is what the athlete brings into the race.
  let raceDay: LoadDay = now;
  if (daysUntil !== null && daysUntil > 0) {
    const days = Math.min(daysUntil, MAX_PROJECTION_DAYS);
    for (let d = 1; d < days; d++)
      raceDay = trainingLoadStep(raceDay, days - d <= taperDays ? now.ctl * TAPER_LOAD_FACTOR : now.ctl);
  } else if (daysUntil === 0 && series.length >= 2) {
    const yesterday = series.at(-2)!;
    raceDay = { ctl: yesterday.ctl, atl: yesterday.atl, tsb: yesterday.ctl - yesterday.atl };
  }

  const target = isPositive(input.target_ctl) ? input.target_ctl : targetCtlFor(raceDistance);
  const fitness = clamp(raceDay.ctl / target, 0, 1) * 100;
  const form = raceDayFormScore(raceDay.tsb);
  const consistency =
    typeof input.consistency_percentage === 'number' && Number.isFinite(input.consistency_percentage)
      ? clamp(input.consistency_percentage, 0, 100)
      : null;
  const w = READINESS_WEIGHTS;
  const score =
    consistency === null
      ? (fitness * w.fitness + form * w.form) / (w.fitness + w.form)
      : fitness * w.fitness + form * w.form + consistency * w.consistency;

  const distances = raceDistance
    ? [{ distance_meters: raceDistance, name: raceName(raceDistance) }]
    : STANDARD_RUN_DISTANCES;
  const predicted = predictRaceTimes(input.best_efforts ?? [], today, distances);

  const areas: string[] = [];
  if (raceDay.ctl < target) areas.push(READINESS_TEXTS.buildFitness);
  if (now.tsb < -30) areas.push(READINESS_TEXTS.recover);
  if (consistency !== null && consistency < 70) areas.push(READINESS_TEXTS.consistency);
  if (predicted.predictions.length === 0) areas.push(READINESS_TEXTS.bestEffort);
  if (areas.length === 0) areas.push(READINESS_TEXTS.maintain);

  return {
    readiness_score: Math.round(clamp(score, 0, 100)),
    fitness_level: fitnessLevel(now.ctl),
    taper_recommendation: taperRecommendation(daysUntil, taperDays, now.tsb),
    predicted_performance: predicted,
    areas_to_focus: areas,
    days_until_race: daysUntil,
    race_day_load: {
      ctl: roundTo(raceDay.ctl, 1),
      atl: roundTo(raceDay.atl, 1),
      tsb: roundTo(raceDay.tsb, 1),
    },
  };
}

/** The standard name of a race distance (within 1 %), else its kilometres. */
function raceName(meters: number): string {
  const standard = STANDARD_RUN_DISTANCES.find(
    (d) => Math.abs(d.distance_meters - meters) <= d.distance_meters * 0.01,
  );
  return standard ? standard.name : `${roundTo(meters / 1000, 1)} km`;
}

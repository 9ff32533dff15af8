// Feasibility: the race time the athlete's current level predicts after the weeks available, against their
// target. Pure. The improvement model and its sources: docs/plan-generator.md, "Feasibility".
import { clamp } from '../numbers.ts';
import type { RaceType } from '../training/plans.ts';
import { riegelTime } from '../training/readiness.ts';
import { rideSpeedFromPower } from '../workouts/planned-distance.ts';
import { type AthleteLevel, raceTimeFromVdot } from './athlete-level.ts';
import type { GoalAthleteFacts } from './goal.ts';
import type { Experience } from './goal-terms.ts';
import type { PlanFeasibility } from './plan-quality.ts';
import { eventFamily, triathlonLegs } from './week-structure.ts';

/** VDOT gained a week of structured training, and the most a plan gains, as a share of the VDOT, by experience. */
export const IMPROVEMENT = {
  perWeek: { beginner: 0.3, intermediate: 0.15, advanced: 0.08 } as Record<Experience, number>,
  maxShare: { beginner: 0.1, intermediate: 0.05, advanced: 0.03 } as Record<Experience, number>,
  /** Below this share of the time the target is faster than the prediction, it is a stretch, not out of reach. */
  stretchShare: 0.03,
} as const;

type TriFamily = 'short_tri' | 'half_tri' | 'long_tri';

/**
 * A triathlon's race intensities by distance (docs/plan-generator.md, "Feasibility"): the bike at a share of FTP
 * (an intensity factor of about 0.88 for a sprint or Olympic, 0.78 for a 70.3, 0.70 for an Ironman: Friel, and
 * Allen and Coggan), the run at a multiple of threshold pace off the bike (3 %, 8 % and 20 % slower: an
 * Ironman's marathon is run in Friel's zones 1-2), the swim at CSS and 5 % in open water, and the transitions.
 * The plan's race paces are written from the same figures.
 */
export const TRI_RACE = {
  bikeShare: { short_tri: 0.88, half_tri: 0.78, long_tri: 0.7 } as Record<TriFamily, number>,
  runFactor: { short_tri: 1.03, half_tri: 1.08, long_tri: 1.2 } as Record<TriFamily, number>,
  openWaterFactor: 1.05,
  transitionSeconds: { short_tri: 180, half_tri: 300, long_tri: 480 } as Record<TriFamily, number>,
} as const;

/** Weekly hours a run race needs for the prediction to hold; fewer hours slow the prediction. */
function hoursNeeded(meters: number): number {
  if (meters > 43_000) return 7;
  if (meters >= 30_000) return 5;
  if (meters >= 15_000) return 3.5;
  return 2.5;
}

export function formatHms(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export function parseHms(target: string): number | null {
  const m = /^(\d+):(\d{2}):(\d{2})$/.exec(target);
  if (!m) return null;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return seconds > 0 ? seconds : null;
}

export interface FeasibilityInput {
  sport: 'run' | 'bike' | 'swim' | 'triathlon';
  meters: number;
  raceType: string;
  target: string;
  weeks: number;
  weeklyHours: number;
  experience: Experience;
  level: AthleteLevel;
  facts: GoalAthleteFacts | undefined;
  /** A new runner, whose runs go by effort with no test (docs/plan-generator.md, "A new runner runs and walks"). */
  newRunner?: boolean;
}

/** The predicted time and its method, or null when nothing the athlete gave predicts it. */
function predict(input: FeasibilityInput): { seconds: number; method: string } | null {
  const { sport, meters, weeks, experience, level } = input;
  const training = Math.max(0, weeks - 2);
  if (sport === 'run' && level.vdot !== null) {
    const gain = Math.min(
      IMPROVEMENT.perWeek[experience] * training,
      IMPROVEMENT.maxShare[experience] * level.vdot,
    );
    const hoursShare = clamp(input.weeklyHours / hoursNeeded(meters), 0.3, 1);
    const vdot = level.vdot + gain * hoursShare;
    // Too few hours for the distance: the endurance, not the VDOT, sets the time (up to 8 % slower).
    const slower = 1 + 0.08 * (1 - hoursShare);
    return {
      seconds: raceTimeFromVdot(vdot, meters) * slower,
      method: `Daniels' VDOT ${vdot.toFixed(1)} (now ${level.vdot.toFixed(1)}, plus about ${IMPROVEMENT.perWeek[experience]} a week of training, at most ${Math.round(IMPROVEMENT.maxShare[experience] * 100)} %)`,
    };
  }
  if (sport === 'swim' && level.css) {
    // Open water: about 5 % slower than CSS pace over a long swim; a few percent better CSS by race day.
    const css = level.css.value * (1 - Math.min(0.03, 0.002 * training));
    return { seconds: (meters / 100) * css * 1.05, method: 'your CSS, about 5 % slower in open water' };
  }
  // A triathlon from the three legs, when every threshold is known: swim at CSS in open water, bike at the
  // distance's share of FTP on a flat road (rideSpeedFromPower: a rider on the hoods, so an aero position is
  // faster), run at threshold pace slowed off the bike, and the transitions.
  if (sport === 'triathlon' && level.css && level.ftp && level.thresholdPace) {
    const family = eventFamily(sport, meters) as TriFamily;
    const [swimM, bikeM, runM] = triathlonLegs(input.raceType as RaceType, meters);
    const watts = level.ftp.value * TRI_RACE.bikeShare[family];
    const legs =
      (swimM / 100) * level.css.value * TRI_RACE.openWaterFactor +
      bikeM / rideSpeedFromPower(watts) +
      (runM / 1000) * level.thresholdPace.value * TRI_RACE.runFactor[family] +
      TRI_RACE.transitionSeconds[family];
    const share = 1 - Math.min(0.03, 0.002 * training);
    return {
      seconds: legs * share,
      method: `your CSS, FTP and threshold pace: the swim in open water, the ride at ${Math.round(TRI_RACE.bikeShare[family] * 100)} % of FTP (${Math.round(watts)} W) on a flat course, the run ${Math.round((TRI_RACE.runFactor[family] - 1) * 100)} % slower than threshold pace off the bike, with transitions; a few percent better after training`,
    };
  }
  const same = input.facts?.performances.find(
    (p) => p.sport === sport && p.distance_meters > 0 && Math.abs(p.distance_meters - meters) <= meters * 0.3,
  );
  if (same) {
    const share = 1 - Math.min(0.03, 0.002 * training);
    return {
      seconds: riegelTime(same.time_seconds, same.distance_meters, meters) * share,
      method: `your ${formatHms(same.time_seconds)} over ${Math.round(same.distance_meters / 100) / 10} km (Riegel), a few percent better after training`,
    };
  }
  return null;
}

export function assessFeasibility(input: FeasibilityInput): PlanFeasibility {
  const target = parseHms(input.target);
  const prediction = predict(input);
  const targetTime = target ? formatHms(target) : null;
  if (!prediction) {
    return {
      verdict: 'unknown',
      predicted_time: null,
      target_time: targetTime,
      suggested_target: null,
      method: null,
      message: target
        ? `We cannot predict your time yet: give a recent race result or best time${input.sport === 'run' ? '' : ' in this sport'} and we check your ${targetTime} against it.${input.newRunner ? '' : " The first week's test sets your zones."}`
        : 'Your goal is to finish: the plan builds the endurance for it. Give a recent race result to get a predicted time.',
    };
  }
  // Round to the minute above: a prediction is not precise to the second.
  const predicted = Math.ceil(prediction.seconds / 60) * 60;
  const predictedTime = formatHms(predicted);
  if (!target) {
    return {
      verdict: 'on_track',
      predicted_time: predictedTime,
      target_time: null,
      suggested_target: null,
      method: prediction.method,
      message: `Your goal is to finish; your level predicts about ${predictedTime} on race day.`,
    };
  }
  const gap = (predicted - target) / predicted;
  if (gap <= 0)
    return {
      verdict: 'on_track',
      predicted_time: predictedTime,
      target_time: targetTime,
      suggested_target: null,
      method: prediction.method,
      message: `On track: your level predicts about ${predictedTime} by race day, within your ${targetTime}.`,
    };
  if (gap <= IMPROVEMENT.stretchShare)
    return {
      verdict: 'stretch',
      predicted_time: predictedTime,
      target_time: targetTime,
      suggested_target: null,
      method: prediction.method,
      message: `A stretch: your level predicts about ${predictedTime}, ${Math.round(gap * 1000) / 10} % slower than your ${targetTime}. Reachable with consistent training and a good day.`,
    };
  return {
    verdict: 'out_of_reach',
    predicted_time: predictedTime,
    target_time: targetTime,
    suggested_target: predictedTime,
    method: prediction.method,
    message: `Out of reach in the time available: your level predicts about ${predictedTime}, ${Math.round(gap * 100)} % slower than your ${targetTime}. We suggest ${predictedTime}; the race-pace sessions are written at that pace. You can keep your target.`,
  };
}

/** The race time the plan paces from: the target when reachable, else the suggested one; else the prediction. */
export function pacingTime(feasibility: PlanFeasibility): number | null {
  if (feasibility.verdict === 'out_of_reach' && feasibility.suggested_target)
    return parseHms(feasibility.suggested_target);
  if (feasibility.target_time) return parseHms(feasibility.target_time);
  return feasibility.predicted_time ? parseHms(feasibility.predicted_time) : null;
}

// The athlete's training profile as their last weeks show it: what the plan generator starts from. Pure; the
// onboarding job reads the data (docs/onboarding.md, "The training profile").
import { addDays, epochDay } from '../dates.ts';
import { roundTo } from '../numbers.ts';
import { restLoad } from '../training/fitness.ts';
import type { AthleteThresholds } from '../workouts/types.ts';
import type { PlanProfile } from './plan-types.ts';

/** How far back the profile reads: 12 weeks, today included. */
export const PROFILE_WINDOW_DAYS = 84;

export type ProfileSport = 'run' | 'bike' | 'swim';

/** What the onboarding job read of the athlete (the session's `harvest`). */
export interface ProfileHarvest {
  /** The athlete's local date; the window is the 84 days ending today. */
  today: string;
  /** Stored daily load rows (days with training) in the window. */
  days: ReadonlyArray<{
    date: string;
    tss: number;
    sessions: number;
    run_minutes: number;
    bike_minutes: number;
    swim_minutes: number;
    strength_minutes: number;
  }>;
  /** The latest daily load row on or before today (it may lie before the window), for today's fitness. */
  latest_load: { date: string; ctl: number; atl: number } | null;
  /** Recorded activities and completed workouts in the window: their sport and minutes. */
  sessions: ReadonlyArray<{ date: string; sport: string; minutes: number; source: 'activity' | 'workout' }>;
  /** The athlete's own thresholds (null where they gave none: defaults are not the athlete's). */
  thresholds: {
    ftp_watts: number | null;
    threshold_pace_seconds_per_km: number | null;
    css_seconds_per_100m: number | null;
    max_hr: number | null;
    lthr: number | null;
  };
  wellness: ReadonlyArray<{
    date: string;
    hrv: number | null;
    resting_hr: number | null;
    sleep_hours: number | null;
  }>;
}

/** The session's `profile` (contract ZTrainingProfile). */
export interface TrainingProfile {
  ctl: number;
  weekly_hours: number;
  longest_session_minutes: Record<ProfileSport, number>;
  thresholds: ProfileHarvest['thresholds'];
  data: {
    from: string;
    to: string;
    training_days: number;
    activities: number;
    completed_workouts: number;
    wellness_days: number;
    hrv_average: number | null;
    resting_hr_average: number | null;
    sleep_hours_average: number | null;
  };
}

const finiteNonNegative = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

function average(values: ReadonlyArray<number | null>): number | null {
  const known = values.filter(positive);
  if (known.length === 0) return null;
  return roundTo(known.reduce((a, b) => a + b, 0) / known.length, 1);
}

/** The first day of the window that ends `today`. */
export function profileWindowStart(today: string): string {
  return addDays(today, -(PROFILE_WINDOW_DAYS - 1));
}

/**
 * The profile from what the job read. Rules (docs/onboarding.md, "The training profile"):
 * - CTL: the latest stored day's CTL, rested (decayed) over the days from it to today;
 * - weekly hours: every minute trained in the window, over the weeks from the first training day in it to
 *   today (at least one week), so a newcomer is not averaged over weeks before they started;
 * - longest session per sport: the longest activity or completed workout in the window;
 * - thresholds as given; wellness averages over the days that hold the value.
 * Rows outside the window, after today, or with values that are not numbers are left out.
 */
export function estimateTrainingProfile(harvest: ProfileHarvest): TrainingProfile {
  const { today } = harvest;
  const from = profileWindowStart(today);
  const inWindow = (date: string) => date >= from && date <= today;

  const latest = harvest.latest_load;
  let ctl = 0;
  if (latest && latest.date <= today) {
    const rested = restLoad({ ctl: latest.ctl, atl: latest.atl }, epochDay(today) - epochDay(latest.date));
    ctl = roundTo(rested.ctl, 1);
  }

  const days = harvest.days.filter((d) => inWindow(d.date));
  const minutesOf = (d: ProfileHarvest['days'][number]) =>
    [d.run_minutes, d.bike_minutes, d.swim_minutes, d.strength_minutes]
      .filter(finiteNonNegative)
      .reduce((a, b) => a + b, 0);
  const trainingDays = days.filter((d) => minutesOf(d) > 0 || (finiteNonNegative(d.tss) && d.tss > 0));
  const totalMinutes = days.reduce((sum, d) => sum + minutesOf(d), 0);
  let weeklyHours = 0;
  if (trainingDays.length > 0 && totalMinutes > 0) {
    const first = trainingDays.reduce((a, d) => (d.date < a ? d.date : a), trainingDays[0]!.date);
    const weeks = Math.max(1, (epochDay(today) - epochDay(first) + 1) / 7);
    weeklyHours = roundTo(totalMinutes / 60 / weeks, 1);
  }

  const sessions = harvest.sessions.filter((s) => inWindow(s.date) && finiteNonNegative(s.minutes));
  const longest: Record<ProfileSport, number> = { run: 0, bike: 0, swim: 0 };
  for (const s of sessions) {
    if (s.sport === 'run' || s.sport === 'bike' || s.sport === 'swim') {
      longest[s.sport] = Math.max(longest[s.sport], Math.round(s.minutes));
    }
  }

  const wellness = harvest.wellness.filter((w) => inWindow(w.date));
  const t = harvest.thresholds;
  const known = (v: number | null) => (positive(v) ? v : null);
  return {
    ctl,
    weekly_hours: weeklyHours,
    longest_session_minutes: longest,
    thresholds: {
      ftp_watts: known(t.ftp_watts),
      threshold_pace_seconds_per_km: known(t.threshold_pace_seconds_per_km),
      css_seconds_per_100m: known(t.css_seconds_per_100m),
      max_hr: known(t.max_hr),
      lthr: known(t.lthr),
    },
    data: {
      from,
      to: today,
      training_days: trainingDays.length,
      activities: sessions.filter((s) => s.source === 'activity').length,
      completed_workouts: sessions.filter((s) => s.source === 'workout').length,
      wellness_days: wellness.filter((w) => [w.hrv, w.resting_hr, w.sleep_hours].some(positive)).length,
      hrv_average: average(wellness.map((w) => w.hrv)),
      resting_hr_average: average(wellness.map((w) => w.resting_hr)),
      sleep_hours_average: average(wellness.map((w) => w.sleep_hours)),
    },
  };
}

/** What the plan generator reads of the profile: the athlete's known thresholds only. */
export function planProfileOf(profile: TrainingProfile): PlanProfile {
  const t = profile.thresholds;
  const thresholds: AthleteThresholds = {};
  if (t.ftp_watts !== null) thresholds.ftpWatts = t.ftp_watts;
  if (t.threshold_pace_seconds_per_km !== null)
    thresholds.thresholdPaceSecondsPerKm = t.threshold_pace_seconds_per_km;
  if (t.css_seconds_per_100m !== null) thresholds.cssSecondsPer100m = t.css_seconds_per_100m;
  if (t.max_hr !== null) thresholds.maxHr = t.max_hr;
  if (t.lthr !== null) thresholds.lthr = t.lthr;
  const longest = profile.longest_session_minutes;
  return {
    ctl: profile.ctl,
    weeklyHours: profile.weekly_hours,
    longestSessionMinutes: {
      ...(longest.run > 0 ? { run: longest.run } : {}),
      ...(longest.bike > 0 ? { bike: longest.bike } : {}),
      ...(longest.swim > 0 ? { swim: longest.swim } : {}),
    },
    thresholds,
  };
}

// Achievements computed from completed sessions (docs/training-load.md, "Achievements"). Each catalogue
// entry measures one figure of the athlete's history; it is earned on the first date the figure reaches its
// target, and its progress is the best figure so far against the target.

import { nonNegative, roundTo } from '../numbers.ts';
import { daysBetween, isIsoDate, monthOf, weekStartOf } from './calendar.ts';
import { MAX_SESSION_MINUTES } from './tss.ts';

export interface AchievementSession {
  date: string;
  /** run, bike, swim, strength or brick (a brick counts as both bike and run for the multisport day). */
  sport: string;
  duration_minutes: number;
  distance_meters?: number | null;
  tss?: number | null;
}

export type AchievementCategory =
  | 'milestone'
  | 'distance'
  | 'endurance'
  | 'volume'
  | 'load'
  | 'consistency'
  | 'multisport';

type Metric = 'distance_km' | 'hours' | 'tss';

/** How an achievement's figure is measured. */
export type AchievementMeasure =
  /** The best single session of the given sports (all sports when absent). */
  | { kind: 'session_best'; metric: 'distance_km' | 'hours'; sports?: readonly string[] }
  /** A running total over every session. */
  | { kind: 'total'; metric: Metric | 'sessions' }
  /** The best calendar day, training week or calendar month. */
  | { kind: 'period_best'; period: 'day' | 'week' | 'month'; metric: Metric }
  /** The longest run of consecutive days with a session. */
  | { kind: 'streak' }
  /** The most of swim, bike and run done on one day. */
  | { kind: 'triathlon_day' };

export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  emoji: string;
  category: AchievementCategory;
  target_value: number;
  unit: string;
  measure: AchievementMeasure;
}

export interface Achievement {
  id: string;
  name: string;
  description: string;
  emoji: string;
  category: AchievementCategory;
  earned: boolean;
  earned_date: string | null;
  /** 0-100: 100 once earned; otherwise the best figure / target, rounded down to 0.1 and below 100. */
  progress_percentage: number;
  /** The best figure so far (rounded to 0.1). */
  current_value: number;
  target_value: number;
  unit: string;
}

const def = (
  id: string,
  name: string,
  description: string,
  emoji: string,
  category: AchievementCategory,
  target_value: number,
  unit: string,
  measure: AchievementMeasure,
): AchievementDefinition => ({ id, name, description, emoji, category, target_value, unit, measure });

const RUN = ['run'];
const BIKE = ['bike'];
const SWIM = ['swim'];

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  def('first_workout', 'First Step', 'Complete your first workout', '👟', 'milestone', 1, 'workouts', {
    kind: 'total',
    metric: 'sessions',
  }),
  def('workouts_50', 'Fifty Workouts', 'Complete 50 workouts', '💪', 'milestone', 50, 'workouts', {
    kind: 'total',
    metric: 'sessions',
  }),
  def('workouts_100', 'Hundred Workouts', 'Complete 100 workouts', '🏅', 'milestone', 100, 'workouts', {
    kind: 'total',
    metric: 'sessions',
  }),
  def('workouts_365', 'A Year of Workouts', 'Complete 365 workouts', '📅', 'milestone', 365, 'workouts', {
    kind: 'total',
    metric: 'sessions',
  }),
  def(
    'total_distance_1000km',
    'Thousand Kilometres',
    'Cover 1,000 km in total',
    '🌍',
    'milestone',
    1000,
    'km',
    {
      kind: 'total',
      metric: 'distance_km',
    },
  ),
  def('total_hours_100', 'Hundred Hours', 'Train for 100 hours in total', '⌛', 'milestone', 100, 'hours', {
    kind: 'total',
    metric: 'hours',
  }),
  def('first_5k_run', 'First 5K', 'Run 5 km in one session', '🏃', 'distance', 5, 'km', {
    kind: 'session_best',
    metric: 'distance_km',
    sports: RUN,
  }),
  def('first_10k_run', 'First 10K', 'Run 10 km in one session', '🏃‍♀️', 'distance', 10, 'km', {
    kind: 'session_best',
    metric: 'distance_km',
    sports: RUN,
  }),
  def(
    'half_marathon_run',
    'Half Marathon Distance',
    'Run a half marathon (21.1 km) in one session',
    '🥈',
    'distance',
    21.0975,
    'km',
    { kind: 'session_best', metric: 'distance_km', sports: RUN },
  ),
  def(
    'marathon_run',
    'Marathon Distance',
    'Run a marathon (42.2 km) in one session',
    '🥇',
    'distance',
    42.195,
    'km',
    {
      kind: 'session_best',
      metric: 'distance_km',
      sports: RUN,
    },
  ),
  def('ultra_run', 'Ultra Runner', 'Run 50 km in one session', '🦶', 'distance', 50, 'km', {
    kind: 'session_best',
    metric: 'distance_km',
    sports: RUN,
  }),
  def('metric_century_ride', 'Metric Century', 'Ride 100 km in one session', '🚲', 'distance', 100, 'km', {
    kind: 'session_best',
    metric: 'distance_km',
    sports: BIKE,
  }),
  def(
    'century_ride',
    'Century Ride',
    'Ride 100 miles (160.9 km) in one session',
    '🚴',
    'distance',
    160.9,
    'km',
    {
      kind: 'session_best',
      metric: 'distance_km',
      sports: BIKE,
    },
  ),
  def('swim_1500', 'Olympic Swim', 'Swim 1.5 km in one session', '🏊', 'distance', 1.5, 'km', {
    kind: 'session_best',
    metric: 'distance_km',
    sports: SWIM,
  }),
  def('swim_3800', 'Iron Swim', 'Swim 3.8 km in one session', '🌊', 'distance', 3.8, 'km', {
    kind: 'session_best',
    metric: 'distance_km',
    sports: SWIM,
  }),
  def('long_run_2h', 'Two-Hour Run', 'Run for 2 hours in one session', '⏱️', 'endurance', 2, 'hours', {
    kind: 'session_best',
    metric: 'hours',
    sports: RUN,
  }),
  def('long_ride_4h', 'Four-Hour Ride', 'Ride for 4 hours in one session', '🚵', 'endurance', 4, 'hours', {
    kind: 'session_best',
    metric: 'hours',
    sports: BIKE,
  }),
  def(
    'week_100km',
    'Hundred-Kilometre Week',
    'Cover 100 km in one training week',
    '📈',
    'volume',
    100,
    'km',
    {
      kind: 'period_best',
      period: 'week',
      metric: 'distance_km',
    },
  ),
  def('week_10h', 'Ten-Hour Week', 'Train for 10 hours in one training week', '⏳', 'volume', 10, 'hours', {
    kind: 'period_best',
    period: 'week',
    metric: 'hours',
  }),
  def(
    'week_20h',
    'Twenty-Hour Week',
    'Train for 20 hours in one training week',
    '🔥',
    'volume',
    20,
    'hours',
    {
      kind: 'period_best',
      period: 'week',
      metric: 'hours',
    },
  ),
  def('tss_day_300', 'Big Day', 'Collect 300 TSS in one day', '⚡', 'load', 300, 'TSS', {
    kind: 'period_best',
    period: 'day',
    metric: 'tss',
  }),
  def('tss_week_500', '500 TSS Week', 'Collect 500 TSS in one training week', '📊', 'load', 500, 'TSS', {
    kind: 'period_best',
    period: 'week',
    metric: 'tss',
  }),
  def(
    'tss_month_1000',
    '1000 TSS Month',
    'Collect 1,000 TSS in one calendar month',
    '🏔️',
    'load',
    1000,
    'TSS',
    {
      kind: 'period_best',
      period: 'month',
      metric: 'tss',
    },
  ),
  def('streak_7', 'Week Streak', 'Train 7 days in a row', '🔗', 'consistency', 7, 'days', { kind: 'streak' }),
  def('streak_30', '30-Day Streak', 'Train 30 days in a row', '🗓️', 'consistency', 30, 'days', {
    kind: 'streak',
  }),
  def('triathlon_day', 'Triple Day', 'Swim, bike and run on the same day', '🏆', 'multisport', 3, 'sports', {
    kind: 'triathlon_day',
  }),
];

/** Per-session caps that keep every total finite: 7 days, 10,000 km, 10,000 TSS. */
const MAX_DISTANCE_METERS = 10_000_000;
const MAX_SESSION_TSS = 10_000;

interface CleanSession {
  date: string;
  sport: string;
  hours: number;
  distance_km: number;
  tss: number;
}

function clean(sessions: readonly AchievementSession[]): CleanSession[] {
  return sessions
    .filter((s) => isIsoDate(s.date))
    .map((s) => ({
      date: s.date,
      sport: String(s.sport),
      hours: Math.min(nonNegative(s.duration_minutes), MAX_SESSION_MINUTES) / 60,
      distance_km: Math.min(nonNegative(s.distance_meters), MAX_DISTANCE_METERS) / 1000,
      tss: Math.min(nonNegative(s.tss), MAX_SESSION_TSS),
    }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Best figure so far, and the first date it reached `target` (null if never). */
interface Measured {
  best: number;
  reached: string | null;
}

function measure(
  m: AchievementMeasure,
  target: number,
  sessions: readonly CleanSession[],
  weekStartsOn: number,
): Measured {
  let best = 0;
  let reached: string | null = null;
  const see = (value: number, date: string) => {
    if (value > best) best = value;
    if (reached === null && value >= target) reached = date;
  };
  switch (m.kind) {
    case 'session_best':
      for (const s of sessions) if (!m.sports || m.sports.includes(s.sport)) see(s[m.metric], s.date);
      break;
    case 'total': {
      let total = 0;
      for (const s of sessions) {
        total += m.metric === 'sessions' ? 1 : s[m.metric];
        see(total, s.date);
      }
      break;
    }
    case 'period_best': {
      const totals = new Map<string, number>();
      for (const s of sessions) {
        const key =
          m.period === 'day'
            ? s.date
            : m.period === 'week'
              ? weekStartOf(s.date, weekStartsOn)
              : monthOf(s.date);
        const total = (totals.get(key) ?? 0) + s[m.metric];
        totals.set(key, total);
        see(total, s.date);
      }
      break;
    }
    case 'streak': {
      let run = 0;
      let previous: string | null = null;
      for (const s of sessions) {
        if (s.date === previous) continue;
        run = previous !== null && daysBetween(previous, s.date) === 1 ? run + 1 : 1;
        previous = s.date;
        see(run, s.date);
      }
      break;
    }
    case 'triathlon_day': {
      const byDay = new Map<string, Set<string>>();
      for (const s of sessions) {
        const sports = byDay.get(s.date) ?? new Set<string>();
        byDay.set(s.date, sports);
        if (s.sport === 'brick') {
          sports.add('bike');
          sports.add('run');
        } else if (s.sport === 'swim' || s.sport === 'bike' || s.sport === 'run') sports.add(s.sport);
        see(sports.size, s.date);
      }
      break;
    }
  }
  return { best, reached };
}

/** One achievement's result from its figure. */
function result(d: AchievementDefinition, { best, reached }: Measured): Achievement {
  const earned = reached !== null;
  const progress = earned ? 100 : Math.min(99.9, Math.floor((best / d.target_value) * 1000) / 10);
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    emoji: d.emoji,
    category: d.category,
    earned,
    earned_date: reached,
    progress_percentage: Number.isFinite(progress) ? Math.max(0, progress) : 0,
    current_value: roundTo(best, 1),
    target_value: d.target_value,
    unit: d.unit,
  };
}

export interface AchievementOptions {
  /** Only this category (docs/training-load.md §8); every category when absent or unknown. */
  category?: string | null;
  /** First day of a training week: 1 Monday (default), 0 Sunday. */
  weekStartsOn?: number;
  catalogue?: readonly AchievementDefinition[];
}

/**
 * Every achievement of the catalogue (default ACHIEVEMENTS) from the athlete's completed sessions. Sessions
 * with an invalid date are ignored; negative or non-finite durations, distances and TSS count as 0.
 */
export function evaluateAchievements(
  sessions: readonly AchievementSession[],
  options: AchievementOptions = {},
): Achievement[] {
  const catalogue = options.catalogue ?? ACHIEVEMENTS;
  const known = catalogue.some((d) => d.category === options.category);
  const chosen = known ? catalogue.filter((d) => d.category === options.category) : catalogue;
  const cleaned = clean(sessions);
  const weekStartsOn = options.weekStartsOn ?? 1;
  return chosen.map((d) => result(d, measure(d.measure, d.target_value, cleaned, weekStartsOn)));
}

/** 'N of M earned'. */
export function achievementCounts(achievements: readonly Achievement[]): { earned: number; total: number } {
  return { earned: achievements.filter((a) => a.earned).length, total: achievements.length };
}

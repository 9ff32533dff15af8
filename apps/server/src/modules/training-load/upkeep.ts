// Keeps an athlete's daily load table current. Called in the transaction of every workout write that can
// change completed work, with the earliest day the write touched: every stored day from there on is
// re-derived, so a change to an old workout flows through the whole fitness and fatigue series after it,
// and nothing before it is recomputed. Rules: docs/training-load.md, "The daily load table".
import {
  epochDay,
  restLoad,
  type Sport,
  trainingLoadStep,
  type Zone,
  zoneFromThresholdPercent,
} from '@stamina/core';
import type { Conn } from '../../db/client.ts';
import * as repo from './repository.ts';

export type Session = Awaited<ReturnType<typeof repo.completedSessionsFrom>>[number];
export type Activity = Omit<Awaited<ReturnType<typeof repo.activitiesFrom>>[number], 'id'>;
type Day = Omit<repo.DailyLoadRow, 'athleteId'>;

const MINUTES_COLUMN: Partial<
  Record<Sport, 'runMinutes' | 'bikeMinutes' | 'swimMinutes' | 'strengthMinutes'>
> = {
  run: 'runMinutes',
  bike: 'bikeMinutes',
  swim: 'swimMinutes',
  strength: 'strengthMinutes',
};

/**
 * The athlete's load lock, for a write that must be serialised with their load updates before it calls
 * `rederiveDailyLoad` (which takes it too; it is held until the transaction ends).
 */
export const lockAthleteLoad = repo.lockAthleteLoad;
export const firstDayWithoutSportFigures = repo.firstDayWithoutSportFigures;

/** Seconds per zone of one session: from its parsed steps (rest as zone 1), else all in its zone (default 2). */
function sessionZoneSeconds(
  session: Pick<Session, 'structure' | 'durationMinutes' | 'intensityZone'> & {
    /** Minutes actually trained, when logged: the planned steps are scaled to them. */
    actualMinutes?: number | null;
  },
) {
  const seconds: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  const structure = session.structure as
    | { warmup_intervals?: Step[]; main_intervals?: Step[]; cooldown_intervals?: Step[] }
    | null
    | undefined;
  const steps = [
    ...(structure?.warmup_intervals ?? []),
    ...(structure?.main_intervals ?? []),
    ...(structure?.cooldown_intervals ?? []),
  ];
  if (steps.length > 0) {
    for (const step of steps) {
      const zone = step.isRest ? 1 : step.zone;
      if (zone >= 1 && zone <= 5) seconds[zone - 1]! += Math.max(0, step.duration_seconds || 0);
    }
    const planned = seconds.reduce((a, b) => a + b, 0);
    const actual = session.actualMinutes;
    if (typeof actual === 'number' && actual >= 0 && planned > 0) {
      for (let z = 0; z < 5; z++) seconds[z] = (seconds[z]! * actual * 60) / planned;
    }
    return seconds;
  }
  const zone = (session.intensityZone ?? 2) as Zone;
  seconds[zone - 1]! += Math.max(0, session.actualMinutes ?? session.durationMinutes ?? 0) * 60;
  return seconds;
}

/**
 * Seconds per zone of a recorded activity: its measured time in zone (power, else heart rate, else pace), or,
 * without any, its moving time in the zone of its intensity factor (zone 2 without one). docs/training-load.md,
 * "The daily load table".
 */
function activityZoneSeconds(activity: Pick<Activity, 'zoneSeconds' | 'movingSeconds' | 'intensityFactor'>) {
  const seconds: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  const zones = activity.zoneSeconds ?? {};
  const measured = [zones.power, zones.hr, zones.pace].find(
    (z) => Array.isArray(z) && z.length === 5 && z.some((v) => v > 0),
  );
  if (measured) {
    for (let z = 0; z < 5; z++) seconds[z] = Math.max(0, measured[z] ?? 0);
    return seconds;
  }
  const zone = activity.intensityFactor ? zoneFromThresholdPercent(activity.intensityFactor * 100) : 2;
  seconds[zone - 1] = Math.max(0, activity.movingSeconds);
  return seconds;
}

interface Step {
  zone: Zone;
  isRest: boolean;
  duration_seconds: number;
}

function emptyDay(date: string): Day {
  return {
    date,
    tss: 0,
    ctl: 0,
    atl: 0,
    tsb: 0,
    sessions: 0,
    runMinutes: 0,
    bikeMinutes: 0,
    swimMinutes: 0,
    strengthMinutes: 0,
    zoneSeconds: [0, 0, 0, 0, 0],
    sportFigures: {},
    streakDays: 0,
    longestStreak: 0,
  };
}

/**
 * Re-derives every stored day from `fromDate` on. Only days with completed sessions are stored: the rows
 * written are the days with work from `fromDate` on, whatever the dates (an old workout next to one today
 * writes two rows, not a row per day between them), and CTL and ATL decay across the gaps in closed form.
 * It runs under the athlete's load lock (repo.lockAthleteLoad), so concurrent writes re-derive one after the
 * other, each from the committed state: see docs/training-load.md, "The daily load table".
 */
export async function rederiveDailyLoad(db: Conn, athleteId: string, fromDate: string): Promise<void> {
  await repo.lockAthleteLoad(db, athleteId);
  const before = await repo.lastDayBefore(db, athleteId, fromDate);
  const [sessions, recorded] = await Promise.all([
    repo.completedSessionsFrom(db, athleteId, fromDate),
    repo.activitiesFrom(db, athleteId, fromDate),
  ]);
  await repo.replaceDaysFrom(db, athleteId, fromDate, deriveDays(before, sessions, recorded));
}

/**
 * The stored days from a day on (pure): the days with completed sessions or activities, each after `before`
 * (the last stored day before them, if any). The scale seed (scripts/seed-scale.ts) computes whole histories
 * with it.
 */
export function deriveDays(
  before: Pick<Day, 'date' | 'ctl' | 'atl' | 'sessions' | 'streakDays' | 'longestStreak'> | undefined,
  sessions: readonly Session[],
  recorded: readonly Activity[],
): Day[] {
  // A day's training: its completed workouts that no activity completes, and its recorded activities.
  const byDate = new Map<string, Day>();
  const dayOf = (date: string) => {
    const found = byDate.get(date);
    if (found) return found;
    const day = emptyDay(date);
    byDate.set(date, day);
    return day;
  };
  // One session's training into its day: the totals and its sport's figures by the same numbers.
  const add = (date: string, sport: string, tss: number, minutes: number, zones: readonly number[]) => {
    const day = dayOf(date);
    day.sessions += 1;
    day.tss += tss;
    const column = MINUTES_COLUMN[sport as Sport];
    if (column) day[column] += minutes;
    const figures = day.sportFigures!;
    const own = figures[sport] ?? { tss: 0, zoneSeconds: [0, 0, 0, 0, 0] };
    figures[sport] = own;
    own.tss += tss;
    own.minutes = (own.minutes ?? 0) + minutes;
    for (let z = 0; z < 5; z++) {
      day.zoneSeconds[z]! += zones[z]!;
      own.zoneSeconds[z]! += zones[z]!;
    }
  };
  // A workout done by hand counts what was logged (its actual TSS and minutes) over what was planned.
  for (const session of sessions) {
    const minutes =
      session.actualDurationSeconds === null ? session.durationMinutes : session.actualDurationSeconds / 60;
    add(
      session.date,
      session.sport,
      session.actualTss ?? session.tss ?? 0,
      Math.max(0, minutes ?? 0),
      sessionZoneSeconds({ ...session, actualMinutes: minutes }),
    );
  }
  for (const activity of recorded)
    add(
      activity.date,
      activity.sport,
      activity.tss ?? 0,
      Math.max(0, activity.movingSeconds) / 60,
      activityZoneSeconds(activity),
    );

  const days: Day[] = [];
  let previous: Pick<Day, 'date' | 'ctl' | 'atl' | 'sessions' | 'streakDays' | 'longestStreak'> | undefined =
    before;
  for (const date of [...byDate.keys()].sort()) {
    const day = byDate.get(date)!;
    // The rest days between the previous day with work and this one, then this day's training.
    const gap = previous ? epochDay(date) - epochDay(previous.date) - 1 : 0;
    const rested = previous ? restLoad(previous, gap) : null;
    Object.assign(day, trainingLoadStep(rested, day.tss));
    // The streak goes on from the day before, when it had sessions; the longest carries over.
    day.streakDays = previous && gap === 0 && previous.sessions > 0 ? previous.streakDays + 1 : 1;
    day.longestStreak = Math.max(previous?.longestStreak ?? 0, day.streakDays);
    previous = day;
    days.push(day);
  }
  return days;
}

/**
 * Re-derives the athlete's days when some were written before the daily load kept per-sport figures
 * (`sport_figures` null), so a read of them finds them; nothing when all have them. Takes the load lock.
 */
export async function ensureSportFigures(db: Conn, athleteId: string): Promise<void> {
  const first = await repo.firstDayWithoutSportFigures(db, athleteId);
  if (first) await rederiveDailyLoad(db, athleteId, first);
}

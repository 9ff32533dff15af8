// Keeps an athlete's daily load table current. Called in the transaction of every workout write that can
// change completed work, with the earliest day the write touched: every stored day from there on is
// re-derived, so a change to an old workout flows through the whole fitness and fatigue series after it,
// and nothing before it is recomputed.
import { addDays, type Sport, trainingLoadStep, type Zone } from '@stamina/core';
import type { Conn } from '../../db/client.ts';
import * as repo from './repository.ts';

type Session = Awaited<ReturnType<typeof repo.completedSessionsFrom>>[number];
type Day = Omit<repo.DailyLoadRow, 'athleteId'>;

const MINUTES_COLUMN: Record<Sport, 'runMinutes' | 'bikeMinutes' | 'swimMinutes' | 'strengthMinutes'> = {
  run: 'runMinutes',
  bike: 'bikeMinutes',
  swim: 'swimMinutes',
  strength: 'strengthMinutes',
};

/** Seconds per zone of one session: from its parsed steps (rest as zone 1), else all in its zone (default 2). */
export function sessionZoneSeconds(
  session: Pick<Session, 'structure' | 'durationMinutes' | 'intensityZone'>,
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
    return seconds;
  }
  const zone = (session.intensityZone ?? 2) as Zone;
  seconds[zone - 1]! += Math.max(0, session.durationMinutes ?? 0) * 60;
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
  };
}

/** Re-derives every stored day from `fromDate` on (or from the day after the last stored one, if later). */
export async function rederiveDailyLoad(db: Conn, athleteId: string, fromDate: string): Promise<void> {
  const before = await repo.lastDayBefore(db, athleteId, fromDate);
  // Days are stored without gaps from the first completed session on, so the series restarts right after
  // the last stored day before the change (or at the first session, for an athlete with none before).
  const replaceFrom = before ? addDays(before.date, 1) : fromDate;
  const sessions = await repo.completedSessionsFrom(db, athleteId, replaceFrom);
  const first = sessions[0];
  const last = sessions.at(-1);
  if (!first || !last) {
    // Nothing completed from here on: the table ends at the last day with work; reads decay from there.
    await repo.replaceDaysFrom(db, athleteId, replaceFrom, []);
    return;
  }
  const start = before ? replaceFrom : first.date;
  const byDate = new Map<string, Session[]>();
  for (const session of sessions) byDate.set(session.date, [...(byDate.get(session.date) ?? []), session]);

  const days: Day[] = [];
  let previous = { ctl: before?.ctl ?? 0, atl: before?.atl ?? 0 };
  for (let date = start; date <= last.date; date = addDays(date, 1)) {
    const day = emptyDay(date);
    for (const session of byDate.get(date) ?? []) {
      day.sessions += 1;
      day.tss += session.tss ?? 0;
      day[MINUTES_COLUMN[session.sport as Sport]] += Math.max(0, session.durationMinutes ?? 0);
      const zones = sessionZoneSeconds(session);
      for (let z = 0; z < 5; z++) day.zoneSeconds[z]! += zones[z]!;
    }
    const next = trainingLoadStep(previous, day.tss);
    Object.assign(day, next);
    previous = next;
    days.push(day);
  }
  await repo.replaceDaysFrom(db, athleteId, replaceFrom, days);
}

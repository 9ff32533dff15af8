// Placing one week's sessions on its days: long sessions on the athlete's days, hard ones apart and never the
// day after a long one (last week's included) nor the day before the race, at most two sessions a day and one
// of a sport, the rest spread so no three days in a row are empty. Pure. Rules: docs/plan-generator.md,
// "Structure".
import { addDays } from '../dates.ts';
import type { Sport } from '../workouts/types.ts';
import { isTriathlonFamily, type Role, type Slot, type WeekInput, weekDayOf } from './week-input.ts';

const HARD: readonly Role[] = ['key', 'test', 'long', 'opener'];

/**
 * Places the slots on the week's dates: long sessions on the athlete's days, hard ones apart and never the day
 * after a long one, the rest spread so no three days in a row are empty. Slots that find no day are dropped.
 */
export function placeWeek(w: WeekInput, slots: Slot[]): Slot[] {
  const names = new Map(w.dates.map((d) => [d, weekDayOf(d)]));
  const nameOf = (d: string) => names.get(d) ?? weekDayOf(d);
  const weekdayOf = (d: string) => nameOf(d) !== 'saturday' && nameOf(d) !== 'sunday';
  const { dates, prefs } = w;
  const byDate = new Map<string, Slot[]>(dates.map((d) => [d, []]));
  const rest = new Set(prefs.rest_days);
  const open = dates.filter((d) => !rest.has(nameOf(d)));
  const usable = open.length > 0 ? open : dates;
  const excluded = (sport: Sport, date: string) =>
    (sport === 'swim' && nameOf(date) === prefs.no_swim_day) ||
    prefs.sport_exclusions.some((e) => e.sport === sport && e.day === nameOf(date));
  const fits = (slot: Slot, date: string) =>
    !excluded(slot.sport, date) &&
    !(prefs.weekday_max_minutes !== null && weekdayOf(date) && slot.role === 'long');
  const blocked = new Set(w.blockedHard);
  const hardDates = new Set<string>();
  const placed: Slot[] = [];
  const put = (slot: Slot, date: string) => {
    slot.date = date;
    byDate.get(date)!.push(slot);
    placed.push(slot);
    if (HARD.includes(slot.role)) hardDates.add(date);
    if (slot.role === 'long') blocked.add(addDays(date, 1));
  };
  const raceEve = addDays(w.race, -1);
  // Long sessions first, on their days (or the nearest weekend day when weekdays are short).
  for (const slot of slots.filter((s) => s.role === 'long')) {
    const wanted =
      slot.sport === 'bike' ? prefs.long_ride_day : slot.sport === 'run' ? prefs.long_run_day : null;
    const candidates = [
      ...usable.filter((d) => nameOf(d) === wanted),
      ...usable.filter((d) => !weekdayOf(d)),
      ...usable,
    ].filter((d) => fits(slot, d) && !byDate.get(d)!.some((s) => s.role === 'long') && d !== raceEve);
    // An easy long run may follow the long ride (a triathlete's weekend); one with race pace may not.
    const date = candidates.find((d) => !slot.raceKm || !blocked.has(d)) ?? candidates[0];
    if (date) put(slot, date);
  }
  const brick = slots.find((s) => s.role === 'brick');
  const longRide = placed.find((s) => s.role === 'long' && s.sport === 'bike');
  if (brick && longRide?.date) put(brick, longRide.date);
  // Distances in days: dates of one week (race day may come after the week's last training day).
  const epoch = (d: string) =>
    Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
  const num = new Map<string, number>(dates.map((d) => [d, epoch(d)]));
  const raceNum = epoch(w.race);
  const distance = (a: string, b: string) => Math.abs((num.get(a) ?? raceNum) - (num.get(b) ?? raceNum));
  const order: Role[] = ['test', 'key', 'opener', 'strength', 'easy'];
  const rest_ = slots.filter((s) => s.role !== 'long' && s.role !== 'brick');
  rest_.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
  const multi = isTriathlonFamily(w.family);
  for (const slot of rest_) {
    const hard = HARD.includes(slot.role);
    let best: string | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const date of usable) {
      const day = byDate.get(date)!;
      if (!fits(slot, date) || day.length >= 2) continue;
      // One session of a sport a day (strength may share a day with an easy session).
      if (day.some((s) => s.sport === slot.sport)) continue;
      if (hard && (blocked.has(date) || date === raceEve)) continue;
      // Two hard sessions on one day only for a triathlete, and only of two sports.
      if (hard && hardDates.has(date) && (!multi || day.some((s) => s.sport === slot.sport))) continue;
      // The race-week opener comes 2-3 days before the race.
      if (slot.role === 'opener' && (raceNum - num.get(date)! > 3 || raceNum - num.get(date)! < 2)) continue;
      let score = -12 * day.length;
      // Spread the days: an empty day far from other training days scores high.
      let nearestUsed = 7;
      for (const [d, list] of byDate)
        if (list.length > 0) nearestUsed = Math.min(nearestUsed, distance(d, date));
      score += Math.min(nearestUsed, 3) * 2;
      if (hard) {
        let nearestHard = 7;
        for (const d of hardDates) nearestHard = Math.min(nearestHard, distance(d, date));
        score += nearestHard >= 2 ? 6 + Math.min(nearestHard, 3) : nearestHard === 0 ? -30 : -20;
        // Not the day before a long session either, when it can be helped.
        if (placed.some((s) => s.role === 'long' && s.date === addDays(date, 1))) score -= 5;
        // Never two test days in a row when it can be helped.
        if (
          slot.role === 'test' &&
          placed.some((s) => s.role === 'test' && s.date !== date && distance(s.date!, date) === 1)
        )
          score -= 10;
      } else if (hardDates.has(date)) score -= slot.role === 'strength' ? 1 : 4;
      if (slot.role === 'opener') score -= raceNum - num.get(date)! === 2 ? 0 : 3;
      if (date === raceEve) score -= 30;
      if (score > bestScore) {
        best = date;
        bestScore = score;
      }
    }
    if (best) put(slot, best);
  }
  // Three empty days in a row (not asked for): an easy session from a busy day moves into the gap.
  for (let guard = 0; guard < 3; guard++) {
    const empty = dates.map((d) => byDate.get(d)!.length === 0 && !rest.has(nameOf(d)));
    const at = empty.findIndex((e, i) => e && empty[i + 1] && empty[i + 2]);
    if (at < 0) break;
    const target = dates[at + 1]!;
    const movable = placed.find(
      (s) => s.role === 'easy' && byDate.get(s.date!)!.length >= 2 && fits(s, target),
    );
    if (!movable) break;
    const from = byDate.get(movable.date!)!;
    from.splice(from.indexOf(movable), 1);
    movable.date = target;
    byDate.get(target)!.push(movable);
  }
  return placed.sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
}

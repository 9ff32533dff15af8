// Writing one plan week: its slots (week-sessions.ts) turned into sessions of the library with the athlete's
// targets, each key session on its next progression step and never last week's text again, capped late in the
// taper; the week built again, leaner, until its minutes fit its ramp, deload or taper bounds; and race day.
// Pure. Rules: docs/plan-generator.md, "Load" and "Fitting the week".
import { roundTo } from '../numbers.ts';
import { workoutTss } from '../training/tss.ts';
import type { AthleteThresholds, Sport, Zone } from '../workouts/types.ts';
import { parseHms } from './feasibility.ts';
import type { PlanFeasibility } from './plan-quality.ts';
import type { PlanGoal, PlanSession } from './plan-types.ts';
import { type LibrarySession, librarySession, raceSession, type SessionKind } from './session-library.ts';
import type { SessionTargets } from './session-targets.ts';
import { type Slot, type WeekInput, weekDayOf } from './week-input.ts';
import { placeWeek } from './week-placement.ts';
import { weekSlots } from './week-sessions.ts';
import { LOAD_RULES, type PlanWeekKind, triathlonLegs } from './week-structure.ts';

/** What every week of one plan is written with. */
export interface WeekWriter {
  /** The step each progression starts at: an athlete on 10+ hours a week starts further along. */
  startStep: number;
  race: string;
  thresholds: AthleteThresholds;
  targets: SessionTargets;
  event: PlanGoal['primary_event'];
  noLegs: boolean;
  /** The first of the last days before the race (nothing in them over a share of the longest session). */
  lastDaysFrom: string;
}

/** What the weeks written so far leave to the next one. */
export interface WeekHistory {
  /** Times each key session came back (its progression step). */
  steps: Map<string, number>;
  /** Last week's key session texts. */
  lastWeekTexts: ReadonlySet<string>;
  /** The longest session of each sport before the last days. */
  longest: Partial<Record<Sport, number>>;
  /** The longest key session of each sport in the last full load week (a deload's stay within them). */
  lastLoadKey: Partial<Record<Sport, number>>;
}

/** A library session on its date: duration, zones and TSS from the parts the library wrote. */
function toSession(lib: LibrarySession, date: string, reason: string): PlanSession {
  const minutes = lib.parts.reduce((a, [m]) => a + m, 0);
  const byZone = [0, 0, 0, 0, 0];
  for (const [m, z] of lib.parts) byZone[z - 1]! += m;
  const share = (z: number) => (minutes > 0 ? roundTo((byZone[z]! / minutes) * 100, 1) : 0);
  const zone_distribution = {
    zone_1: share(0),
    zone_2: share(1),
    zone_3: share(2),
    zone_4: share(3),
    zone_5: share(4),
  };
  return {
    date,
    sport: lib.sport,
    kind: lib.kind,
    title: lib.title,
    workout_language_text: lib.workout_language_text,
    duration_minutes: Math.round(minutes),
    intensity_zone: lib.zone as Zone,
    tss:
      workoutTss({
        sport: lib.sport,
        duration_minutes: minutes,
        intensity_zone: lib.zone as Zone,
        zone_distribution,
      }) ?? 0,
    easy_minutes: roundTo(byZone[0]! + byZone[1]!, 1),
    reason,
  };
}

const SIBLING: Partial<Record<SessionKind, SessionKind>> = {
  race_pace: 'threshold',
  threshold: 'tempo',
  tempo: 'threshold',
  vo2: 'threshold',
};
const sumParts = (lib: LibrarySession) => lib.parts.reduce((a, [m]) => a + m, 0);

/** A slot written as a session: its key session's next step (never last week's text again), capped late in the taper. */
function sessionOf(writer: WeekWriter, history: WeekHistory, slot: Slot, kind: PlanWeekKind): PlanSession {
  const { targets, event, lastDaysFrom } = writer;
  const { steps, lastWeekTexts: lastTexts } = history;
  let minutes = slot.minutes;
  // A run/walk session is no long run to taper from: race week's share shortens it, not the last days' cap.
  const top = slot.runWalk === undefined ? history.longest[slot.sport] : undefined;
  if (slot.date! >= lastDaysFrom && top) minutes = Math.min(minutes, top * (LOAD_RULES.lastDaysShare - 0.03));
  const key = `${slot.sport}:${slot.kind}:${slot.raceKm ? 'rp' : ''}`;
  const count = steps.get(key) ?? writer.startStep;
  const step = kind === 'load' ? count : Math.max(0, count - 2);
  const write = (s: number, m: number) =>
    librarySession(slot.sport, slot.kind, m, targets, {
      step: s,
      noLegs: writer.noLegs,
      opener: slot.role === 'opener' || slot.short === true,
      raceMeters: event.distance_meters,
      ...(slot.raceKm ? { raceKm: slot.raceKm + Math.min(s, 6) } : {}),
      ...(slot.runWalk === undefined ? {} : { runWalk: slot.runWalk }),
    });
  let lib = write(step, minutes);
  if (slot.role === 'key' || slot.raceKm) {
    // Never last week's key session unchanged: an easier step, else a little more or less time, else its sibling.
    for (let s = step - 1; lastTexts.has(lib.workout_language_text) && s >= 0; s--) lib = write(s, minutes);
    for (const more of [10, -10, 20])
      if (lastTexts.has(lib.workout_language_text)) lib = write(step + 1, minutes + more);
    if (lastTexts.has(lib.workout_language_text))
      lib = librarySession(slot.sport, SIBLING[slot.kind] ?? 'threshold', minutes, targets, {
        step,
        raceMeters: event.distance_meters,
      });
    if (kind === 'load') steps.set(key, count + 1);
    // A deload's key session is no longer than the load week's before it: shorter, or an easier step.
    const most = kind === 'deload' ? history.lastLoadKey[slot.sport] : undefined;
    if (most !== undefined && sumParts(lib) > most)
      shorter: for (let m = Math.min(minutes, most); m >= 20; m -= 5)
        for (let s = step; s >= 0; s--) {
          const other = write(s, m);
          if (sumParts(other) <= most && !lastTexts.has(other.workout_language_text)) {
            lib = other;
            break shorter;
          }
        }
  }
  // Late in the taper: within the share of the longest session, whatever the session's floors.
  const cap = slot.date! >= lastDaysFrom && top ? top * LOAD_RULES.lastDaysShare : Number.POSITIVE_INFINITY;
  let m = minutes;
  for (m = minutes - 5; sumParts(lib) > cap && m >= 10; m -= 5) lib = write(step, m);
  // Cut to last week's text: the step before or after, or five minutes shorter, if it fits.
  if (slot.role === 'key' && cap < Number.POSITIVE_INFINITY && lastTexts.has(lib.workout_language_text))
    search: for (const length of [m + 5, m, m - 5])
      for (const s of [step - 1, step + 1, step, -1]) {
        // -1: the sibling session (threshold for race pace, steady for threshold) at this length.
        const other =
          s < 0
            ? librarySession(slot.sport, SIBLING[slot.kind] ?? 'threshold', length, targets, {
                step,
                raceMeters: event.distance_meters,
              })
            : write(s, length);
        if (sumParts(other) <= cap && !lastTexts.has(other.workout_language_text)) {
          lib = other;
          break search;
        }
      }
  // Too long still: a key session keeps its sharpness as a short race-pace opener, else it goes easy.
  // Five minutes shorter when last week held the same opener: no key session unchanged two weeks running.
  if (sumParts(lib) > cap && slot.role === 'key')
    for (const length of [cap, cap - 5]) {
      lib = librarySession(slot.sport, 'race_pace', length, targets, {
        opener: true,
        raceMeters: event.distance_meters,
      });
      if (!lastTexts.has(lib.workout_language_text)) break;
    }
  if (sumParts(lib) > cap) lib = librarySession(slot.sport, 'easy', cap, targets, {});
  // The reason names the race-pace distance as the text writes it (grown with the step, in km or miles).
  const raced = slot.raceKm ? /, (\d+(?:\.\d+)?)(km|mi) @/.exec(lib.workout_language_text) : null;
  const reason = raced ? slot.reason.replace(/\d+ km/, `${raced[1]} ${raced[2]}`) : slot.reason;
  return toSession(lib, slot.date!, reason);
}

/** The minutes a week's sessions may add up to: at most `most`, at least `least`. */
export interface WeekBounds {
  most: number;
  least: number;
}

export interface WrittenWeek {
  slots: Slot[];
  sessions: PlanSession[];
  /** The week's key session texts (the next week may not repeat them). */
  texts: Set<string>;
}

/**
 * The week's sessions, fitted to its bounds (docs/plan-generator.md, "Fitting the week"): built as planned; when
 * its sessions overshoot, built again with its minutes scaled and, step by step, leaner (lower floors, an easy
 * session fewer a sport, one quality session in a deload or taper); when a deload undershoots, built again
 * larger. Of the builds within the bounds the fullest is kept (else the one closest to them). `history.steps`
 * ends as the kept build left it.
 */
export function writeWeek(
  writer: WeekWriter,
  history: WeekHistory,
  input: WeekInput,
  bounds: WeekBounds,
): WrittenWeek {
  const planned = input.minutes;
  const stepsBefore = new Map(history.steps);
  const build = (lean: number, minutes: number) => {
    const steps = new Map(stepsBefore);
    const week = { ...input, lean, minutes, plannedMinutes: planned };
    const slots = placeWeek(week, weekSlots(week));
    const sessions: PlanSession[] = [];
    const texts = new Set<string>();
    for (const slot of slots) {
      const session = sessionOf(writer, { ...history, steps }, slot, input.kind);
      if (slot.role === 'key' || slot.raceKm) texts.add(session.workout_language_text);
      sessions.push(session);
    }
    const total = sessions.reduce((a, s) => a + s.duration_minutes, 0);
    return { slots, sessions, texts, steps, total, gap: restGap(input, sessions) };
  };
  type Build = ReturnType<typeof build>;
  const { most, least } = bounds;
  const fits = (b: Build) => b.total <= most + 1 && b.total >= least - 1;
  const miss = (b: Build) => Math.max(0, b.total - most, least - b.total);
  let best: Build | null = null;
  let closest: Build | null = null;
  // Fuller than this share of what the week may hold is full enough.
  const enough = 0.92 * Math.min(most, Math.max(planned, least));
  search: for (let lean = 0; lean <= 3; lean++) {
    let minutes = planned;
    for (let k = 0; k < 3; k++) {
      const b = build(lean, minutes);
      if (fits(b)) {
        // A build without three unasked days off in a row beats a fuller one with them.
        if (!best || b.gap < best.gap || (b.gap === best.gap && b.total > best.total)) best = b;
        if (b.total >= enough && b.gap === 0) break search;
      } else if (!closest || miss(b) < miss(closest)) closest = b;
      const aim =
        b.total > most + 1 ? most - 5 : b.total < least - 1 ? least + 5 : Math.min(most, planned) - 2;
      if (b.total <= 0 || Math.abs(aim - b.total) < 3) break;
      minutes *= aim / b.total;
    }
    if (best && best.gap === 0) break;
  }
  const kept = (best ?? closest)!;
  history.steps.clear();
  for (const [k, v] of kept.steps) history.steps.set(k, v);
  return { slots: kept.slots, sessions: kept.sessions, texts: kept.texts };
}

/**
 * 1 when a full load week leaves three days in a row without a session the athlete did not ask to rest, else 0
 * (docs/plan-generator.md, "Structure": never three days off in a row in a loading week).
 */
function restGap(input: WeekInput, sessions: readonly PlanSession[]): number {
  if (input.kind !== 'load' || input.dates.length < 7) return 0;
  const used = new Set(sessions.map((s) => s.date));
  const rest = new Set(input.prefs.rest_days);
  let run = 0;
  for (const d of input.dates) {
    run = used.has(d) || rest.has(weekDayOf(d)) ? 0 : run + 1;
    if (run >= 3) return 1;
  }
  return 0;
}

/** Race day: the race at the target (or predicted) time, with its pacing advice. */
export function raceDaySessions(writer: WeekWriter, feasibility: PlanFeasibility): PlanSession[] {
  const { event, targets, race } = writer;
  const title = `Race day: ${event.distance}`;
  const time = parseHms(event.target);
  const predicted = feasibility.predicted_time;
  const aim = time
    ? `your target ${event.target}`
    : predicted
      ? `about ${predicted}, as predicted`
      : 'an even effort';
  if (event.sport === 'triathlon') {
    const [swimM, bikeM, runM] = triathlonLegs(event.race_type, event.distance_meters);
    const advice = `Race day, aiming for ${aim}: swim steady, hold your race power on the bike (${targets.raceWatts} W), and run the first kilometres slower than feels right`;
    return [
      raceSession('swim', swimM, `${title} (swim)`, targets, null),
      raceSession('bike', bikeM, `${title} (bike)`, targets, null),
      raceSession('run', runM, `${title} (run)`, targets, null),
    ].map((s) => toSession(s, race, advice));
  }
  // A new runner's race is run by effort unless they gave a target time (docs/plan-generator.md, "A new runner
  // runs and walks"): a predicted pace would come from a threshold nobody measured.
  const byEffort = event.sport === 'run' && targets.runByEffort;
  const pacingTime = time ?? (predicted && !byEffort ? parseHms(predicted) : null);
  const lib = raceSession(event.sport, event.distance_meters, title, targets, pacingTime);
  return [
    toSession(
      lib,
      race,
      byEffort
        ? `Race day, aiming for ${time ? aim : 'the finish'}: start slower than feels right, walk for a minute when you need to as you did in training, and pick up the effort in the last kilometre if you can`
        : `Race day, aiming for ${aim}: start a few seconds slower than race pace for the first ${event.sport === 'swim' ? '200 m' : 'kilometres'}, settle into it, and hold even splits`,
    ),
  ];
}

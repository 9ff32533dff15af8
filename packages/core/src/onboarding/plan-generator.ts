// The plan generator: from a goal context and the athlete's profile (recorded fitness, hours, longest sessions,
// thresholds) plus what the athlete said of their training, a periodised plan of real sessions in calendar
// weeks from today to race day, with the feasibility of the target, the plan reviewer's verdict and the
// reasons for each choice. Pure and deterministic. Every rule is written up in docs/plan-generator.md,
// "The plan generator".
import { addDays } from '../dates.ts';
import { clamp, isPositive, roundTo } from '../numbers.ts';
import type { Units } from '../spec/app.ts';
import { dayOfWeek, daysBetween, isIsoDate } from '../training/calendar.ts';
import { type LoadState, trainingLoadStep } from '../training/fitness.ts';
import { planProgress } from '../training/plans.ts';
import type { Sport } from '../workouts/types.ts';
import {
  type AthleteLevel,
  athleteLevel,
  levelThresholds,
  raceTimeFromVdot,
  runsContinuously,
  thresholdPaceFromTarget,
  vdotFromThresholdPace,
} from './athlete-level.ts';
import { assessFeasibility, formatHms, pacingTime, parseHms, TRI_RACE } from './feasibility.ts';
import { type Experience, WEEK_DAYS, type WeekDay } from './goal-terms.ts';
import { typicalSeconds } from './goal-times.ts';
import { explain } from './plan-explain.ts';
import { planLimits } from './plan-limits.ts';
import { reviewPlan } from './plan-review.ts';
import type { GeneratedPlan, PlanGoal, PlanProfile, PlanSession, PlanWeek } from './plan-types.ts';
import { FIRST_LONG_RUN, runWalkBlock, runWalkWeeks } from './run-walk.ts';
import type { SessionKind } from './session-library.ts';
import { mmss, powerZone, RUN, SWIM, sessionTargets, speedZone } from './session-targets.ts';
import { injuryRules } from './week-input.ts';
import { limitersGainTime, longShare } from './week-sessions.ts';
import {
  calendarWeeks,
  type EventFamily,
  eventFacts,
  eventFamily,
  LOAD_RULES,
  type LongSport,
  lastDaysOf,
  longMinutes,
  taperWeeksOf,
  weekHours,
  weekKinds,
  weekPhases,
} from './week-structure.ts';
import { raceDaySessions, type WeekHistory, type WeekWriter, writeWeek } from './week-writer.ts';

export type { PlanWeekKind } from './week-structure.ts';

export interface GeneratePlanOptions {
  today: string;
  /** The first day of the athlete's calendar week (default Monday). */
  weekStart?: WeekDay;
  /** The athlete's units: imperial writes runs in miles and per mile (docs/units.md, "Workout texts"). */
  units?: Units;
}

/** The generator's bounds (docs/plan-generator.md, "The plan generator"). */
export const PLAN_GENERATOR_RULES = {
  /** Hours a week the generator plans for at least and at most. */
  minHours: 2,
  maxHours: 30,
  /** Weeks in a load block, deload included, by experience. */
  cycle: { beginner: 3, intermediate: 4, advanced: 4 } as Record<Experience, number>,
} as const;

/**
 * The most hours a week a beginner's plan holds, by event family: about the top of the published novice plans
 * (docs/plan-generator.md, "Load"); more adds injury risk before fitness, and would be nearly all easy time.
 */
export const BEGINNER_MAX_HOURS: Record<EventFamily, number> = {
  short_run: 6,
  half: 7,
  marathon: 8,
  ultra: 9,
  short_tri: 8,
  half_tri: 10,
  long_tri: 12,
  bike: 10,
  swim: 6,
};

const DEFAULT_LONG_START: Record<LongSport, number> = { run: 50, bike: 90, swim: 40 };
/** A long session starts at this share of the week's time when only the athlete's weekly volume is known. */
const LONG_START_SHARE = 0.22;

/**
 * The minutes of a longest session the athlete gave as a distance (docs/plan-generator.md, "Long session and its
 * timing"): a run at the middle of Daniels' E pace, a swim at steady pace (CSS + 15 %), a ride at the 25 km/h
 * the goal reader takes as a ride's usual speed.
 */
function minutesOfLongest(sport: LongSport, km: number, t: { thresholdPace: number; css: number }): number {
  if (sport === 'run') return (km * t.thresholdPace * ((RUN.z2[0] + RUN.z2[1]) / 2)) / 60;
  if (sport === 'swim') return (km * 10 * t.css * SWIM.steady) / 60;
  return typicalSeconds('bike', km * 1000) / 60;
}

/** Race paces from the pacing time (target, suggested or predicted) and the thresholds. */
function racePaces(
  event: PlanGoal['primary_event'],
  family: string,
  time: number | null,
  t: { pace: number; ftp: number; css: number },
): { runPace: number; watts: number; swimPace: number } {
  const meters = event.distance_meters;
  const tri = family === 'short_tri' || family === 'half_tri' || family === 'long_tri' ? family : null;
  const runFactor = tri ? TRI_RACE.runFactor[tri] : 1.04;
  let runPace = Math.round(t.pace * runFactor);
  // A run race with nothing to pace from: Daniels' equivalent pace over its distance at the threshold's VDOT
  // (a marathon's slower than a half's), not one factor for every distance.
  if (event.sport === 'run' && meters >= 1500 && meters <= 100_000)
    runPace = Math.round(raceTimeFromVdot(vdotFromThresholdPace(t.pace), meters) / (meters / 1000));
  // A race pace from the goal stays within 0.92-1.35 × threshold pace (faster is out of reach, slower a jog).
  if (event.sport === 'run' && time)
    runPace = Math.round(clamp(time / (meters / 1000), t.pace * 0.92, t.pace * 1.35));
  const share = tri ? TRI_RACE.bikeShare[tri] : meters > 150_000 ? 0.68 : 0.72;
  const watts = Math.round((t.ftp * share) / 5) * 5;
  let swimPace = Math.round(t.css * TRI_RACE.openWaterFactor);
  if (event.sport === 'swim' && time)
    swimPace = Math.round(clamp(time / (meters / 100), t.css * 0.95, t.css * 1.35));
  return { runPace, watts, swimPace };
}

/** The kinds of a key session (a deload's stay within the last load week's). */
const KEY_KINDS = new Set<SessionKind>(['tempo', 'threshold', 'vo2', 'race_pace']);

/**
 * CSS assumed for a triathlete who names swimming as their weakness and gives no swim figure: 2:20/100 m, the
 * middle of the 2:10-2:30 we take for a weak adult swimmer (docs/plan-generator.md, "Limiters"), not 1:45.
 */
const WEAK_SWIMMER_CSS = 140;

/** Most threshold tests a plan week holds. */
const MAX_TESTS_A_WEEK = 2;

/** The plan from `today` to race day. A race date before today is taken as today. Same input, same plan. */
export function generatePlan(
  goal: PlanGoal,
  profile: PlanProfile,
  options: GeneratePlanOptions,
): GeneratedPlan {
  const today = options.today;
  const weekStart = options.weekStart ?? 'monday';
  const event = goal.primary_event;
  const race = isIsoDate(event.date) && event.date > today ? event.date : today;
  const rules = PLAN_GENERATOR_RULES;
  const experience = goal.experience;
  const family = eventFamily(event.sport, event.distance_meters);
  // A new runner: a beginner 5K-10K runner with no sign of running continuously starts with run/walk sessions,
  // every run by effort, no threshold test (docs/plan-generator.md, "A new runner runs and walks").
  const newRunner =
    experience === 'beginner' &&
    family === 'short_run' &&
    !runsContinuously(goal.athlete, {
      longestRunMinutes: profile.longestSessionMinutes?.run,
      thresholdPaceSecondsPerKm: profile.thresholds?.thresholdPaceSecondsPerKm,
    });
  const sports: LongSport[] = event.sport === 'triathlon' ? ['swim', 'bike', 'run'] : [event.sport];
  const level: AthleteLevel = athleteLevel(
    goal.athlete,
    { ctl: profile.ctl, weeklyHours: profile.weeklyHours, thresholds: profile.thresholds },
    experience,
    sports,
    options.units,
  );
  // Hours not given: never below what the athlete trains now, recorded or said (docs/plan-generator.md, "Load").
  const given =
    goal.assumed?.weekly_hours && level.currentWeeklyHours > goal.weekly_hours
      ? level.currentWeeklyHours
      : goal.weekly_hours;
  // A beginner's weeks stay within the hours their event needs (docs/plan-generator.md, "Load").
  const targetHours = Math.min(
    clamp(isPositive(given) ? given : 6, rules.minHours, rules.maxHours),
    experience === 'beginner' ? BEGINNER_MAX_HOURS[family] : rules.maxHours,
  );
  const thresholds = levelThresholds(level, profile.thresholds);
  const weeks = calendarWeeks(today, race, weekStart);
  const feasibility = assessFeasibility({
    sport: event.sport,
    meters: event.distance_meters,
    raceType: event.race_type,
    target: event.target,
    weeks: weeks.length,
    weeklyHours: targetHours,
    experience,
    level,
    facts: goal.athlete,
    newRunner,
  });
  // A goal that cannot get a sound plan by the usual rules says so (docs/plan-generator.md, "Plan limits").
  const limits = planLimits(goal, today, race);
  if (limits.length > 0)
    feasibility.message = [feasibility.message, ...limits.map((l) => l.message)].join(' ');
  const pacing = pacingTime(feasibility);
  // No run threshold, but a target: a first estimate from the target, about 3 % below its level, kept fast
  // enough that the goal's race pace keeps its place among the paces (docs/plan-generator.md, "Knowing the
  // athlete").
  let paceMethod = level.thresholdPace?.method ?? null;
  if (!level.thresholdPace && event.sport === 'run' && pacing) {
    const estimate = thresholdPaceFromTarget(event.distance_meters, pacing);
    if (estimate !== null) {
      thresholds.thresholdPaceSecondsPerKm = estimate;
      // A new runner's runs are by effort: the estimate paces race day only, and no test comes.
      paceMethod = newRunner
        ? null
        : `your target ${formatHms(pacing)}, an estimate until the first week's test`;
    }
  }
  // The sports the athlete named as their weakness, for a triathlon (docs/plan-generator.md, "Limiters").
  const limiters = event.sport === 'triathlon' ? (goal.athlete?.limiters ?? []) : [];
  // A weak swimmer with no CSS: a slower first estimate than the default, until the first week's test.
  let cssMethod = level.css?.method ?? null;
  if (!level.css && limiters.includes('swim')) {
    thresholds.cssSecondsPer100m = WEAK_SWIMMER_CSS;
    cssMethod = `an estimate of ${mmss(WEAK_SWIMMER_CSS)}/100m for a weak swimmer, until the first week's test`;
  }
  const facts = eventFacts(
    event.sport,
    event.distance_meters,
    experience,
    thresholds.cssSecondsPer100m ?? 105,
    pacing,
  );
  const base = sessionTargets(thresholds);
  const paces = racePaces(event, facts.family, pacing, {
    pace: base.thresholdPace,
    ftp: base.ftp,
    css: base.css,
  });
  const targets = sessionTargets(
    thresholds,
    { runPace: paces.runPace, watts: paces.watts, swimPace: paces.swimPace },
    // No FTP and no FTP test (a runner riding with an injury): rides by zone, not made-up watts.
    {
      bikeByZone: !thresholds.ftpWatts && !level.unknown.includes('bike'),
      runByEffort: newRunner,
      units: options.units,
    },
  );
  const injury = injuryRules(goal.injuries);

  const peakOut = Math.max(0, ...Object.values(facts.peakWeeksOut));
  const taperWeeks = taperWeeksOf(facts.taperWeeks, weeks.at(-1)?.days.length ?? 7);
  const kinds = weekKinds(
    weeks,
    taperWeeks,
    rules.cycle[experience] ?? 4,
    Math.max(1, peakOut - taperWeeks + 1),
    newRunner ? runWalkWeeks(weeks) : 0,
  );
  const current = level.currentWeeklyHours;
  const startHours =
    current > 0
      ? clamp(current, targetHours * 0.5, targetHours)
      : targetHours * (LOAD_RULES.unknownStartShare[experience] ?? 0.7);
  const hours = weekHours(kinds, startHours, targetHours);
  const { phases, weekPhase } = weekPhases(weeks, kinds);
  const runWalk = newRunner ? runWalkBlock(weeks, kinds) : weeks.map(() => undefined);
  /** Weeks of the run/walk block: a new runner's long runs start after them. */
  const blockWeeks = runWalk.filter((s) => s !== undefined).length;
  const stated = goal.athlete?.longest_recent_minutes;
  const longs: Partial<Record<LongSport, number[]>> = {};
  for (const [sport, eventCap] of Object.entries(facts.longCap) as Array<[LongSport, number]>) {
    const cap = Math.max(
      30,
      Math.min(eventCap, targetHours * 60 * longShare(facts.family, sport, targetHours)),
    );
    const recorded = profile.longestSessionMinutes?.[sport];
    const said = stated?.[sport];
    const saidKm = goal.athlete?.longest_recent_km?.[sport];
    const known = isPositive(recorded)
      ? recorded
      : isPositive(said)
        ? said
        : isPositive(saidKm)
          ? minutesOfLongest(sport, saidKm, base)
          : 0;
    // From the longest recent session (recorded, else said in minutes, else said as a distance at the long
    // session's pace); else from the hours trained now (about 22 % of the week, the sport's
    // share of it for a triathlete); else a default (docs/plan-generator.md, "Long session and its timing").
    const fromVolume =
      current > 0 ? startHours * 60 * LONG_START_SHARE * (longShare(facts.family, sport) / 0.4) : 0;
    const start = Math.min(
      cap * LOAD_RULES.beforePeakShare,
      Math.max(DEFAULT_LONG_START[sport], known > 0 ? known * 0.9 : fromVolume),
    );
    // A new runner's long runs start after the run/walk block, 5 minutes longer than its last sessions.
    const block = sport === 'run' ? blockWeeks : 0;
    longs[sport] = [
      ...new Array<number>(block).fill(0),
      ...longMinutes(
        weeks.slice(block),
        kinds.slice(block),
        sport,
        block > 0 ? FIRST_LONG_RUN : start,
        cap,
        facts.peakWeeksOut[sport] ?? 2,
      ),
    ];
  }
  const prefs = {
    long_run_day: goal.preferences.long_run_day,
    long_ride_day: goal.preferences.long_ride_day,
    no_swim_day: goal.preferences.no_swim_day,
    rest_days: (goal.preferences.rest_days ?? []).filter(
      (d) =>
        d !== goal.preferences.long_run_day &&
        !(event.sport !== 'run' && d === goal.preferences.long_ride_day),
    ),
    weekday_max_minutes: goal.preferences.weekday_max_minutes ?? null,
    sport_exclusions: goal.preferences.sport_exclusions ?? [],
  };

  const writer: WeekWriter = {
    startStep: targetHours >= 14 ? 2 : targetHours >= 10 ? 1 : 0,
    race,
    thresholds,
    targets,
    event,
    noLegs: injury.noLegStrength,
    lastDaysFrom: addDays(race, -lastDaysOf(facts.taperWeeks)),
  };
  const history: WeekHistory = { steps: new Map(), lastWeekTexts: new Set(), longest: {}, lastLoadKey: {} };
  let topMinutes = 0;
  /** The top load week as the reviewer measures it: minutes scaled to seven days, partial weeks included. */
  let topWeek = 0;
  let lastLoadMinutes = 0;
  let topHours = 1;
  const longSports = new Set<Sport>(Object.keys(facts.longCap) as Sport[]);
  const { longest } = history;
  const lastDaysFrom = writer.lastDaysFrom;
  let blockedHard = new Set<string>();
  let loadIndex = 0;
  const lastLoadLong: Partial<Record<LongSport, number>> = {};
  const planWeeks: PlanWeek[] = [];
  // A new runner's runs are by effort: no run test (docs/plan-generator.md, "A new runner runs and walks").
  const tested = level.unknown.filter((s) => !(newRunner && s === 'run'));
  const testsLeft = [...tested];
  let testsStarted = false;
  const said = goal.athlete?.current_weekly_sessions;
  let sessionsAdded = 0;
  /** Sessions of each sport in the last whole week. */
  const lastCounts: Partial<Record<Sport, number>> = {};
  /** Sessions of each sport in the last whole load week. */
  const lastLoadCounts: Partial<Record<Sport, number>> = {};
  weeks.forEach((week, w) => {
    const kind = kinds[w]!;
    // Frequency before duration, one step at a time: the sessions a week the athlete does now, one more of each
    // sport once a block of load has been absorbed, up to the plan's count (docs/plan-generator.md, "Sessions a
    // week").
    // A week that wrote fewer (a deload, a lean week) comes back one session at a time.
    if (w > 0 && kind === 'load' && kinds[w - 1] === 'deload') sessionsAdded += 1;
    const sessionsMost: Partial<Record<Sport, number>> = {};
    for (const sport of sports) {
      const now = said?.[sport];
      if (isPositive(now))
        sessionsMost[sport] = Math.min(now + sessionsAdded, (lastCounts[sport] ?? now) + 1);
    }
    const { name: phase, label } = weekPhase[w]!;
    const dates = week.days.filter((d) => d < race);
    // Tests in the first week (the second when the first has under three days), at most two a week: a
    // triathlete's third comes the week after, so no three test days run in a row (docs/plan-generator.md,
    // "Knowing the athlete").
    const testWeek =
      testsLeft.length > 0 &&
      dates.length >= 3 &&
      kind === 'load' &&
      (w === 0 || (w === 1 && weeks[0]!.days.length < 3) || testsStarted);
    const testsNow = testWeek ? testsLeft.splice(0, MAX_TESTS_A_WEEK) : [];
    const input = {
      family: facts.family,
      experience,
      kind,
      phase,
      label,
      dates,
      race,
      minutes: hours[w]! * 60 * (dates.length / 7),
      hoursPerWeek: targetHours,
      long: Object.fromEntries(
        Object.entries(longs).map(([s, list]) => [
          s,
          // A deload's long session is shorter than the last load week's as written (which may fall short of plan).
          kind === 'deload' && lastLoadLong[s as LongSport]
            ? Math.min(list![w]!, lastLoadLong[s as LongSport]! * LOAD_RULES.deloadLongShare)
            : list![w]!,
        ]),
      ),
      blockedHard,
      tests: testsNow.map((sport) => ({ sport })),
      loadIndex,
      rules: injury,
      easyRacePace: targets.racePace !== null && speedZone(targets.thresholdPace / targets.racePace) <= 2,
      easyRaceWatts: targets.raceWatts !== null && powerZone(targets.raceWatts / targets.ftp) <= 2,
      prefs,
      sessionsMost,
      limiters,
      newRunner,
      ...(runWalk[w] === undefined ? {} : { runWalk: runWalk[w] }),
    };
    // A load week grows at most 10 % over the last full load week's sessions (they may fall short of its hours).
    if (kind === 'load' && lastLoadMinutes > 0)
      input.minutes = Math.min(
        input.minutes,
        lastLoadMinutes * (1 + LOAD_RULES.weeklyGrowth) * (dates.length / 7),
      );
    // A deload cuts from the last full load week's sessions.
    if (kind === 'deload' && lastLoadMinutes > 0)
      input.minutes = Math.min(input.minutes, lastLoadMinutes * LOAD_RULES.deloadShare * (dates.length / 7));
    // The taper cuts from the top load week as planned (its sessions may fall short of its hours).
    if ((kind === 'taper' || kind === 'race') && topMinutes > 0)
      input.minutes = Math.min(input.minutes, (hours[w]! / topHours) * topMinutes * (dates.length / 7));
    // Built, then measured: a week whose sessions overshoot its ramp, deload or taper share is built again.
    const full = lastLoadMinutes * (dates.length / 7);
    // Nor past the week's own hours by more than 5 % (session floors in short weeks).
    const own = hours[w]! * 60 * (dates.length / 7) * 1.05;
    // A taper week stays at most 80 % of the top week, race week counted with race day.
    const top = Math.max(topMinutes, topWeek);
    const taperMost = top * 0.8 * ((dates.length + (kind === 'race' ? 1 : 0)) / 7);
    const most = Math.min(
      own,
      kind === 'taper' || kind === 'race'
        ? top > 0
          ? taperMost
          : own
        : lastLoadMinutes === 0
          ? own
          : kind === 'load'
            ? full * (1 + LOAD_RULES.weeklyGrowth)
            : full * 0.78,
    );
    // A deload keeps at least 60 % of the last load week.
    const least = kind === 'deload' ? Math.min(most, full * 0.6) : 0;
    const stepsBefore = new Map(history.steps);
    let written = writeWeek(writer, history, input, { most, least });
    // A session is added only when the week has room for it: if its long session came out shorter than the
    // last load week's, the week is written again at last week's count, and the step waits for a roomier week
    // (docs/plan-generator.md, "Sessions a week": more often, but never shorter long sessions for it).
    const countOf = (list: readonly PlanSession[], sport: Sport) =>
      list.filter((x) => x.sport === sport && x.kind !== 'brick').length;
    const squeezed = sports.filter((sport) => {
      const last = lastLoadCounts[sport];
      const before = lastLoadLong[sport as LongSport];
      const long = written.sessions.find((x) => x.sport === sport && x.kind === 'long');
      return (
        kind === 'load' &&
        sessionsMost[sport] !== undefined &&
        last !== undefined &&
        countOf(written.sessions, sport) > last &&
        before !== undefined &&
        long !== undefined &&
        long.duration_minutes < before
      );
    });
    if (squeezed.length > 0) {
      history.steps.clear();
      for (const [k, v] of stepsBefore) history.steps.set(k, v);
      const held = { ...sessionsMost };
      for (const sport of squeezed) held[sport] = lastLoadCounts[sport];
      written = writeWeek(writer, history, { ...input, sessionsMost: held }, { most, least });
    }
    const { slots, sessions, texts } = written;
    history.lastWeekTexts = texts;
    if (dates.length === 7)
      for (const sport of sports)
        lastCounts[sport] = sessions.filter((s) => s.sport === sport && s.kind !== 'brick').length;
    // A test that found no day comes the week after.
    for (const sport of testsNow)
      if (!sessions.some((s) => s.kind === 'test' && s.sport === sport)) testsLeft.push(sport);
    testsStarted ||= sessions.some((s) => s.kind === 'test');
    for (const s of sessions)
      if (s.kind !== 'race' && s.date < lastDaysFrom && longSports.has(s.sport))
        longest[s.sport] = Math.max(longest[s.sport] ?? 0, s.duration_minutes);
    if (kind === 'load' && dates.length === 7) {
      for (const s of sessions)
        if (s.kind === 'long') lastLoadLong[s.sport as LongSport] = s.duration_minutes;
      for (const sport of sports) lastLoadCounts[sport] = countOf(sessions, sport);
      history.lastLoadKey = {};
      for (const s of sessions)
        if (KEY_KINDS.has(s.kind))
          history.lastLoadKey[s.sport] = Math.max(history.lastLoadKey[s.sport] ?? 0, s.duration_minutes);
      const m = sessions.reduce((a, s) => a + s.duration_minutes, 0);
      lastLoadMinutes = m;
      if (m > topMinutes) {
        topMinutes = m;
        topHours = hours[w]!;
      }
    }
    if (kind === 'load' && dates.length > 0)
      topWeek = Math.max(
        topWeek,
        (sessions.reduce((a, s) => a + s.duration_minutes, 0) * 7) /
          (daysBetween(week.days[0]!, week.days.at(-1)!) + 1),
      );
    if (week.days.includes(race)) sessions.push(...raceDaySessions(writer, feasibility));
    blockedHard = new Set(slots.filter((s) => s.role === 'long').map((s) => addDays(s.date!, 1)));
    if (kind === 'load' && label !== 'Foundation') loadIndex += 1;
    const minutes = sessions.filter((s) => s.kind !== 'race').reduce((a, s) => a + s.duration_minutes, 0);
    planWeeks.push({
      start: week.days[0] ?? week.start,
      end: week.days.at(-1) ?? week.end,
      phase,
      label,
      kind,
      target_hours: roundTo((hours[w]! * dates.length) / 7, 1),
      hours: roundTo(minutes / 60, 1),
      tss: Math.round(sessions.reduce((a, s) => a + s.tss, 0)),
      sessions,
    });
  });

  let state: LoadState = { ctl: level.startCtl, atl: level.startCtl };
  const tssByDate = new Map<string, number>();
  for (const s of planWeeks.flatMap((x) => x.sessions))
    tssByDate.set(s.date, (tssByDate.get(s.date) ?? 0) + s.tss);
  for (let d = today; d <= race; d = addDays(d, 1)) state = trainingLoadStep(state, tssByDate.get(d) ?? 0);

  const targetTime = parseHms(event.target) ? event.target : null;
  const milestones = planProgress({
    today,
    start_date: today,
    race_date: race,
    target_time: targetTime,
    race_type: event.race_type,
    phases,
    workouts_this_week: [],
    plan_workouts: [],
  }).milestones;
  const plan: GeneratedPlan = {
    start_date: today,
    race_date: race,
    race_type: event.race_type,
    target_time: targetTime,
    phases,
    weeks: planWeeks,
    milestones,
    explainability: { bullets: [] },
    feasibility,
  };
  plan.review = reviewPlan(plan, { goal, thresholds });
  plan.explainability.bullets = explain(
    goal,
    plan,
    level,
    { pace: paceMethod, css: cssMethod },
    { named: limiters, gain: limitersGainTime(targetHours, experience) && limiters.length < 3 },
    state.ctl,
    taperWeeks,
    newRunner ? null : targets.racePace,
    options.units ?? 'metric',
    { tested, later: tested.length > MAX_TESTS_A_WEEK, runWalk },
  );
  return plan;
}

/** The onboarding session's week_plan_draft: the plan's first week, day by day. */
export interface WeekPlanDraft {
  sessions: Array<{ dow: WeekDay; type: SessionKind; sport: Sport; duration_min: number }>;
}

export function weekPlanDraft(plan: GeneratedPlan): WeekPlanDraft {
  const first = plan.weeks[0];
  return {
    sessions: (first?.sessions ?? []).map((s) => ({
      dow: WEEK_DAYS[dayOfWeek(s.date)]!,
      type: s.kind,
      sport: s.sport,
      duration_min: s.duration_minutes,
    })),
  };
}

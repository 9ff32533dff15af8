import { clamp } from '../numbers.ts';
import type { Sport } from '../workouts/types.ts';
import { type Experience, TRI_SPORTS, type TriSport } from './goal-terms.ts';
import type { SessionKind } from './session-library.ts';
import { RUN_WALK_STEPS } from './session-progressions.ts';
import { isTriathlonFamily, type Slot, type WeekInput, weekDayOf } from './week-input.ts';
import { qualityKinds, qualityMinutes } from './week-quality.ts';
import { type EventFamily, LOAD_RULES, type LongSport } from './week-structure.ts';

/** Most sessions of the main sport a week by experience (a beginner 3-4 runs, intermediate 5-6, advanced 6-7). */
const MOST_SESSIONS: Record<Experience, number> = { beginner: 4, intermediate: 6, advanced: 7 };

/** Most sessions of one sport in a triathlete's week: Friel's weekly patterns hold three or four of each. */
const TRI_MOST_SESSIONS = 4;
/** The share of a triathlete's week a limiter gains, taken from the other sports in proportion. */
const LIMITER_SHARE_GAIN = 0.05;

/** The fewest hours a week in which a limiter gets more sessions and time: below, the week is its floors. */
const LIMITER_MIN_HOURS = 7;

/** Whether a triathlete's limiters get more sessions and time at these hours and experience ("Limiters"). */
export const limitersGainTime = (hoursPerWeek: number, experience: Experience) =>
  hoursPerWeek >= LIMITER_MIN_HOURS && experience !== 'beginner';

/**
 * The limiters a triathlete's week favours (docs/plan-generator.md, "Limiters"): in base and build (Friel's
 * general preparation, when limiters are worked on), none in the peak, taper or race week, none when every
 * sport is named (nothing left to take time from), none under 7 hours a week, where the other sports' long
 * and quality sessions at their floors fill the week and moving time only reshuffles them, and none for a
 * beginner, whose capped weeks are new in every sport.
 */
function limitersOf(
  w: Pick<WeekInput, 'family' | 'phase' | 'limiters' | 'hoursPerWeek' | 'experience'>,
): readonly TriSport[] {
  const named = TRI_SPORTS.filter((s) => w.limiters?.includes(s));
  if (!isTriathlonFamily(w.family) || (w.phase !== 'base' && w.phase !== 'build')) return [];
  if (!limitersGainTime(w.hoursPerWeek, w.experience)) return [];
  return named.length < TRI_SPORTS.length ? named : [];
}

/** The week's training days: its dates outside the rest days. */
function trainingDays(w: WeekInput): number {
  const rest = new Set(w.prefs.rest_days);
  return Math.max(1, w.dates.filter((d) => !rest.has(weekDayOf(d))).length);
}

/**
 * Sessions a week per sport by event family, hours and experience; never more of one sport than the week has
 * training days (one session of a sport a day: extra time makes sessions longer, not doubles).
 */
function sessionCounts(w: WeekInput): Partial<Record<Sport, number>> {
  const h = w.hoursPerWeek;
  const most = (sport: Sport) => w.sessionsMost?.[sport] ?? Number.POSITIVE_INFINITY;
  const days = trainingDays(w);
  if (isTriathlonFamily(w.family)) {
    const long = w.family === 'long_tri';
    // Under 6 hours, two of each (Friel's low-volume weeks): a third would leave each session below its floor.
    // Leaner (docs/plan-generator.md, "Fitting the week"): one session fewer, never below two a sport.
    // A limiter's load week holds one session more, up to four (docs/plan-generator.md, "Limiters").
    const limiters = w.kind === 'load' ? limitersOf(w) : [];
    const lean = (sport: TriSport, planned: number) => {
      const n = limiters.includes(sport)
        ? Math.max(planned, Math.min(TRI_MOST_SESSIONS, planned + 1))
        : planned;
      return Math.min(days, most(sport), (w.lean ?? 0) >= 2 && n > 2 ? n - 1 : n);
    };
    return {
      swim: lean('swim', h < 6 ? 2 : 3),
      bike: lean('bike', h < 6 ? 2 : h < 10 || !long ? 3 : 4),
      run: lean('run', h < 6 ? 2 : h < 9 || !long ? 3 : 4),
    };
  }
  const main: Sport = w.family === 'bike' ? 'bike' : w.family === 'swim' ? 'swim' : 'run';
  // A new runner runs three times a week (Couch to 5K, Galloway's beginner programmes).
  const n = clamp(Math.round(2 + h * 0.5), 3, w.newRunner ? BEGINNER_RUNS : MOST_SESSIONS[w.experience]);
  return { [main]: Math.min(days, most(main), n - ((w.lean ?? 0) >= 2 && n > 3 ? 1 : 0)) };
}

/**
 * Share of a triathlon week per sport; each limiter's rises by LIMITER_SHARE_GAIN, taken from the other sports
 * in proportion to their shares (docs/plan-generator.md, "Limiters").
 */
function triShare(family: EventFamily, limiters: readonly TriSport[] = []): Record<TriSport, number> {
  const share =
    family === 'short_tri'
      ? { swim: 0.22, bike: 0.43, run: 0.35 }
      : family === 'half_tri'
        ? { swim: 0.17, bike: 0.48, run: 0.35 }
        : { swim: 0.15, bike: 0.52, run: 0.33 };
  const others = TRI_SPORTS.filter((s) => !limiters.includes(s));
  if (limiters.length === 0 || others.length === 0) return share;
  const gain = LIMITER_SHARE_GAIN * limiters.length;
  const rest = others.reduce((a, s) => a + share[s], 0);
  const out = { ...share };
  for (const s of limiters) out[s] += LIMITER_SHARE_GAIN;
  for (const s of others) out[s] -= gain * (share[s] / rest);
  return out;
}

/** Minutes a rider's week keeps beside the long ride: two quality rides of 60 min, an easy one of 40, strength. */
const RIDER_WEEK_FLOORS = 190;

/**
 * The most of a week's minutes a long session takes: a triathlete's long ride 32-38 %, long run 17 %; a rider's
 * long ride what the week's other rides leave at their floors, 40-55 % (a long event's longest ride nears its
 * duration, Friel); 40 % otherwise (docs/plan-generator.md, "Long session and its timing").
 */
export function longShare(family: EventFamily, sport: LongSport, hoursPerWeek = 0): number {
  if (isTriathlonFamily(family)) return sport === 'bike' ? (family === 'long_tri' ? 0.38 : 0.32) : 0.17;
  if (family === 'bike' && hoursPerWeek > 0)
    return clamp(1 - RIDER_WEEK_FLOORS / (hoursPerWeek * 60), 0.4, 0.55);
  return 0.4;
}

/** Runs a beginner runner's week holds before anything else (docs/plan-generator.md, "A beginner runs three times"). */
const BEGINNER_RUNS = 3;
/** The shortest of those runs when the week is small: a Couch-to-5K session's length. */
const BEGINNER_RUN_FLOOR = 20;
/** An easy run's usual shortest (a lean week's 10 minutes less). */
const EASY_RUN_FLOOR = 30;

/**
 * The week's slots, with their minutes (dates come from placeWeek). A runner's week holds its runs before
 * strength: strength comes on top only when they fit at their usual floors (a beginner's three: "A beginner runs
 * three times"; anyone's: "Sessions a week").
 */
export function weekSlots(w: WeekInput): Slot[] {
  const raceWeek = w.kind === 'race';
  // A plan that starts on the last day or two of a week: those days are easy sessions of the sport, no long session
  // and no strength (which would take the whole of them); the plan proper starts on Monday (docs/plan-generator.md).
  const stub = w.dates.length <= 2 && !raceWeek;
  const strength =
    !stub &&
    w.kind === 'load' &&
    (w.phase === 'base' || w.phase === 'build') &&
    (w.hoursPerWeek >= 4 || w.experience === 'beginner');
  if (w.runWalk !== undefined) return runWalkSlots(w, w.runWalk);
  const built = buildSlots(w, strength, stub);
  if (!strength || !runnerWeek(w)) return built;
  // A runner's strength comes on top only when the runs keep what they would have without it: as many of them (a
  // beginner's three at least), the long run as long, and no easy run below its usual 30 minutes.
  const without = buildSlots(w, false, stub);
  const runs = (slots: Slot[]) => slots.filter((x) => x.sport === 'run');
  const fits =
    runs(built).length >=
      (beginnerRunner(w) ? Math.min(BEGINNER_RUNS, runs(without).length) : runs(without).length) &&
    longestOf(built, 'run') >= longestOf(without, 'run') &&
    runs(built).every((x) => x.role !== 'easy' || x.minutes >= EASY_RUN_FLOOR);
  return fits ? built : without;
}

/**
 * A week of a new runner's run/walk block (docs/plan-generator.md, "A new runner runs and walks"): three
 * run/walk sessions of the week's step (fewer in a week of a few days, two in race week), alike as in Couch to
 * 5K, one on the long-run day, no more than the step's minutes each; no test, no quality session, no strength:
 * the week is the three sessions.
 */
function runWalkSlots(w: WeekInput, step: number): Slot[] {
  const count = Math.min(w.kind === 'race' ? 2 : BEGINNER_RUNS, Math.ceil(trainingDays(w) / 2));
  const length = RUN_WALK_STEPS[clamp(step, 0, RUN_WALK_STEPS.length - 1)]!.minutes;
  const each = Math.min(length, w.minutes / count);
  // The block holds no deload (weekKinds): its weeks are load weeks and race week.
  const reason =
    w.kind === 'race'
      ? 'Race week: short run/walk, so you arrive fresh'
      : 'Run/walk: run spells at a conversational effort with walks between, a little longer each week (Couch to 5K)';
  return Array.from({ length: count }, (_, i) => ({
    sport: 'run' as const,
    kind: 'easy' as const,
    role: i === 0 && count >= 2 && w.kind !== 'race' ? ('long' as const) : ('easy' as const),
    minutes: each,
    runWalk: step,
    reason,
  }));
}

/** Whether the week is a runner's (5K to ultra), whose runs come before strength. */
const runnerWeek = (w: WeekInput) =>
  w.family === 'short_run' || w.family === 'half' || w.family === 'marathon' || w.family === 'ultra';

/** Whether the week is a beginner runner's, who runs three times before anything else. */
const beginnerRunner = (w: WeekInput) => w.experience === 'beginner' && runnerWeek(w);

/** The week's slots, with or without strength. */
function buildSlots(w: WeekInput, strength: boolean, stub: boolean): Slot[] {
  const slots: Slot[] = [];
  const counts = sessionCounts(w);
  const sports = (Object.keys(counts) as Sport[]).filter((s) => (counts[s] ?? 0) > 0);
  const raceWeek = w.kind === 'race';
  // A beginner runner's load or deload week (not a stub) keeps three runs, or as many as the plan counts; a taper
  // week keeps them when they fit its cut (its bound comes first: it is the race's freshness).
  const minRuns =
    beginnerRunner(w) && (w.kind === 'load' || w.kind === 'deload') && !stub
      ? Math.min(BEGINNER_RUNS, counts.run ?? 0)
      : 0;
  let left = w.minutes;
  if (strength) {
    slots.push({
      sport: 'strength',
      kind: w.rules.noLegStrength ? 'core' : 'strength',
      role: 'strength',
      minutes: 30,
      reason: w.rules.noLegStrength
        ? `Core and mobility: no loaded leg work with your ${w.rules.names}`
        : 'Strength: stronger muscles and tendons carry the volume to come',
    });
    left -= 30;
  }
  const budget: Partial<Record<Sport, number>> = {};
  const limiters = limitersOf(w);
  if (isTriathlonFamily(w.family)) {
    const share = triShare(w.family, limiters);
    for (const s of TRI_SPORTS) budget[s] = left * share[s];
  } else budget[sports[0]!] = left;
  // A weak swimmer's base swims are all technique swims, at any hours: form first, Friel's fix for a swim limiter.
  const drills = isTriathlonFamily(w.family) && w.phase === 'base' && (w.limiters ?? []).includes('swim');

  const lean = w.lean ?? 0;
  const allQuality = qualityKinds(w, w.label);
  // The leanest deload or taper keeps one quality session; a beginner runner's leanest deload none, so that its
  // three runs fit the deload's share (a deload asks for no quality work).
  const quality =
    lean >= 3 && w.kind !== 'load'
      ? allQuality.slice(0, minRuns > 0 && w.kind === 'deload' ? 0 : 1)
      : allQuality;
  const easyFloor = (sport: Sport) => (sport === 'bike' ? 40 : EASY_RUN_FLOOR) - (lean >= 1 ? 10 : 0);
  const ceilings = new Map<number, number>();
  for (const sport of sports) {
    let b = budget[sport] ?? 0;
    let n = counts[sport] ?? 0;
    const test = w.tests.find((t) => t.sport === sport);
    // The runner's sessions are held at what they do now (docs/plan-generator.md, "Sessions a week").
    const held = !isTriathlonFamily(w.family) && w.sessionsMost?.[sport] !== undefined;
    // The long session.
    const long = sport === 'strength' ? undefined : w.long[sport as LongSport];
    const longInQuality = quality.find((q) => q.sport === sport && q.inLong);
    // The plan's long sessions already fit the hours given; a week with fewer hours (early, partial) clips them.
    const longMinutes =
      long === undefined
        ? 0
        : Math.min(
            long,
            Math.max(
              30,
              (w.plannedMinutes ?? w.minutes) *
                longShare(w.family, sport as LongSport, w.hoursPerWeek) *
                1.15,
            ),
          );
    // Clipped to a stub week's day or two, a "long" session would be shorter than next week's easy ones.
    if (long !== undefined && !raceWeek && n > 0 && !(stub && longMinutes < long)) {
      const minutes = longMinutes;
      const raceKm =
        longInQuality && !w.rules.noFastRunning ? clamp(Math.round((minutes * 0.3) / 5), 4, 16) : 0;
      slots.push({
        sport,
        kind: 'long',
        role: 'long',
        minutes,
        ...(raceKm > 0 ? { raceKm } : {}),
        reason:
          raceKm > 0
            ? `Long run with its last ${raceKm} km at race pace: the race's own rhythm on tired legs`
            : `The week's long ${sport === 'bike' ? 'ride' : sport}: the endurance the race needs`,
      });
      b -= minutes;
      n -= 1;
      if (sport === 'bike' && isTriathlonFamily(w.family) && w.kind === 'load' && w.phase !== 'base') {
        const brick = clamp(Math.round(minutes * 0.15), 15, 30);
        slots.push({
          sport: 'run',
          kind: 'brick',
          role: 'brick',
          minutes: brick,
          reason: 'Brick: a short run straight off the long ride, to practise running on tired legs',
        });
        budget.run = (budget.run ?? 0) - brick;
      }
    }
    if (test) {
      slots.push({
        sport,
        kind: 'test',
        role: 'test',
        minutes: 60,
        reason: 'A test: fresh zones for the sessions ahead',
      });
      n -= 1;
      b -= 60;
    } else {
      for (const q of quality.filter((x) => x.sport === sport && !x.inLong)) {
        // One session of the sport left: it stays easy, except in the taper, which keeps short intensity, and
        // a triathlete's: two rides or runs a week are a long one and an interval one (Friel's low-volume weeks).
        // So is a runner's who runs twice a week now (docs/plan-generator.md, "Sessions a week"): the long
        // run gives the quality session its floor when the week is tight.
        const longSlot = slots.find((x) => x.sport === sport && x.role === 'long');
        if (held && n === 1 && w.kind === 'load' && b < 35 && longSlot) {
          const give = Math.min(35 - b, longSlot.minutes - 30);
          if (give > 0) {
            longSlot.minutes -= give;
            b += give;
          }
        }
        const twoOfSport =
          n === 1 &&
          w.kind === 'load' &&
          (isTriathlonFamily(w.family)
            ? b >= (sport === 'bike' ? 60 : 50)
            : // A runner's at the quality floor of a lean week: the week is built again leaner when it overshoots.
              held && b >= (sport === 'bike' ? 45 : 35));
        if (n <= 1 && sport !== 'swim' && !(w.kind === 'taper' && n === 1) && !twoOfSport) break;
        let kind = q.kind;
        let actual: Sport = sport;
        let reason = qualityReason(kind, w.label);
        if (sport === 'run' && w.rules.noFastRunning && kind !== 'technique') {
          actual = 'bike';
          // A triathlete already has bike intervals: the run's become an easy ride. A runner's race-pace
          // session becomes a sweet-spot ride: a ride has no run race pace (docs/plan-generator.md, "Injuries").
          if (isTriathlonFamily(w.family)) kind = 'easy';
          else if (kind === 'race_pace') kind = 'tempo';
          reason = isTriathlonFamily(w.family)
            ? `An easy ride instead of run intervals: no fast running with your ${w.rules.names} for now`
            : `Bike intervals instead of run intervals: no fast running with your ${w.rules.names} for now`;
        }
        if (sport === 'swim' && w.rules.noHardSwims) {
          kind = 'technique';
          reason = `A technique swim instead of hard sets: no hard swimming with your ${w.rules.names} for now`;
        }
        // At least long enough for a warm-up, a real set and a cool-down.
        // A lean week lowers them, a swim's least (its warm-up and cool-down alone take a slow swimmer 15 min).
        const floor =
          (actual === 'bike' ? 60 : actual === 'swim' ? 35 : 50) -
          (lean >= 1 ? (actual === 'swim' ? 5 : 15) : 0);
        const minutes = Math.max(
          floor,
          Math.min(
            qualityMinutes(actual, kind, w.minutes, w.family) * (w.kind === 'load' ? 1 : 0.8),
            b * 0.6,
            // A swim set no longer than the week's long swim: the hard swims do not outgrow the easy ones.
            actual === 'swim' && long !== undefined ? long : Number.POSITIVE_INFINITY,
          ),
        );
        // Leanest deload or taper: the quality session written short, as an opener.
        const short = lean >= 3 && w.kind !== 'load' && kind === 'race_pace';
        slots.push({
          sport: actual,
          kind,
          role: kind === 'technique' || kind === 'easy' ? 'easy' : 'key',
          minutes: short ? Math.min(minutes, 30) : minutes,
          reason,
          ...(short ? { short } : {}),
        });
        b -= minutes;
        n -= 1;
      }
    }
    if (raceWeek && sport !== 'strength' && n > 1) {
      slots.push({
        sport,
        kind: 'race_pace',
        role: 'opener',
        minutes: Math.min(35, Math.max(20, b / n)),
        reason: 'Race week: a short opener at race pace keeps you sharp without tiring you',
      });
      b -= Math.min(35, Math.max(20, b / n));
      n -= 1;
    }
    // Frequency before duration (Daniels: three runs a week at least): a single-sport load week whose long and
    // quality sessions leave too little for an easy one takes 20 min back from them (the long session down to
    // 30 min first, then the quality ones down to 40, so their sets stay whole).
    if (!isTriathlonFamily(w.family) && w.kind === 'load' && n > 0 && b < 20)
      for (const x of slots.filter((y) => y.sport === sport && (y.role === 'key' || y.role === 'long'))) {
        const give = Math.min(20 - b, x.minutes - (x.role === 'long' ? 30 : 40));
        if (give > 0) {
          x.minutes -= give;
          b += give;
        }
      }
    // Easy sessions share what is left, each at least its floor.
    const floor = easyFloor(sport);
    // Easy sessions stay below 80 % of the long one; a deload's below 80 % of the load week's long one, so the
    // deload's cut falls on the long session and not only on the easy ones, and never past the deload's own long
    // one: a week holds one long session.
    const longOfLoad =
      long === undefined ? 90 : w.kind === 'deload' ? long / LOAD_RULES.deloadLongShare : long;
    // A swimmer's long swim is about the race's length: their aerobic swims may reach 60 minutes regardless.
    const ceiling = Math.max(
      floor,
      Math.min(sport === 'bike' ? 150 : 90, longOfLoad * 0.8, long ?? Number.POSITIVE_INFINITY),
      w.family === 'swim' ? 60 : 0,
    );
    let easyCount = n;
    while (easyCount > 0 && b / easyCount < floor) easyCount -= 1;
    // A small load or deload week keeps one short easy session (at least 20 min) rather than leave days empty.
    const short = easyCount === 0 && n > 0 && b >= 20 && (w.kind === 'load' || w.kind === 'deload');
    if (short) easyCount = 1;
    // A beginner runner's third run comes before anything else: short (20 min) when the week is small, the week
    // fitted to its bounds afterwards.
    const runsSoFar = sport === 'run' ? slots.filter((x) => x.sport === 'run').length : 0;
    let third = false;
    while (sport === 'run' && easyCount < n && runsSoFar + easyCount < minRuns) {
      easyCount += 1;
      third = true;
    }
    const each = third ? Math.max(BEGINNER_RUN_FLOOR, b / easyCount) : 0;
    for (let i = 0; i < easyCount; i++) {
      let actual: Sport = sport;
      let reason =
        w.kind === 'taper' || raceWeek
          ? 'Taper: shorter and easy, so you arrive rested'
          : w.kind === 'deload'
            ? "Deload week: easy, so the last weeks' work sinks in"
            : 'Easy aerobic volume in zone 2: most of the training is easy';
      if (sport === 'run' && w.rules.fewerRuns && i === 0) {
        actual = 'bike';
        reason = `An easy ride instead of a run: less impact for your ${w.rules.names}`;
      }
      const strides =
        sport === 'run' && i === 0 && w.kind !== 'deload' && !w.rules.noFastRunning && !raceWeek;
      const technique =
        sport === 'swim' && (i === 0 || drills) && (w.family === 'swim' || isTriathlonFamily(w.family));
      ceilings.set(slots.length, ceiling);
      slots.push({
        sport: actual,
        kind: strides
          ? 'strides'
          : technique
            ? 'technique'
            : raceWeek || w.kind === 'taper'
              ? 'recovery'
              : 'easy',
        role: 'easy',
        minutes: third ? Math.min(each, ceiling) : short ? b : clamp(b / easyCount, floor, ceiling),
        reason: strides
          ? 'Easy run with strides: relaxed speed and form'
          : technique
            ? drills
              ? 'Technique: drills and steady swimming, form first for your limiter'
              : 'Technique and steady swimming'
            : reason,
      });
    }
  }
  // A taper week keeps short intensity (Bosquet et al. 2007): with no quality session left, an easy one of a
  // sport that may go fast becomes a short race-pace session.
  if (w.kind === 'taper' && !slots.some((x) => x.role === 'key')) {
    const easy = slots.find(
      (x) =>
        x.role === 'easy' &&
        x.sport !== 'strength' &&
        !(x.sport === 'run' && w.rules.noFastRunning) &&
        !(x.sport === 'swim' && w.rules.noHardSwims),
    );
    if (easy) {
      easy.kind = 'race_pace';
      easy.role = 'key';
      easy.short = true;
      easy.reason = 'Taper: a short session at race pace keeps you sharp while the volume falls';
    }
  }
  // Minutes a sport could not use (too few for another session) go to the easy sessions with room left.
  const fill = () => {
    let deficit = w.minutes - slots.reduce((a, x) => a + x.minutes, 0);
    // A session cut for fit (0 minutes) stays cut.
    const easy = [...ceilings.entries()].filter(([i]) => slots[i]!.minutes > 0);
    for (let round = 0; round < 3 && deficit > 5; round++) {
      // Easy sessions first; with none left to grow, the long session up to its plan; then, in a load week, the
      // easy sessions up to a medium-long session. Key sessions keep the length their set needs (their
      // cool-down is capped in the library): spare time is easy time.
      let open = easy.filter(([i, c]) => slots[i]!.minutes < c);
      if (open.length === 0)
        open = slots
          .map((x, i): [number, number] => [
            i,
            x.role === 'long' ? (w.long[x.sport as LongSport] ?? x.minutes) : 0,
          ])
          .filter(([i, c]) => slots[i]!.minutes < c);
      if (open.length === 0 && w.kind === 'load')
        open = easy
          .map(([i, c]): [number, number] => {
            const sport = slots[i]!.sport;
            return [
              i,
              Math.max(c, Math.min(longestOf(slots, sport) * MEDIUM_LONG_SHARE, MEDIUM_LONG[sport] ?? 0)),
            ];
          })
          .filter(([i, c]) => slots[i]!.minutes < c);
      if (open.length === 0) break;
      const each = deficit / open.length;
      for (const [i, c] of open) {
        const add = Math.min(each, c - slots[i]!.minutes);
        slots[i]!.minutes += add;
        deficit -= add;
      }
    }
  };
  fill();
  // More minutes than the week has (floors of short weeks): easy sessions shrink to their floor, then go.
  let surplus = slots.reduce((a, x) => a + x.minutes, 0) - w.minutes;
  // A limiter's easy sessions shrink and go last (docs/plan-generator.md, "Limiters").
  const cutOrder = [...ceilings.keys()]
    .reverse()
    .sort(
      (a, b) =>
        Number(limiters.includes(slots[a]!.sport as TriSport)) -
        Number(limiters.includes(slots[b]!.sport as TriSport)),
    );
  // A beginner runner's three runs stay: their easy runs shrink to 20 min rather than go.
  const runsLeft = () => slots.filter((x) => x.sport === 'run' && x.minutes > 0).length;
  const keepsRun = (slot: Slot) => slot.sport === 'run' && runsLeft() <= minRuns;
  for (const least of minRuns > 0 ? [easyFloor, () => BEGINNER_RUN_FLOOR] : [easyFloor])
    for (const i of cutOrder) {
      if (surplus <= 2) break;
      const slot = slots[i]!;
      if (least !== easyFloor && slot.sport !== 'run') continue;
      const cut = Math.min(surplus, slot.minutes - least(slot.sport));
      if (cut > 0) {
        slot.minutes -= cut;
        surplus -= cut;
      }
    }
  for (const i of cutOrder) {
    if (surplus <= 2) break;
    if (keepsRun(slots[i]!)) continue;
    surplus -= slots[i]!.minutes;
    slots[i]!.minutes = 0;
  }
  // A limiter's week keeps the time a cut session held beyond the surplus: the easy sessions left grow by it, so
  // its extra session costs the week no time (and the weeks after it, which grow from it, none either).
  if (limiters.length > 0 && surplus < -5) fill();
  return slots.filter((x) => x.minutes > 0);
}

/**
 * The longest an easy session grows to fill a load week: a medium-long run (Pfitzinger's 11-15 miles, about
 * 110 min), a 3-hour ride, a 75-minute swim; never past 85 % of the week's long session (Pfitzinger's
 * medium-long runs are about three quarters of his long runs): a week holds one long session, not two.
 */
const MEDIUM_LONG: Partial<Record<Sport, number>> = { run: 110, bike: 180, swim: 75 };
const MEDIUM_LONG_SHARE = 0.85;

/** The longest long session of `sport` among the slots (0 with none). */
function longestOf(slots: readonly Slot[], sport: Sport): number {
  return Math.max(0, ...slots.filter((x) => x.role === 'long' && x.sport === sport).map((x) => x.minutes));
}

function qualityReason(kind: SessionKind, label: string): string {
  const phase =
    label === 'Build Phase'
      ? 'Build'
      : label === 'Base Building'
        ? 'Base'
        : label === 'Peak & Taper'
          ? 'Peak'
          : label;
  switch (kind) {
    case 'tempo':
      return `${phase}: steady work in zone 3 (sweet spot on the bike), the bridge to threshold`;
    case 'threshold':
      return `${phase}: threshold work, longer each time it comes back`;
    case 'vo2':
      return `${phase}: VO2max intervals for top-end speed`;
    case 'race_pace':
      return `${phase}: work at your race pace, growing toward the race's own length`;
    case 'technique':
      return `${phase}: technique drills and steady swimming`;
    default:
      return `${phase}: quality session`;
  }
}

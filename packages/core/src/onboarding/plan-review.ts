// The plan reviewer: scores a plan on the coaching rules (ramp, deloads, taper, intensity share, quality work
// and quality sessions a week, no hard session after the long one, long-session timing, the last ten days,
// rest streaks, targets within the athlete's zones, progressions, race day) and returns each finding with its
// figure. Pure. The rules and their bounds: docs/plan-generator.md, "The plan reviewer".
import { addDays } from '../dates.ts';
import { isPositive } from '../numbers.ts';
import { dayOfWeek, daysBetween } from '../training/calendar.ts';
import { METERS_PER_MILE } from '../units.ts';
import { resolveThresholds } from '../workouts/parser/intensity.ts';
import type { AthleteThresholds } from '../workouts/types.ts';
import { WEEK_DAYS } from './goal-terms.ts';
import { planLimits } from './plan-limits.ts';
import type { PlanReview, PlanReviewFinding } from './plan-quality.ts';
import type { GeneratedPlan, PlanGoal, PlanSession, PlanWeek } from './plan-types.ts';
import { RUN_WALK_TITLE } from './session-library.ts';
import { injuryRules } from './week-input.ts';
import { eventFacts, isShortPlan } from './week-structure.ts';

export interface PlanReviewContext {
  goal: PlanGoal;
  thresholds?: AthleteThresholds;
}

/** The reviewer's bounds (docs/plan-generator.md, "The plan reviewer"). */
export const REVIEW_BOUNDS = {
  /** Most a load week's minutes may rise over the load week before ("about 10 %"). */
  maxRamp: 0.12,
  /** Most load weeks in a row before a deload. */
  maxLoadStreak: 4,
  /** A deload keeps between these shares of the load week before. */
  deloadShare: [0.55, 0.82] as const,
  /** Easy share (zones 1-2) of training time in load weeks after Foundation. */
  easyShare: [0.7, 0.93] as const,
  /** Minutes above zone 2 a load week after Foundation holds at least. */
  minHardMinutes: 8,
  /** Calendar weeks before race week the longest session falls in. */
  longestWeeksOut: [2, 5] as const,
  /**
   * Last days and the share of the longest session nothing in them may pass: 10 days, or race week's 6 before race
   * day for a race whose taper is its race week alone (5K-10K, sprint, short rides and swims).
   */
  lastDays: 10,
  lastDaysRaceWeekTaper: 6,
  lastDaysShare: 0.6,
  /** Targets stay within these multiples of the thresholds. */
  runPace: [0.85, 1.45] as const,
  watts: [0.4, 1.25] as const,
  swimPace: [0.85, 1.5] as const,
} as const;

const QUALITY = new Set(['tempo', 'threshold', 'vo2', 'race_pace', 'test']);
const hardMinutes = (s: PlanSession) => Math.max(0, s.duration_minutes - s.easy_minutes);
const isQuality = (s: PlanSession) => QUALITY.has(s.kind) || (s.kind === 'long' && hardMinutes(s) >= 10);
const training = (w: PlanWeek) => w.sessions.filter((s) => s.kind !== 'race');
const minutesOf = (list: PlanSession[]) => list.reduce((a, s) => a + s.duration_minutes, 0);
const fullWeek = (w: PlanWeek) => daysBetween(w.start, w.end) === 6;

function finding(
  rule: string,
  passed: boolean,
  figure: string,
  message: string,
  severity: PlanReviewFinding['severity'] = 'error',
): PlanReviewFinding {
  return { rule, passed, severity: passed ? 'info' : severity, figure, message };
}

function ramp(plan: GeneratedPlan): PlanReviewFinding {
  let worst = 0;
  let where = '';
  let prev: number | null = null;
  for (const w of plan.weeks) {
    if (w.kind !== 'load') {
      if (w.kind !== 'deload') prev = null;
      continue;
    }
    const m = minutesOf(training(w));
    if (!fullWeek(w)) continue;
    if (prev !== null && prev > 0) {
      const rise = m / prev - 1;
      if (rise > worst) {
        worst = rise;
        where = w.start;
      }
    }
    prev = m;
  }
  const ok = worst <= REVIEW_BOUNDS.maxRamp;
  return finding(
    'ramp',
    ok,
    `largest rise ${Math.round(worst * 100)} %${where ? ` (week of ${where})` : ''}`,
    ok
      ? 'Volume rises by about 10 % a week at most between load weeks.'
      : 'Volume rises faster than about 10 % a week.',
  );
}

function deloads(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding {
  let streak = 0;
  let longest = 0;
  let bad = '';
  let lastLoad: PlanWeek | null = null;
  for (const w of plan.weeks) {
    if (w.kind === 'load') {
      // A run/walk block runs its weeks without a deload, as Couch to 5K's nine weeks do.
      if (runWalkWeek(w, ctx)) streak = 0;
      else if (fullWeek(w)) streak += 1;
      longest = Math.max(longest, streak);
      lastLoad = w;
    } else {
      if (w.kind === 'deload' && lastLoad) {
        const share = minutesOf(training(w)) / Math.max(1, minutesOf(training(lastLoad)));
        const longOf = (x: PlanWeek) =>
          Math.max(
            0,
            ...training(x)
              .filter((s) => s.kind === 'long')
              .map((s) => s.duration_minutes),
          );
        const longBefore = longOf(lastLoad);
        const longNow = longOf(w);
        if (
          share < REVIEW_BOUNDS.deloadShare[0] ||
          share > REVIEW_BOUNDS.deloadShare[1] ||
          (longBefore > 0 && longNow >= longBefore)
        )
          bad = `deload of ${w.start} keeps ${Math.round(share * 100)} % (long ${longNow} vs ${longBefore} min)`;
      }
      streak = 0;
    }
  }
  // A plan of six weeks or fewer holds no deload before its taper (week-structure.ts): five load weeks at most.
  const most = REVIEW_BOUNDS.maxLoadStreak + (isShortPlan(plan.start_date, plan.race_date) ? 1 : 0);
  const ok = longest <= most && bad === '';
  return finding(
    'deloads',
    ok,
    bad || `at most ${longest} load weeks in a row`,
    ok
      ? 'A lighter week every 3-4 weeks cuts volume by 20-40 % and shortens the long session.'
      : 'Too many load weeks in a row, or a deload that does not cut enough.',
  );
}

/**
 * An open-water swimmer whose injury rules out hard swims (docs/plan-generator.md, "Injuries"): their taper
 * cannot keep intensity and is not asked to. (A runner's intervals move to the bike and stay hard.)
 */
function hardWorkRuledOut(ctx: PlanReviewContext): boolean {
  return ctx.goal.primary_event.sport === 'swim' && injuryRules(ctx.goal.injuries).noHardSwims;
}

function taper(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding {
  const top = Math.max(
    0,
    ...plan.weeks
      .filter((w) => w.kind === 'load')
      .map((w) => minutesOf(training(w)) * (7 / (daysBetween(w.start, w.end) + 1))),
  );
  const tail = plan.weeks.filter((w) => w.kind === 'taper' || w.kind === 'race');
  const raceWeek = plan.weeks.at(-1);
  if (!raceWeek || top === 0)
    return finding('taper', true, 'plan too short to judge', 'The plan is too short for a taper to judge.');
  const shares = tail.map(
    (w) => (minutesOf(training(w)) * (7 / Math.max(1, daysBetween(w.start, w.end) + 1))) / top,
  );
  const falls = shares.every((s) => s <= 0.85);
  const sharp = tail.some((w) => training(w).some((s) => QUALITY.has(s.kind) || s.intensity_zone >= 4));
  // A taper of a few sessions (a low-hours plan) may hold none hard, nor one whose hard work an injury rules out,
  // nor a new runner's run/walk taper (no faster running before continuous running).
  const runWalk = tail.every((w) => training(w).length === 0 || runWalkWeek(w, ctx));
  const ok =
    falls &&
    (sharp || tail.reduce((n, w) => n + training(w).length, 0) < 4 || hardWorkRuledOut(ctx) || runWalk);
  return finding(
    'taper',
    ok,
    `${tail.length} week${tail.length === 1 ? '' : 's'} at ${shares.map((s) => `${Math.round(s * 100)} %`).join(', ')} of the top week`,
    ok
      ? 'The taper cuts volume and keeps short intensity.'
      : 'The taper keeps too much volume or drops all intensity.',
  );
}

/**
 * A week of a beginner's run/walk block (docs/plan-generator.md, "A new runner runs and walks"): every run is a
 * run/walk session. The NHS Couch to 5K and Galloway's run/walk method hold no faster running until the athlete
 * runs about 30 minutes without walking, so such a week owes neither zone 3-5 work nor the hard share; and Couch
 * to 5K's nine weeks have no lighter week (its sessions stay 30-40 minutes, with a rest day after each), so the
 * block's weeks do not count toward the load weeks before a deload.
 */
function runWalkWeek(w: PlanWeek, ctx: PlanReviewContext): boolean {
  const runs = training(w).filter((s) => s.sport === 'run');
  return (
    ctx.goal.experience === 'beginner' && runs.length > 0 && runs.every((s) => s.title === RUN_WALK_TITLE)
  );
}

function intensity(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding[] {
  // An injury takes intensity out on purpose (run intervals become rides, hard swims technique): not a fault.
  const injured = ctx.goal.injuries.length > 0;
  let total = 0;
  let easy = 0;
  const flat: string[] = [];
  let walked = 0;
  for (const w of plan.weeks) {
    if (w.kind !== 'load' || w.label === 'Foundation') continue;
    if (runWalkWeek(w, ctx)) {
      walked += 1;
      continue;
    }
    const list = training(w).filter((s) => s.sport !== 'strength');
    total += minutesOf(list);
    easy += list.reduce((a, s) => a + Math.min(s.easy_minutes, s.duration_minutes), 0);
    if (fullWeek(w) && list.reduce((a, s) => a + hardMinutes(s), 0) < REVIEW_BOUNDS.minHardMinutes)
      flat.push(w.start);
  }
  const share = total > 0 ? easy / total : 1;
  const [lo, hi] = REVIEW_BOUNDS.easyShare;
  return [
    finding(
      'intensity_share',
      total === 0 || (share >= lo && (share <= hi || injured)),
      total === 0 && walked > 0
        ? 'only run/walk load weeks: no share to judge'
        : `${Math.round(share * 100)} % of load-week time in zones 1-2${walked > 0 ? ' (run/walk weeks excepted)' : ''}`,
      'About 75-85 % of the time is easy (zones 1-2), the rest real work.',
    ),
    finding(
      'quality_work',
      flat.length === 0 || injured,
      flat.length === 0
        ? `every load week after Foundation holds zone 3-5 work${walked > 0 ? ` (${walked} run/walk week${walked === 1 ? '' : 's'} excepted)` : ''}`
        : `no zone 3-5 work in weeks of ${flat.join(', ')}`,
      'Every load week after the first base weeks holds real zone 3-5 work.',
    ),
  ];
}

function qualityPerWeek(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding {
  const max = ctx.goal.experience === 'beginner' ? 1 : 2;
  let worst = 0;
  let where = '';
  for (const w of plan.weeks) {
    const bySport = new Map<string, number>();
    for (const s of training(w)) if (isQuality(s)) bySport.set(s.sport, (bySport.get(s.sport) ?? 0) + 1);
    for (const n of bySport.values())
      if (n > worst) {
        worst = n;
        where = w.start;
      }
  }
  const ok = worst <= max;
  return finding(
    'quality_sessions',
    ok,
    `at most ${worst} quality session${worst === 1 ? '' : 's'} a sport a week${ok ? '' : ` (week of ${where})`}`,
    `One or two quality sessions a sport a week (${max} for a ${ctx.goal.experience} athlete).`,
  );
}

function hardAfterLong(plan: GeneratedPlan): PlanReviewFinding {
  const all = plan.weeks.flatMap(training);
  const bad: string[] = [];
  for (const w of plan.weeks) {
    const list = training(w).filter((s) => s.kind === 'long');
    if (list.length === 0) continue;
    const longest = list.reduce((a, s) => (s.duration_minutes > a.duration_minutes ? s : a));
    const next = addDays(longest.date, 1);
    if (all.some((s) => s.date === next && (isQuality(s) || s.intensity_zone >= 4))) bad.push(next);
  }
  return finding(
    'hard_after_long',
    bad.length === 0,
    bad.length === 0 ? 'no hard session the day after the longest' : `hard sessions on ${bad.join(', ')}`,
    "Never a hard session the day after the week's longest one.",
  );
}

function longTiming(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding[] {
  const sport = ctx.goal.primary_event.sport;
  const race = plan.race_date;
  const sessions = plan.weeks.flatMap(training);
  const out: PlanReviewFinding[] = [];
  const main = sport === 'triathlon' ? 'bike' : sport;
  // The longest long session (the latest of equals), in calendar weeks before race week.
  let longest: { minutes: number; weeksOut: number } | null = null;
  plan.weeks.forEach((w, index) => {
    for (const s of training(w))
      if (s.sport === main && s.kind === 'long' && (!longest || s.duration_minutes >= longest.minutes))
        longest = { minutes: s.duration_minutes, weeksOut: plan.weeks.length - 1 - index };
  });
  const found = longest as { minutes: number; weeksOut: number } | null;
  if (daysBetween(plan.start_date, race) >= 42 && found) {
    const [lo, hi] = REVIEW_BOUNDS.longestWeeksOut;
    out.push(
      finding(
        'long_timing',
        found.weeksOut >= lo && found.weeksOut <= hi,
        `longest ${main} session (${found.minutes} min) ${found.weeksOut} weeks before race week`,
        'The longest session comes 2-5 weeks before the race.',
      ),
    );
  } else
    out.push(
      finding(
        'long_timing',
        true,
        // A new runner's plan may be run/walk to the race: its sessions are alike, none of them a long run.
        found ? 'plan too short to judge' : 'no long session to judge',
        'The plan is too short for the long-session timing to judge.',
      ),
    );
  const event = ctx.goal.primary_event;
  const raceWeekTaper =
    eventFacts(event.sport, event.distance_meters ?? 0, ctx.goal.experience).taperWeeks <= 1;
  const lastDays = raceWeekTaper ? REVIEW_BOUNDS.lastDaysRaceWeekTaper : REVIEW_BOUNDS.lastDays;
  const from = addDays(race, -lastDays);
  let worst = 0;
  const longSports = new Set(sessions.filter((s) => s.kind === 'long').map((s) => s.sport));
  for (const s of sessions.filter((x) => x.date >= from && longSports.has(x.sport))) {
    const top = Math.max(
      0,
      ...sessions.filter((x) => x.sport === s.sport && x.date < from).map((x) => x.duration_minutes),
    );
    if (top > 0) worst = Math.max(worst, s.duration_minutes / top);
  }
  out.push(
    finding(
      'last_days',
      worst <= REVIEW_BOUNDS.lastDaysShare,
      `longest session in the last ${lastDays} days at ${Math.round(worst * 100)} % of the longest`,
      `Nothing in the last ${lastDays} days lasts more than 60 % of the longest session.`,
    ),
  );
  return out;
}

function restStreaks(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding {
  const asked = new Set(ctx.goal.preferences.rest_days ?? []);
  // An athlete who trains twice a week now keeps that rhythm for a block: days off between two sessions are
  // theirs (docs/plan-generator.md, "Sessions a week").
  const said = Object.values(ctx.goal.athlete?.current_weekly_sessions ?? {}).filter(isPositive);
  const twiceAWeek = said.length > 0 && said.reduce((a, n) => a + n, 0) <= 2;
  let worst = 0;
  let where = '';
  for (const w of plan.weeks) {
    if (w.kind !== 'load' || !fullWeek(w)) continue;
    const used = new Set(w.sessions.map((s) => s.date));
    if (twiceAWeek && used.size <= 2) continue;
    let streak = 0;
    for (let d = w.start; d <= w.end; d = addDays(d, 1)) {
      if (used.has(d) || asked.has(WEEK_DAYS[dayOfWeek(d)]!)) streak = 0;
      else streak += 1;
      if (streak > worst) {
        worst = streak;
        where = w.start;
      }
    }
  }
  return finding(
    'rest_streak',
    worst < 3,
    `at most ${worst} unasked day${worst === 1 ? '' : 's'} off in a row${worst >= 3 ? ` (week of ${where})` : ''}`,
    'Never three days off in a row in a load week unless asked.',
  );
}

function targets(plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding {
  const t = resolveThresholds(ctx.thresholds);
  const b = REVIEW_BOUNDS;
  const bad: string[] = [];
  const mmssOf = (m: string, s: string) => Number(m) * 60 + Number(s);
  for (const s of plan.weeks.flatMap(training)) {
    const text = s.workout_language_text;
    // Per km, or per mile for an imperial athlete (docs/units.md, "Workout texts").
    for (const m of text.matchAll(/(\d+):(\d{2})(?:-(\d+):(\d{2}))?\/(km|mi)\b/g)) {
      const perKm = mmssOf(m[1]!, m[2]!) / (m[5] === 'mi' ? METERS_PER_MILE / 1000 : 1);
      const share = perKm / t.thresholdPaceSecondsPerKm;
      if (share < b.runPace[0] || share > b.runPace[1]) bad.push(`${m[0]} on ${s.date}`);
    }
    for (const m of text.matchAll(/(\d+)(?:-(\d+))?W\b/g)) {
      const share = Number(m[2] ?? m[1]) / t.ftpWatts;
      if (share < b.watts[0] || share > b.watts[1]) bad.push(`${m[0]} on ${s.date}`);
    }
    for (const m of text.matchAll(/(\d+):(\d{2})\/100m/g)) {
      const share = mmssOf(m[1]!, m[2]!) / t.cssSecondsPer100m;
      if (share < b.swimPace[0] || share > b.swimPace[1]) bad.push(`${m[0]} on ${s.date}`);
    }
  }
  return finding(
    'targets',
    bad.length === 0,
    bad.length === 0
      ? "every target within the athlete's zones"
      : `${bad.length} targets outside: ${bad.slice(0, 3).join(', ')}`,
    "Paces, watts and swim paces come from the athlete's thresholds and stay within their zones.",
  );
}

function progressions(plan: GeneratedPlan): PlanReviewFinding {
  const repeats: string[] = [];
  for (let i = 1; i < plan.weeks.length; i++) {
    // The taper repeats its short sharpening sessions on purpose.
    if (plan.weeks[i]!.kind === 'taper' || plan.weeks[i]!.kind === 'race') continue;
    const before = new Set(
      training(plan.weeks[i - 1]!)
        .filter(isQuality)
        .map((s) => s.workout_language_text),
    );
    for (const s of training(plan.weeks[i]!).filter(isQuality))
      if (s.kind !== 'test' && before.has(s.workout_language_text)) repeats.push(`${s.title} (${s.date})`);
  }
  return finding(
    'progression',
    repeats.length === 0,
    repeats.length === 0
      ? 'no key session repeated unchanged'
      : `repeated: ${repeats.slice(0, 3).join(', ')}`,
    'No two consecutive weeks hold the same key session unchanged.',
  );
}

function raceDay(plan: GeneratedPlan): PlanReviewFinding {
  const race =
    plan.weeks.at(-1)?.sessions.filter((s) => s.kind === 'race' && s.date === plan.race_date) ?? [];
  return finding(
    'race_day',
    race.length > 0,
    race.length > 0 ? race.map((s) => s.workout_language_text).join(' + ') : 'no race session',
    'Race day holds the race with its target or predicted pace.',
  );
}

/**
 * A rule the plan cannot keep because of a limit of its goal (plan-limits.ts) passes, named, when the plan's
 * feasibility note tells the athlete so (docs/plan-generator.md, "Plan limits").
 */
function acceptLimit(f: PlanReviewFinding, plan: GeneratedPlan, ctx: PlanReviewContext): PlanReviewFinding {
  if (f.passed) return f;
  const limit = planLimits(ctx.goal, plan.start_date, plan.race_date).find(
    (l) => l.rules.includes(f.rule) && plan.feasibility?.message.includes(l.message),
  );
  return limit ? finding(f.rule, true, `${f.figure}; accepted: ${limit.id}`, f.message) : f;
}

/** The plan scored on every rule; `passed` when no error-level finding failed. */
export function reviewPlan(plan: GeneratedPlan, context: PlanReviewContext): PlanReview {
  const findings = [
    ramp(plan),
    deloads(plan, context),
    taper(plan, context),
    ...intensity(plan, context),
    qualityPerWeek(plan, context),
    hardAfterLong(plan),
    ...longTiming(plan, context),
    restStreaks(plan, context),
    targets(plan, context),
    progressions(plan),
    raceDay(plan),
  ].map((f) => acceptLimit(f, plan, context));
  return { passed: findings.every((f) => f.passed || f.severity !== 'error'), findings };
}

// The plan's explanation: the few bullets the athlete reads beside a generated plan (where the targets come from,
// how the volume builds, the limiters, how the sessions a week grow, the easy share and the fitness reached). Pure.
// Rules: docs/plan-generator.md, "The plan generator".
import { isPositive } from '../numbers.ts';
import type { Units } from '../spec/app.ts';
import { daysBetween } from '../training/calendar.ts';
import type { AthleteLevel } from './athlete-level.ts';
import type { TriSport } from './goal-terms.ts';
import type { GeneratedPlan, PlanGoal } from './plan-types.ts';
import { runWalkLine } from './run-walk.ts';
import { paceText } from './session-targets.ts';
import type { LongSport } from './week-structure.ts';

/** How the week's volume moves, from the first whole load week to the top one (within half an hour: it holds). */
function volumeLine(start: number, top: number): string {
  return top - start < 0.5
    ? `Volume holds at about ${top} h a week from the first whole week`
    : `Volume starts at ${start} h and builds by at most 10 % a week to a top week of ${top} h`;
}

const SPORT_NAMES: Record<string, string> = { run: 'run', bike: 'bike', swim: 'swim' };

export function explain(
  goal: PlanGoal,
  plan: GeneratedPlan,
  level: AthleteLevel,
  methods: { pace: string | null; css: string | null },
  limiter: { named: readonly TriSport[]; gain: boolean },
  endCtl: number,
  taperWeeks: number,
  racePace: number | null,
  units: Units,
  /**
   * The sports tested in the first weeks (`later`: more than one week holds, the third test coming the week
   * after), and a new runner's run/walk steps week by week.
   */
  runs: { tested: readonly LongSport[]; later: boolean; runWalk: ReadonlyArray<number | undefined> },
): string[] {
  const event = goal.primary_event;
  const loads = plan.weeks.filter((w) => w.kind === 'load');
  const top = loads.reduce((m, w) => Math.max(m, w.hours), 0);
  const sessions = plan.weeks
    .flatMap((w) => w.sessions)
    .filter((s) => s.kind !== 'race' && s.sport !== 'strength');
  const total = sessions.reduce((a, s) => a + s.duration_minutes, 0);
  const easy = sessions.reduce((a, s) => a + s.easy_minutes, 0);
  const bullets: string[] = [];
  const zones = [
    methods.pace ? `threshold pace from ${methods.pace}` : null,
    level.ftp ? `FTP from ${level.ftp.method}` : null,
    methods.css ? `CSS from ${methods.css}` : null,
  ].filter(Boolean);
  if (zones.length > 0) bullets.push(`Your targets: ${zones.join('; ')}.`);
  const walking = runWalkLine(runs.runWalk);
  if (walking) bullets.push(walking);
  const tested = runs.tested;
  if (tested.length > 0)
    bullets.push(
      `We do not know your ${tested.map((s) => SPORT_NAMES[s]).join(', ')} threshold yet: the first week holds a test that sets your zones${runs.later ? ' (the third the week after)' : ''}.`,
    );
  if (plan.feasibility) bullets.push(plan.feasibility.message);
  if (event.sport === 'run' && racePace)
    bullets.push(`Race pace ${paceText(racePace, units)} is written into the race-pace sessions.`);
  // The first whole load week: a plan starting on a Saturday has a two-day first week, whose hours are not where
  // the volume starts.
  const startWeek = plan.weeks
    .filter((w) => w.kind === 'load')
    .find((w) => Date.parse(w.end) - Date.parse(w.start) === 6 * 86_400_000);
  bullets.push(
    `${volumeLine(startWeek?.hours ?? 0, top)}, with a lighter week every ${goal.experience === 'beginner' ? 3 : 4} weeks and a ${taperWeeks}-week taper.`,
  );
  // The limiters (docs/plan-generator.md, "Limiters").
  const limiters = limiter.named;
  const named = `You named ${limiters.map((s) => LIMITER_NAMES[s]).join(' and ')} as your limiter${limiters.length > 1 ? 's' : ''}`;
  if (limiters.length > 0 && limiter.gain)
    bullets.push(
      `${named}: ${limiters.length > 1 ? 'each gets' : 'it gets'} one more session a week and a bigger share of the time (Friel).`,
    );
  else if (limiters.length > 0)
    bullets.push(
      `${named}: ${goal.experience === 'beginner' ? 'in a first season every sport keeps its usual share' : limiters.length === 3 ? 'with all three named, every sport keeps its usual share' : 'under 7 hours a week the other sports’ key sessions fill the week'}${limiters.includes('swim') ? ', so the extra attention is technique: drills in every base swim (Friel).' : ', so the plan keeps its usual split.'}`,
    );
  // One bullet for every sport the athlete gave a count for (the explanation holds at most seven).
  const frequency = frequencyLines(goal, plan);
  if (frequency.length > 0)
    bullets.push(
      [
        ...frequency,
        ...(frequency.some((l) => l.includes(' adds '))
          ? ['More often before longer, one session at a time.']
          : []),
      ].join(' '),
    );
  if (total > 0)
    bullets.push(
      `About ${Math.round((easy / total) * 100)} % of the time is easy (zones 1-2); fitness (CTL) goes from ${Math.round(level.startCtl)} to about ${Math.round(endCtl)}.`,
    );
  return bullets.slice(0, 7);
}

const LIMITER_NAMES: Record<TriSport, string> = { swim: 'swimming', bike: 'cycling', run: 'running' };

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];
const SESSION_WORDS: Record<LongSport, [verb: string, noun: string]> = {
  run: ['run', 'runs'],
  bike: ['ride', 'rides'],
  swim: ['swim', 'swims'],
};

/**
 * How the sessions a week grow from what the athlete does now ("You run 3 times a week now: the plan keeps 3
 * runs for the first 4 weeks, then adds a fourth"), from the plan's whole weeks (docs/plan-generator.md,
 * "Sessions a week").
 */
function frequencyLines(goal: PlanGoal, plan: GeneratedPlan): string[] {
  const said = goal.athlete?.current_weekly_sessions;
  const lines: string[] = [];
  for (const sport of ['run', 'bike', 'swim'] as const) {
    const now = said?.[sport];
    if (!isPositive(now)) continue;
    const [verb, noun] = SESSION_WORDS[sport];
    const counts = plan.weeks
      .filter((w) => daysBetween(w.start, w.end) === 6 && w.kind !== 'race')
      .map((w) => ({
        week: plan.weeks.indexOf(w) + 1,
        n: w.sessions.filter((s) => s.sport === sport && s.kind !== 'brick').length,
      }));
    const rises: Array<{ week: number; n: number }> = [];
    let most = now;
    for (const c of counts)
      if (c.n > most) {
        rises.push(c);
        most = c.n;
      }
    const times = now === 1 ? 'once' : now === 2 ? 'twice' : `${now} times`;
    const first = rises[0];
    const keeps = Math.min(now, Math.max(0, ...counts.map((c) => c.n)));
    lines.push(
      first
        ? `You ${verb} ${times} a week now: the plan keeps ${now} ${now === 1 ? verb : noun} for ${first.week === 2 ? 'the first week' : `the first ${first.week - 1} weeks`}, then adds a ${ORDINALS[first.n] ?? `${first.n}th`}${rises
            .slice(1)
            .map((r) => `, a ${ORDINALS[r.n] ?? `${r.n}th`} from week ${r.week}`)
            .join('')}.`
        : `You ${verb} ${times} a week now: the plan keeps to ${keeps} ${keeps === 1 ? verb : noun} a week.`,
    );
  }
  return lines;
}

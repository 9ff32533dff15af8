// The onboarding plan generator: a 24-week Ironman plan (sessions written, parsed and scored, the CTL ramp
// checked week by week, the reviewer run) generated again and again on this one thread, the median time of
// one plan; and every plan of the goal corpus (61 goals as athletes write them), median and p95 of one plan.
import { readFileSync } from 'node:fs';
import { type GoalContext, generatePlan, parseGoal } from '@stamina/core';
import { budgeted, type Figure } from './report.ts';

export interface PlanGeneratorBench {
  medianMs: number;
  p95Ms: number;
  plans: number;
  weeks: number;
  sessions: number;
  corpus: { medianMs: number; p95Ms: number; goals: number };
}

const CORPUS = new URL('../../packages/core/test/fixtures/goal-corpus.json', import.meta.url);

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
const p95 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;

/** Every corpus goal's plan timed `rounds` times after a warm-up round; median and p95 over all timings. */
function measureCorpus(rounds = 5): PlanGeneratorBench['corpus'] {
  const corpus = JSON.parse(readFileSync(CORPUS, 'utf8')) as {
    today: string;
    goals: Array<{ goal: GoalContext }>;
  };
  const profile = { ctl: 0, weeklyHours: 0 };
  const times: number[] = [];
  for (let r = 0; r <= rounds; r++)
    for (const { goal } of corpus.goals) {
      const started = performance.now();
      generatePlan(goal, profile, { today: corpus.today });
      if (r > 0) times.push(performance.now() - started);
    }
  times.sort((a, b) => a - b);
  return { medianMs: median(times), p95Ms: p95(times), goals: corpus.goals.length };
}

const TODAY = '2026-11-23';
/** Race day 24 weeks after TODAY (a Monday): the plan has 24 plan weeks. */
const GOAL =
  'Ironman on 2027-05-09, 12 hours a week, long ride on Saturday, long run on Sunday, no swimming on Sundays';
const PROFILE = {
  ctl: 55,
  weeklyHours: 8,
  longestSessionMinutes: { run: 100, bike: 180, swim: 50 },
  thresholds: { ftpWatts: 240, thresholdPaceSecondsPerKm: 285, cssSecondsPer100m: 105 },
};

/** Generates the plan `plans` times after a warm-up; each generation starts cold (no shared cache). */
export function measurePlanGenerator(plans = 60): PlanGeneratorBench {
  const goal = parseGoal(GOAL, { today: TODAY });
  for (let i = 0; i < 10; i++) generatePlan(goal, PROFILE, { today: TODAY });
  const times: number[] = [];
  let last = generatePlan(goal, PROFILE, { today: TODAY });
  for (let i = 0; i < plans; i++) {
    const started = performance.now();
    last = generatePlan(goal, PROFILE, { today: TODAY });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    medianMs: median(times),
    p95Ms: p95(times),
    plans,
    weeks: last.weeks.length,
    sessions: last.weeks.reduce((n, w) => n + w.sessions.length, 0),
    corpus: measureCorpus(),
  };
}

export function planGeneratorFigures(result: PlanGeneratorBench): Figure[] {
  return [
    budgeted(
      {
        id: 'plan-generator.ironman-24-weeks',
        label: `plan generator (${result.weeks}-week Ironman, ${result.sessions} sessions, one core)`,
        value: result.medianMs,
        unit: 'ms',
        digits: 1,
        note: `median of ${result.plans}; p95 ${result.p95Ms.toFixed(1)} ms`,
      },
      { max: 50, text: '<= 50 ms' },
    ),
    budgeted(
      {
        id: 'plan-generator.corpus-p95',
        label: `plan generator, goal corpus (${result.corpus.goals} goals, one core)`,
        value: result.corpus.p95Ms,
        unit: 'ms',
        digits: 1,
        note: `p95 of one plan; median ${result.corpus.medianMs.toFixed(1)} ms`,
      },
      { max: 50, text: '<= 50 ms' },
    ),
  ];
}

// `npx tsx scripts/plan-print.ts "<goal text>" [today] [--imperial]`: a plan for a goal text, printed week by week
// as a coach reads it (kind, phase, hours, each session with its day, minutes and workout text) with the
// reviewer's findings; `--imperial` writes it for an athlete on imperial units. A reading aid for people, not
// part of the product.
import { generatePlan, type PlanGoal, type PlanProfile, parseGoal } from '../packages/core/src/index.ts';
import { planCases } from '../packages/core/test/plan-cases.ts';

const args = process.argv.slice(2);
const units = args.includes('--imperial') ? 'imperial' : 'metric';
const [text, today = '2026-11-28'] = args.filter((a) => a !== '--imperial');
if (!text) {
  console.error('usage: npx tsx scripts/plan-print.ts "<goal text>" [YYYY-MM-DD] | --case N');
  process.exit(1);
}
// `--case N`: the Nth of the reviewer's 500 generated cases instead of a goal text.
const picked = text === '--case' ? planCases(500)[Number(today)]! : null;
const goal: PlanGoal = picked ? picked.goal : parseGoal(text, { today });
const profile: PlanProfile = picked ? picked.profile : { ctl: 0, weeklyHours: 0 };
const plan = generatePlan(goal, profile, { today: picked ? picked.today : today, units });
if (picked)
  console.log(
    JSON.stringify({ profile, athlete: goal.athlete, prefs: goal.preferences, injuries: goal.injuries }),
  );
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dow = (d: string) => DAYS[new Date(`${d}T00:00:00Z`).getUTCDay()];
console.log(
  `${goal.primary_event.distance} on ${plan.race_date}, ${goal.weekly_hours} h/week, ${goal.experience}, target ${plan.target_time ?? 'finish'}`,
);
if (plan.feasibility) console.log(`feasibility: ${plan.feasibility.verdict}: ${plan.feasibility.message}`);
for (const b of plan.explainability.bullets) console.log(`  * ${b}`);
let prev = 0;
for (const w of plan.weeks) {
  const mins = w.sessions.filter((s) => s.kind !== 'race').reduce((a, s) => a + s.duration_minutes, 0);
  const easy = w.sessions.filter((s) => s.kind !== 'race' && s.sport !== 'strength');
  const all = easy.reduce((a, s) => a + s.duration_minutes, 0);
  const share = all > 0 ? Math.round((easy.reduce((a, s) => a + s.easy_minutes, 0) / all) * 100) : 0;
  const change = prev > 0 ? ` (${mins >= prev ? '+' : ''}${Math.round((mins / prev - 1) * 100)} %)` : '';
  console.log(
    `\n${w.start}..${w.end} ${w.kind.padEnd(6)} ${w.label.padEnd(14)} ${w.hours} h of ${w.target_hours} h${change}, ${share} % easy`,
  );
  for (const s of w.sessions)
    console.log(
      `  ${dow(s.date)} ${s.date.slice(5)} ${s.sport.padEnd(8)} ${s.kind.padEnd(9)} ${String(s.duration_minutes).padStart(3)}' ${s.workout_language_text.replace(/\n/g, ' | ')}`,
    );
  prev = mins;
}
console.log('\nreview:', plan.review?.passed ? 'PASS' : 'FAIL');
for (const f of plan.review?.findings ?? [])
  console.log(`  ${f.passed ? 'ok ' : 'BAD'} ${f.rule}: ${f.figure}`);

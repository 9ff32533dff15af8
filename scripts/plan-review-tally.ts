// `npx tsx scripts/plan-review-tally.ts [count]`: the plan reviewer over the generated cases and the goal
// corpus; prints the pass rate and how often each rule fails, with a few examples. A reading aid.
import { generatePlan } from '../packages/core/src/index.ts';
import corpus from '../packages/core/test/fixtures/goal-corpus.json' with { type: 'json' };
import { planCases } from '../packages/core/test/plan-cases.ts';

const count = Number(process.argv[2] ?? 500);
const tally = new Map<string, string[]>();
let passed = 0;
const cases = planCases(count);
for (const [i, c] of cases.entries()) {
  const plan = generatePlan(c.goal, c.profile, { today: c.today });
  if (plan.review!.passed) passed += 1;
  for (const f of plan.review!.findings.filter((x) => !x.passed)) {
    const list = tally.get(f.rule) ?? [];
    list.push(
      `#${i} ${c.goal.primary_event.distance} ${c.goal.experience} ${c.goal.weekly_hours}h ${c.today}->${c.goal.primary_event.date} ctl${c.profile.ctl} rec${c.profile.weeklyHours.toFixed(1)} inj[${c.goal.injuries.join(',')}]: ${f.figure}`,
    );
    tally.set(f.rule, list);
  }
}
console.log(`cases: ${passed}/${cases.length} pass (${((passed / cases.length) * 100).toFixed(1)} %)`);
for (const [rule, list] of [...tally].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`${rule}: ${list.length}`);
  for (const l of list.slice(0, Number(process.env.SHOW ?? 4))) console.log(`   ${l}`);
}
const c2 = corpus as unknown as { today: string; goals: Array<{ prompt: string; goal: never }> };
let cp = 0;
for (const g of c2.goals) {
  const plan = generatePlan(g.goal, { ctl: 0, weeklyHours: 0 }, { today: c2.today });
  if (plan.review!.passed) cp += 1;
  else
    console.log(
      `corpus FAIL ${g.prompt}\n   ${plan
        .review!.findings.filter((f) => !f.passed)
        .map((f) => `${f.rule}: ${f.figure}`)
        .join('; ')}`,
    );
}
console.log(`corpus: ${cp}/${c2.goals.length}`);

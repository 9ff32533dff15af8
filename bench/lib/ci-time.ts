// CI time: the last `.ci/run` in this checkout writes each step's duration to .tmp/ci/last-run.json; the bench
// reports them against the budget (under 30 minutes on this 2-core machine; docs/performance.md, "CI time").
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgeted, type Figure, info } from './report.ts';

const BUDGET_SECONDS = 30 * 60;

interface CiRun {
  startedAt: string;
  node: string;
  cpus: number;
  outcome: 'passed' | 'failed' | 'running';
  failedStep: string | null;
  totalSeconds: number;
  steps: { name: string; seconds: number }[];
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The last CI run's total and per-step times, or one figure saying there is none. */
export function ciTimeFigures(root: string): Figure[] {
  const file = join(root, '.tmp/ci/last-run.json');
  if (!existsSync(file)) {
    return [
      info({
        id: 'ci.total',
        label: 'CI time',
        value: null,
        unit: 's',
        note: 'no CI run here yet: bash .ci/run',
      }),
    ];
  }
  const run = JSON.parse(readFileSync(file, 'utf8')) as CiRun;
  const how =
    run.outcome === 'passed'
      ? `passed, ${run.startedAt}, Node ${run.node}, ${run.cpus} CPUs`
      : `${run.outcome} at "${run.failedStep ?? '?'}", ${run.startedAt}: the total covers the steps before it`;
  const total = budgeted(
    { id: 'ci.total', label: 'CI time (last .ci/run)', value: run.totalSeconds, unit: 's', note: how },
    { max: BUDGET_SECONDS, text: '< 1,800 s' },
  );
  // A run that stopped early has not shown it fits in the budget.
  if (run.outcome !== 'passed' && total.status === 'pass') total.status = 'info';
  return [
    total,
    ...run.steps.map((step) =>
      info({ id: `ci.step.${slug(step.name)}`, label: `  ${step.name}`, value: step.seconds, unit: 's' }),
    ),
  ];
}

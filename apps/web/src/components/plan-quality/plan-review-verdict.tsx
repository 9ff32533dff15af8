// The plan reviewer's verdict (core reviewPlan; docs/plan-generator.md): passed or not, then each finding with
// its figure, the failed ones first (errors before warnings). The passed checks fold away so the list stays
// short; every state is said in words beside its icon.
import type { PlanOutline } from '@stamina/contract';
import { CircleCheck, CircleX, Info, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

/** The reviewer's verdict as the contract carries it (ZPlanReview). */
export type PlanReview = NonNullable<PlanOutline['review']>;
type Finding = PlanReview['findings'][number];

const SEVERITY_ORDER: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 };

/** Failed findings first, errors before warnings before notes; each group in the reviewer's order. */
function orderedFindings(findings: readonly Finding[]): Finding[] {
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        Number(a.finding.passed) - Number(b.finding.passed) ||
        SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] ||
        a.index - b.index,
    )
    .map(({ finding }) => finding);
}

/** 'Long run: 3 weeks out' from a rule id such as 'long_session_timing'. */
const ruleName = (rule: string) => {
  const words = rule.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function FindingRow({ finding }: { finding: Finding }) {
  const failed = !finding.passed;
  const Icon = !failed
    ? CircleCheck
    : finding.severity === 'error'
      ? CircleX
      : finding.severity === 'warning'
        ? TriangleAlert
        : Info;
  const state = !failed
    ? 'Passed'
    : finding.severity === 'error'
      ? 'Failed'
      : finding.severity === 'warning'
        ? 'Worth a look'
        : 'Note';
  return (
    <li className="flex gap-2 py-1.5">
      <Icon
        className={cn(
          'mt-0.5 h-4 w-4 shrink-0',
          !failed ? 'text-success' : finding.severity === 'error' ? 'text-destructive' : 'text-warning',
        )}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p>
          <span className="sr-only">{state}: </span>
          <span className="font-medium">{ruleName(finding.rule)}</span>
          <span className="text-muted-foreground"> · </span>
          <span className="tabular-nums">{finding.figure}</span>
        </p>
        {failed ? <p className="text-xs text-muted-foreground">{finding.message}</p> : null}
      </div>
    </li>
  );
}

export function PlanReviewVerdict({ review, className }: { review: PlanReview; className?: string }) {
  const headingId = useId();
  const ordered = orderedFindings(review.findings);
  const failed = ordered.filter((f) => !f.passed);
  const passed = ordered.filter((f) => f.passed);
  const total = review.findings.length;
  const summary = review.passed
    ? `Passed ${total === 1 ? 'the 1 check' : `all ${total} checks`}`
    : `${failed.length} of ${total} checks not met`;
  return (
    <section aria-labelledby={headingId} className={cn('space-y-1 text-sm', className)}>
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        {review.passed ? (
          <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden="true" />
        ) : (
          <TriangleAlert className="h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
        )}
        <span>Coach's check: {summary}</span>
      </h3>
      {failed.length > 0 ? (
        <ul className="divide-y divide-border" aria-label="Checks not met">
          {failed.map((finding) => (
            <FindingRow key={`${finding.rule}-${finding.figure}`} finding={finding} />
          ))}
        </ul>
      ) : null}
      {passed.length > 0 ? (
        <details className="group">
          <summary className="cursor-pointer rounded py-1 text-xs font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {failed.length > 0 ? `Show the ${passed.length} checks passed` : 'Show each check'}
          </summary>
          <ul className="divide-y divide-border" aria-label="Checks passed">
            {passed.map((finding) => (
              <FindingRow key={`${finding.rule}-${finding.figure}`} finding={finding} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

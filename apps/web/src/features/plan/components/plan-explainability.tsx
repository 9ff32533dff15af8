// Why the plan is built as it is: the generator's explainability bullets (volume, deload rhythm, CTL path,
// easy share, taper, injuries), whether the target is within reach, and the plan reviewer's verdict.
import type { Feasibility } from '@stamina/contract';
import { Lightbulb } from 'lucide-react';
import { FeasibilityNote } from '../../../components/plan-quality/feasibility-note.tsx';
import { type PlanReview, PlanReviewVerdict } from '../../../components/plan-quality/plan-review-verdict.tsx';
import { Card } from '../../../components/ui/card.tsx';

export function PlanExplainability({
  bullets,
  feasibility = null,
  review = null,
}: {
  bullets: readonly string[];
  feasibility?: Feasibility | null;
  review?: PlanReview | null;
}) {
  if (bullets.length === 0 && !feasibility && !review) return null;
  return (
    <Card className="space-y-4 p-5" role="region" aria-labelledby="plan-why-heading">
      <h2 id="plan-why-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Lightbulb className="h-5 w-5 text-primary" aria-hidden="true" />
        Why this plan
      </h2>
      {bullets.length > 0 ? (
        <ul className="list-disc space-y-1.5 pl-5 text-sm">
          {bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {feasibility ? (
        <FeasibilityNote feasibility={feasibility} className="border-t border-border pt-3" />
      ) : null}
      {review ? <PlanReviewVerdict review={review} className="border-t border-border pt-3" /> : null}
    </Card>
  );
}

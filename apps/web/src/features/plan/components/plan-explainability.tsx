// Why the plan is built as it is: the generator's explainability bullets (volume, deload rhythm, CTL path,
// easy share, taper, injuries).
import { Lightbulb } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';

export function PlanExplainability({ bullets }: { bullets: readonly string[] }) {
  if (bullets.length === 0) return null;
  return (
    <Card className="p-5" role="region" aria-labelledby="plan-why-heading">
      <h2 id="plan-why-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Lightbulb className="h-5 w-5 text-primary" aria-hidden="true" />
        Why this plan
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm">
        {bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
    </Card>
  );
}

// Whether the goal's target is within reach (docs/plan-generator.md, "Feasibility"): the verdict in words and
// an icon (never colour alone), the predicted time beside the target, the message and how it was predicted.
// When the target is out of reach and the caller lets the athlete choose, "Keep my target" or "Use <suggested>".
import type { Feasibility } from '@stamina/contract';
import { CircleCheck, CircleHelp, Gauge, TriangleAlert } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';

const VERDICTS: Record<
  Feasibility['verdict'],
  { label: string; icon: ComponentType<{ className?: string }>; className: string }
> = {
  on_track: { label: 'On track', icon: CircleCheck, className: 'text-success' },
  stretch: { label: 'A stretch', icon: Gauge, className: 'text-warning' },
  out_of_reach: { label: 'Out of reach', icon: TriangleAlert, className: 'text-destructive' },
  unknown: { label: 'Not enough to predict', icon: CircleHelp, className: 'text-muted-foreground' },
};

export interface FeasibilityChoice {
  /** Sets the goal's target to the suggested one (the plan is drafted again). */
  onUseSuggested: (target: string) => void;
  busy?: boolean;
}

export function FeasibilityNote({
  feasibility,
  choice,
  className,
}: {
  feasibility: Feasibility;
  /** Offer "Keep my target" and "Use <suggested>" when the target is out of reach. */
  choice?: FeasibilityChoice;
  className?: string;
}) {
  const headingId = useId();
  const [kept, setKept] = useState(false);
  const verdict = VERDICTS[feasibility.verdict];
  const Icon = verdict.icon;
  const suggested = feasibility.verdict === 'out_of_reach' ? feasibility.suggested_target : null;
  return (
    <section aria-labelledby={headingId} className={cn('space-y-2 text-sm', className)}>
      <h3 id={headingId} className="flex flex-wrap items-center gap-x-2 font-semibold">
        <Icon className={cn('h-4 w-4 shrink-0', verdict.className)} aria-hidden="true" />
        <span>Your target: {verdict.label}</span>
      </h3>
      {feasibility.predicted_time || feasibility.target_time ? (
        <dl className="flex flex-wrap gap-x-5 gap-y-1">
          {feasibility.predicted_time ? (
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">Predicted</dt>
              <dd className="font-semibold tabular-nums">{feasibility.predicted_time}</dd>
            </div>
          ) : null}
          {feasibility.target_time ? (
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">Target</dt>
              <dd className="font-semibold tabular-nums">{feasibility.target_time}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p>{feasibility.message}</p>
      {feasibility.method ? (
        <p className="text-xs text-muted-foreground">How we predicted it: {feasibility.method}</p>
      ) : null}
      {suggested && choice ? (
        kept ? (
          <p className="text-xs text-muted-foreground" role="status">
            You keep your target. The plan trains you toward it as well as it can.
          </p>
        ) : (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={choice.busy}
              onClick={() => setKept(true)}
            >
              Keep my target
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={choice.busy}
              onClick={() => choice.onUseSuggested(suggested)}
            >
              Use {suggested}
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}

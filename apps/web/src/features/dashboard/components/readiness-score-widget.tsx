import { readinessLabel } from '@stamina/core';
import { Gauge } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useReadinessWidget } from '../../../api/dashboard/readiness-widget.ts';
import { READINESS_FALLBACK, scoreOrFallback } from '../dashboard-model.ts';
import { WIDGET_ICON_CLASS as iconClass, WidgetCard } from './widget-card.tsx';

export const ReadinessScoreWidget = memo(function ReadinessScoreWidget({ delayMs }: { delayMs: number }) {
  const readiness = useReadinessWidget();
  const score = scoreOrFallback(readiness.data?.readiness, READINESS_FALLBACK);
  return (
    <WidgetCard
      title="Readiness"
      icon={<Gauge className={iconClass} aria-hidden="true" />}
      query={readiness}
      delayMs={delayMs}
      estimate={score.estimate}
    >
      <div className="flex items-center gap-4">
        <ScoreRing
          value={score.value}
          label={`Readiness ${score.value} out of 100, ${readinessLabel(score.value)}`}
        />
        <div>
          <p className="font-semibold">{readinessLabel(score.value)}</p>
          {score.estimate ? (
            <p className="text-xs text-muted-foreground">
              No wellness data yet: a neutral 75 until you log HRV, resting HR or sleep.
            </p>
          ) : null}
        </div>
      </div>
    </WidgetCard>
  );
});

/** A ring filled to `value` percent, its number in the middle. */
function ScoreRing({ value, label, children }: { value: number; label: string; children?: ReactNode }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  const filled = (Math.min(100, Math.max(0, value)) / 100) * circumference;
  return (
    <span role="img" aria-label={label} className="relative inline-flex h-16 w-16 shrink-0">
      <svg viewBox="0 0 64 64" className="h-16 w-16 -rotate-90" aria-hidden="true">
        <circle cx="32" cy="32" r={radius} fill="none" strokeWidth="6" className="stroke-muted" />
        <circle
          cx="32"
          cy="32"
          r={radius}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          strokeDasharray={`${filled} ${circumference}`}
          className="stroke-primary"
        />
      </svg>
      <span
        aria-hidden="true"
        className="absolute inset-0 flex items-center justify-center text-lg font-bold"
      >
        {children ?? value}
      </span>
    </span>
  );
}

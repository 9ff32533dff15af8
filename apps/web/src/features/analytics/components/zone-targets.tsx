// Time at low, moderate and high intensity against the targets (Z1-Z2 80 %, Z3 5 %, Z4-Z5 15 %; docs/screens.md),
// each as an actual bar with the target marked on the same scale, then the polarization score and advice.
import { CheckCircle2, Lightbulb } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

export interface ZoneTargetRow {
  key: string;
  label: string;
  name: string;
  actual: number;
  target: number;
  color: string;
}

const pct = (value: number) => `${Math.round(value)}%`;

export function ZoneTargets({
  rows,
  score,
  isPolarized,
  recommendations,
}: {
  rows: readonly ZoneTargetRow[];
  score: number | null;
  isPolarized: boolean | null;
  recommendations: readonly string[];
}) {
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {rows.map((row) => (
          <li key={row.key}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span>
                <span className="font-semibold">{row.label}</span>{' '}
                <span className="text-muted-foreground">{row.name}</span>
              </span>
              <span className="tabular-nums">
                <span className="font-semibold">{pct(row.actual)}</span>
                <span className="text-muted-foreground"> of {pct(row.target)} target</span>
              </span>
            </div>
            {/* The bar is decorative: the figures are in the text above it. */}
            <div aria-hidden="true" className="relative mt-1.5 h-3 overflow-visible rounded-full bg-muted">
              <div
                className="h-full rounded-full"
                style={{ width: `${Math.min(100, Math.max(0, row.actual))}%`, backgroundColor: row.color }}
              />
              <div
                className="absolute -top-1 h-5 w-0.5 rounded bg-foreground"
                style={{ left: `calc(${row.target}% - 1px)` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <span aria-hidden="true" className="inline-block h-3 w-0.5 rounded bg-foreground" />
        marks the target
      </p>
      {score !== null ? (
        <div className="rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">
              Polarization score <span className="text-lg font-bold tabular-nums">{Math.round(score)}</span>
              <span className="text-muted-foreground">/100</span>
            </p>
            {isPolarized ? (
              <Badge variant="success">
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
                Polarized
              </Badge>
            ) : (
              <Badge variant="warning">Not polarized</Badge>
            )}
          </div>
          {recommendations.length > 0 ? (
            <ul aria-label="Recommendations" className="mt-2 space-y-1.5 text-sm">
              {recommendations.map((text) => (
                <li key={text} className="flex gap-2">
                  <Lightbulb className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

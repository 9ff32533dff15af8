// The readiness hero (docs/dashboard.md, "The dashboard screen"): score, band, indicator colour (always with
// the band's word), the 7-day trend badge and the form chip. Without a score (nothing to compute it from) it
// says so and how to get one: no stand-in number (docs/dashboard.md, "Scores").
import type { DashboardSummary } from '@stamina/contract';
import { formChip, readinessBand, readinessIndicator } from '@stamina/core';
import { ArrowDown, ArrowUp, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { EstimateMark } from '../../../components/thresholds/estimate-mark.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { shownScore, trendBadge } from '../dashboard-model.ts';

const INDICATOR_TEXT = {
  success: 'text-success',
  warning: 'text-warning',
  destructive: 'text-destructive',
} as const;
const INDICATOR_RING = {
  success: 'border-success',
  warning: 'border-warning',
  destructive: 'border-destructive',
} as const;
const FORM_CHIP = {
  positive: { text: 'Positive', className: 'border-success/40 bg-success/10 text-success' },
  negative: { text: 'Negative', className: 'border-destructive/40 bg-destructive/10 text-destructive' },
  neutral: { text: 'Neutral', className: 'border-border bg-muted text-foreground' },
} as const;

export function ReadinessHero({ summary }: { summary: DashboardSummary }) {
  const score = shownScore(summary.readiness_score);
  const band = score === null ? 'No score yet' : readinessBand(score);
  const indicator = score === null ? null : readinessIndicator(score);
  const trend = trendBadge(summary.trends.readiness_trend);
  const form = formChip(summary.form_score);
  const tsb = Math.round(summary.form_score * 10) / 10;

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="readiness-hero-title" className="flex flex-wrap items-center gap-5">
        <div
          className={cn(
            'flex h-24 w-24 shrink-0 flex-col items-center justify-center rounded-full border-[6px]',
            indicator ? INDICATOR_RING[indicator] : 'border-border',
          )}
        >
          <span className="text-3xl font-bold tabular-nums" data-testid="readiness-score">
            {score ?? '—'}
          </span>
          <span className="text-xs text-muted-foreground">/ 100</span>
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id="readiness-hero-title" className="text-sm font-medium text-muted-foreground">
            Today's readiness
          </h2>
          <p
            className={cn('text-2xl font-bold', indicator && INDICATOR_TEXT[indicator])}
            data-indicator={indicator ?? 'none'}
          >
            {band}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {score !== null && summary.thresholds.estimated ? <EstimateMark what="Readiness" /> : null}
            {trend ? (
              <Badge variant={trend.direction === 'up' ? 'success' : 'neutral'}>
                {trend.direction === 'up' ? (
                  <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                ) : (
                  <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                )}
                <span className="sr-only">{trend.direction === 'up' ? 'Up' : 'Down'} </span>
                {trend.percent}%<span className="sr-only"> over the last 7 days</span>
              </Badge>
            ) : null}
            {form ? (
              <span
                className={cn(
                  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                  FORM_CHIP[form].className,
                )}
              >
                Form {tsb > 0 ? `+${tsb}` : tsb} · {FORM_CHIP[form].text}
              </span>
            ) : null}
          </div>
          {score === null ? (
            <p className="text-xs text-muted-foreground">
              Log this morning's wellness or a training session to get a readiness score.
            </p>
          ) : null}
          {/* docs/coach.md, "Web": the coach explains today's score from the same data. */}
          <Link
            to="/coach"
            state={{ topic: 'readiness' }}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            Ask why
          </Link>
        </div>
      </section>
    </Card>
  );
}

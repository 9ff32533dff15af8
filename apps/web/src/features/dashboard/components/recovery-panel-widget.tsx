import { metricIndicator, recoveryLabel } from '@stamina/core';
import { HeartPulse, PencilLine } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { useDashboardRecovery } from '../../../api/dashboard/recovery.ts';
import { useCurrentMetrics } from '../../../api/metrics/current-metrics.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { LOG_WELLNESS_PATH } from '../../../lib/app-constants.ts';
import { cn } from '../../../lib/cn.ts';
import { shownScore } from '../dashboard-model.ts';
import { WIDGET_ICON_CLASS as iconClass, WidgetCard } from './widget-card.tsx';

/** The words under each figure: they describe the figure itself, so fatigue reads Low when that is good. */
const INDICATOR_TEXT = { good: 'Good', fair: 'Fair', poor: 'Low' } as const;
const FATIGUE_TEXT = { good: 'Low', fair: 'Moderate', poor: 'High' } as const;
const INDICATOR_CLASSES = {
  good: 'text-success',
  fair: 'text-warning',
  poor: 'text-destructive',
} as const;

function Indicator({
  label,
  value,
  level,
  words = INDICATOR_TEXT,
}: {
  label: string;
  value: string;
  level: 'good' | 'fair' | 'poor' | null;
  words?: Record<'good' | 'fair' | 'poor', string>;
}) {
  return (
    <div className="rounded-lg border border-border p-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
      <dd className={cn('text-xs font-medium', level ? INDICATOR_CLASSES[level] : 'text-muted-foreground')}>
        {level ? words[level] : 'No data'}
      </dd>
    </div>
  );
}

// The widgets that read their own data are memoized: the page re-renders as each of its own reads arrives,
// and these have nothing to redraw then.
export const RecoveryPanelWidget = memo(function RecoveryPanelWidget({ delayMs }: { delayMs: number }) {
  const recovery = useDashboardRecovery();
  const current = useCurrentMetrics();
  const today = recovery.data?.today ?? null;
  const score = shownScore(today?.score);
  const hrv = today?.factors.hrv.value ?? null;
  const sleep = today?.factors.sleep_duration.value ?? null;
  // Fatigue is not part of the recovery score; it is the latest logged 1-10 fatigue level.
  const fatigue = current.data?.fatigue?.value ?? null;
  return (
    <WidgetCard
      title="Recovery Status"
      icon={<HeartPulse className={iconClass} aria-hidden="true" />}
      query={recovery}
      delayMs={delayMs}
    >
      <div className="flex items-baseline gap-2">
        <span className="text-3xl font-bold tabular-nums">{score === null ? '—' : `${score}%`}</span>
        <span className="text-sm font-medium">
          {score === null ? 'No score yet' : (today?.label ?? recoveryLabel(score))}
        </span>
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <Indicator
          label="HRV"
          value={hrv === null ? '—' : `${Math.round(hrv)} ms`}
          level={metricIndicator('hrv', hrv)}
        />
        <Indicator
          label="Sleep"
          value={sleep === null ? '—' : `${sleep.toFixed(1)} h`}
          level={metricIndicator('sleep_hours', sleep)}
        />
        <Indicator
          label="Fatigue"
          value={fatigue === null ? '—' : `${fatigue}/10`}
          level={metricIndicator('fatigue_level', fatigue)}
          words={FATIGUE_TEXT}
        />
      </dl>
      <Link to={LOG_WELLNESS_PATH} className={cn(buttonClasses('outline', 'sm'), 'w-full')}>
        <PencilLine className="h-4 w-4" aria-hidden="true" />
        Log today's wellness
      </Link>
      {score === null ? (
        <p className="text-xs text-muted-foreground">
          No recovery data today: log HRV and sleep for a score.
        </p>
      ) : null}
    </WidgetCard>
  );
});

// The six dashboard widgets (spec part 1 §2 "Widgets"), each on its own Dashboard API read so each has its
// own spinner, empty and error state and freshness. Figures that are the spec's fallbacks say 'Estimate'.
import type { DashboardSummary } from '@stamina/contract';
import { LOG_WELLNESS_PATH, metricIndicator, readinessLabel, recoveryLabel } from '@stamina/core';
import { format, parseISO } from 'date-fns';
import {
  CalendarDays,
  Check,
  Clock,
  Flag,
  Flame,
  Gauge,
  HeartPulse,
  PencilLine,
  Play,
  Plus,
  Target,
  Trophy,
} from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useRaceCountdown } from '../../../api/dashboard/race-countdown.ts';
import { useReadinessWidget } from '../../../api/dashboard/readiness-widget.ts';
import { useDashboardRecovery } from '../../../api/dashboard/recovery.ts';
import { useStreakWidget } from '../../../api/dashboard/streak.ts';
import { useWeeklySummaryWidget } from '../../../api/dashboard/weekly-summary.ts';
import { useCurrentMetrics } from '../../../api/metrics/current-metrics.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  formatHours,
  INTENSITY_LABELS,
  RACE_RANGE_LABELS,
  READINESS_FALLBACK,
  raceRange,
  recoveryTimeOfDayDefault,
  scoreOrFallback,
  streakEncouragement,
  weekProgress,
} from '../dashboard-model.ts';
import { WidgetCard, WidgetEmpty, type WidgetQuery } from './widget-card.tsx';

const iconClass = 'h-4 w-4 text-primary';

// ——— Today's Workout ———

/** Intensity 1-5 as a badge: a colour per level plus its number and word, so colour is never alone. */
const INTENSITY_CLASSES: Record<number, string> = {
  1: 'border-success/40 bg-success/10 text-success',
  2: 'border-success/40 bg-success/10 text-success',
  3: 'border-warning/40 bg-warning/10 text-warning',
  4: 'border-destructive/40 bg-destructive/10 text-destructive',
  5: 'border-destructive bg-destructive text-destructive-foreground',
};

export function IntensityBadge({ level }: { level: number }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
        INTENSITY_CLASSES[level] ?? 'border-border bg-muted text-foreground',
      )}
    >
      Intensity {level}/5 · {INTENSITY_LABELS[level] ?? 'Unknown'}
    </span>
  );
}

export function TodaysWorkoutWidget({
  query,
  workout,
  delayMs,
  canAct,
  markingDone,
  onStart,
  onMarkDone,
  onPlan,
}: {
  query: WidgetQuery;
  workout: DashboardSummary['todays_workout'] | undefined;
  delayMs: number;
  /** False until the full workout (for the dialog and Mark Done) has loaded. */
  canAct: boolean;
  markingDone: boolean;
  onStart: () => void;
  onMarkDone: () => void;
  onPlan: () => void;
}) {
  const completed = workout?.status === 'completed';
  return (
    <WidgetCard
      title="Today's Workout"
      icon={<CalendarDays className={iconClass} aria-hidden="true" />}
      query={query}
      errorText="Failed to load workout"
      delayMs={delayMs}
      empty={
        workout ? undefined : (
          <WidgetEmpty
            text="No workout scheduled for today"
            action={
              <Button size="sm" onClick={onPlan}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Plan Workout
              </Button>
            }
          />
        )
      }
    >
      {workout ? (
        <div className="flex flex-1 flex-col gap-3">
          <div>
            <p className={cn('font-semibold', completed && 'text-muted-foreground line-through')}>
              {workout.title}
            </p>
            {workout.description ? (
              <p className="mt-1 line-clamp-3 text-sm text-muted-foreground">{workout.description}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {workout.intensity ? <IntensityBadge level={workout.intensity} /> : null}
            {workout.duration ? (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Clock className="h-4 w-4" aria-hidden="true" />
                {Math.round(workout.duration)} min
              </span>
            ) : null}
            {workout.target_heart_rate_min && workout.target_heart_rate_max ? (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <HeartPulse className="h-4 w-4" aria-hidden="true" />
                {workout.target_heart_rate_min}-{workout.target_heart_rate_max} bpm
              </span>
            ) : null}
          </div>
          {completed ? (
            <p className="flex items-center gap-1.5 text-sm font-medium text-success">
              <Check className="h-4 w-4" aria-hidden="true" />
              Completed
            </p>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-2">
            <Button size="sm" onClick={onStart} disabled={!canAct}>
              <Play className="h-4 w-4" aria-hidden="true" />
              Start Now
            </Button>
            {completed ? null : (
              <Button variant="outline" size="sm" onClick={onMarkDone} disabled={!canAct || markingDone}>
                <Check className="h-4 w-4" aria-hidden="true" />
                Mark Done
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </WidgetCard>
  );
}

// ——— Recovery Status ———

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
export const RecoveryPanelWidget = memo(function RecoveryPanelWidget({
  delayMs,
  hour,
}: {
  delayMs: number;
  hour: number;
}) {
  const recovery = useDashboardRecovery();
  const current = useCurrentMetrics();
  const today = recovery.data?.today ?? null;
  const score = scoreOrFallback(today?.score, recoveryTimeOfDayDefault(hour));
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
      estimate={score.estimate}
    >
      <div className="flex items-baseline gap-2">
        <span className="text-3xl font-bold tabular-nums">{score.value}%</span>
        <span className="text-sm font-medium">{today?.label ?? recoveryLabel(score.value)}</span>
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
      {score.estimate ? (
        <p className="text-xs text-muted-foreground">
          No recovery data today: the figure is a time-of-day estimate. Log HRV and sleep on Metrics.
        </p>
      ) : null}
    </WidgetCard>
  );
});

// ——— Weekly Summary ———

export const WeeklySummaryWidget = memo(function WeeklySummaryWidget({ delayMs }: { delayMs: number }) {
  const week = useWeeklySummaryWidget();
  const data = week.data;
  const progress = data ? weekProgress(data.completed_sessions, data.planned_sessions) : null;
  return (
    <WidgetCard
      title="Weekly Summary"
      icon={<CalendarDays className={iconClass} aria-hidden="true" />}
      query={week}
      delayMs={delayMs}
    >
      {data && progress ? (
        <>
          <p className="text-2xl font-bold tabular-nums">
            {data.completed_sessions}/{data.planned_sessions}
            <span className="ml-2 text-sm font-medium text-muted-foreground">sessions</span>
          </p>
          <ProgressBar size="sm" value={progress.percent} label="Weekly sessions completed" />
          <p className="text-sm font-medium">
            {data.planned_sessions > 0 && progress.remaining === 0
              ? 'Week complete!'
              : `${progress.remaining} ${progress.remaining === 1 ? 'session' : 'sessions'} remaining`}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Training hours</dt>
              <dd className="font-semibold tabular-nums">{formatHours(data.total_duration_hours)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Sessions</dt>
              <dd className="font-semibold tabular-nums">{data.total_sessions}</dd>
            </div>
          </dl>
        </>
      ) : null}
    </WidgetCard>
  );
});

// ——— Race Countdown ———

const RACE_ICONS = { past: Trophy, week: Flag, month: Target, later: CalendarDays } as const;

export const RaceCountdownWidget = memo(function RaceCountdownWidget({ delayMs }: { delayMs: number }) {
  const race = useRaceCountdown();
  const data = race.data;
  return (
    <WidgetCard
      title="Race Countdown"
      icon={<Flag className={iconClass} aria-hidden="true" />}
      query={race}
      delayMs={delayMs}
      empty={
        data === null ? (
          <WidgetEmpty
            text="No race scheduled"
            action={
              <Link to="/plan" className={buttonClasses('primary', 'sm')}>
                <Target className="h-4 w-4" aria-hidden="true" />
                Set Goal Race
              </Link>
            }
          />
        ) : undefined
      }
    >
      {data ? <RaceBody race={data} /> : null}
    </WidgetCard>
  );
});

function RaceBody({ race }: { race: NonNullable<DashboardSummary['primary_race']> }) {
  const range = raceRange(race.days_until);
  const Icon = RACE_ICONS[range];
  return (
    <div className="flex items-center gap-4">
      <span
        className={cn(
          'flex h-14 w-14 shrink-0 items-center justify-center rounded-full',
          range === 'past' ? 'bg-success/15 text-success' : 'bg-accent text-accent-foreground',
        )}
        role="img"
        aria-label={RACE_RANGE_LABELS[range]}
      >
        <Icon className="h-7 w-7" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        {range === 'past' ? (
          <>
            <p className="text-2xl font-bold">Done</p>
            <p className="text-sm font-medium text-success">Race Completed!</p>
          </>
        ) : (
          <p className="text-2xl font-bold tabular-nums">
            {race.days_until}
            <span className="ml-1.5 text-sm font-medium text-muted-foreground">
              {race.days_until === 1 ? 'day to go' : 'days to go'}
            </span>
          </p>
        )}
        <p className="truncate font-medium">{race.name}</p>
        <p className="text-sm text-muted-foreground">
          {race.race_type ? `${race.race_type} · ` : ''}
          {format(parseISO(race.date), 'MMM d, yyyy')}
        </p>
      </div>
    </div>
  );
}

// ——— Momentum ———

export const StreakWidget = memo(function StreakWidget({ delayMs }: { delayMs: number }) {
  const streak = useStreakWidget();
  const data = streak.data;
  return (
    <WidgetCard
      title="Momentum"
      icon={<Flame className={iconClass} aria-hidden="true" />}
      query={streak}
      delayMs={delayMs}
    >
      {data ? (
        <>
          <p className="text-3xl font-bold tabular-nums">
            {data.current_streak}
            <span className="ml-2 text-sm font-medium text-muted-foreground">day streak</span>
          </p>
          {data.longest_streak > data.current_streak ? (
            <p className="text-sm text-muted-foreground">Best streak: {data.longest_streak} days</p>
          ) : null}
          <p className="text-sm">{streakEncouragement(data.current_streak)}</p>
        </>
      ) : null}
    </WidgetCard>
  );
});

// ——— Readiness ———

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
            <p className="text-xs text-muted-foreground">No data yet: the spec's default of 75.</p>
          ) : null}
        </div>
      </div>
    </WidgetCard>
  );
});

/** A ring filled to `value` percent, its number in the middle. */
export function ScoreRing({
  value,
  label,
  children,
}: {
  value: number;
  label: string;
  children?: ReactNode;
}) {
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

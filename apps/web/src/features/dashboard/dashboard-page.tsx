import { displayName, normalizeWidgetConfig, type WidgetId } from '@stamina/core';
import { AlertTriangle, LayoutGrid, Lightbulb, RotateCw, Rows3, Settings2 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAthleteProfile } from '../../api/dashboard/athlete-profile.ts';
import { useDashboardSummary } from '../../api/dashboard/summary.ts';
import { useWelcome } from '../../api/dashboard/welcome.ts';
import { useCalendar } from '../../api/workouts/calendar.ts';
import { ThresholdEstimatesCard } from '../../components/thresholds/estimates-card.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useWorkoutDialogs } from '../../components/workouts/use-workout-dialogs.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { todayIso } from '../../lib/dates.ts';
import { RaceCountdownWidget } from './components/race-countdown-widget.tsx';
import { ReadinessHero } from './components/readiness-hero.tsx';
import { RecoveryPanelWidget } from './components/recovery-panel-widget.tsx';
import { StatTiles } from './components/stat-tiles.tsx';
import { StreakWidget } from './components/streak-widget.tsx';
import { ThisWeekPanel } from './components/this-week-panel.tsx';
import { TodayCard } from './components/today-card.tsx';
import { TodaysWorkoutWidget } from './components/todays-workout-widget.tsx';
import { WeeklySummaryWidget } from './components/weekly-summary-widget.tsx';
import { dashboardPlacement, gridColumnsClass, visibleWidgets, widgetDelayMs } from './dashboard-model.ts';
import { guidedSteps } from './guided-session-model.ts';

// The dialogs bring the editor, the parser and (inside them) the chart: load them only when opened, so the
// dashboard's first load stays small.
const WorkoutDialogs = lazy(() =>
  import('../../components/workouts/workout-dialogs.tsx').then((m) => ({ default: m.WorkoutDialogs })),
);

const GuidedSessionDialog = lazy(() =>
  import('./components/guided-session-dialog.tsx').then((m) => ({ default: m.GuidedSessionDialog })),
);

const COMPACT_KEY = 'dashboard-compact';

export function DashboardPage() {
  const { user } = useAuth();
  const summary = useDashboardSummary();
  const profile = useAthleteProfile();
  const welcome = useWelcome();
  // "Today" is the athlete's day as the server counts it, once the summary has said which day that is.
  const today = summary.data?.date ?? todayIso();
  // The summary carries a short form of today's workout; the dialog and Mark Done need the whole workout,
  // which the calendar read of today gives (and the workout actions keep up to date).
  const todayEvents = useCalendar(today, today);
  const summaryWorkout = summary.data?.todays_workout ?? null;
  const fullWorkout = summaryWorkout
    ? (todayEvents.data?.find((event) => event.id === summaryWorkout.id)?.workout ?? null)
    : null;

  const dialogs = useWorkoutDialogs();
  const [compact, setCompact] = useState(() => localStorage.getItem(COMPACT_KEY) === 'true');

  useEffect(() => {
    document.title = 'Dashboard · Stamina';
  }, []);

  function toggleCompact() {
    setCompact((current) => {
      localStorage.setItem(COMPACT_KEY, String(!current));
      return !current;
    });
  }

  const openDetail = () => {
    if (fullWorkout) dialogs.openDetail(fullWorkout);
  };
  // 'Start' runs the guided session for a workout still to do with steps or a duration; otherwise the button
  // reads 'View' and opens the workout (docs/dashboard.md, "Guided session").
  const [guidedOpen, setGuidedOpen] = useState(false);
  const guided =
    fullWorkout !== null && fullWorkout.status === 'planned' && guidedSteps(fullWorkout).length > 0;
  const start = guided ? () => setGuidedOpen(true) : openDetail;
  function finishGuided(minutes: number) {
    setGuidedOpen(false);
    if (fullWorkout) dialogs.openDetail(fullWorkout, { actual_duration_minutes: minutes });
  }
  const openPlan = () => dialogs.openAdd(today);

  const enabled = profile.data ? visibleWidgets(normalizeWidgetConfig(profile.data.widget_config)) : [];
  // Each of today's figures once (docs/dashboard.md, "Each figure once"); until the layout is known, the top
  // keeps to the hero and the tiles that never repeat a widget.
  const placement = profile.data
    ? dashboardPlacement(enabled)
    : { todayCard: false, recoveryTile: false, inGrid: () => true };
  const widgets = enabled.filter((widget) => placement.inGrid(widget.id));

  function renderWidget(id: WidgetId, delayMs: number): ReactNode {
    switch (id) {
      case 'todays-workout':
        return (
          <TodaysWorkoutWidget
            query={summary}
            workout={summary.data?.todays_workout}
            delayMs={delayMs}
            canAct={fullWorkout !== null}
            guided={guided}
            onStart={start}
            onMarkDone={() => {
              if (fullWorkout) dialogs.openDetail(fullWorkout, {});
            }}
            onPlan={openPlan}
          />
        );
      case 'recovery-panel':
        return <RecoveryPanelWidget delayMs={delayMs} />;
      case 'weekly-summary':
        return <WeeklySummaryWidget delayMs={delayMs} />;
      case 'race-countdown':
        return <RaceCountdownWidget delayMs={delayMs} />;
      case 'streak-tracker':
        return <StreakWidget delayMs={delayMs} />;
      case 'readiness-score':
        // The hero shows readiness (dashboardPlacement).
        return null;
    }
  }

  const insights = summary.data?.recovery_insights.slice(0, 3) ?? [];

  return (
    // Room below for the This Week bar on small screens, and on the right for its panel on large ones.
    <div className="pb-28 lg:pr-64 lg:pb-0">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {welcome.data ? `${welcome.data.greeting}, ` : ''}
            {displayName(user)}
          </h1>
          <p className="mt-1 text-muted-foreground">Ready for today's session?</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={compact}
            onClick={toggleCompact}
            title="One widget per row"
          >
            {compact ? (
              <Rows3 className="h-4 w-4" aria-hidden="true" />
            ) : (
              <LayoutGrid className="h-4 w-4" aria-hidden="true" />
            )}
            Compact
          </Button>
          <Link
            to="/settings"
            state={{ section: 'dashboard' }}
            className={buttonClasses('outline', 'sm')}
            aria-label="Customize dashboard"
          >
            <Settings2 className="h-4 w-4" aria-hidden="true" />
            Customize
          </Link>
        </div>
      </div>

      {summary.isError ? (
        <Card role="alert" className="mb-4 flex flex-wrap items-center gap-3 p-4">
          <AlertTriangle className="h-5 w-5 text-destructive" aria-hidden="true" />
          <p className="flex-1 text-sm">Unable to load your dashboard summary. {summary.error?.message}</p>
          <Button variant="outline" size="sm" onClick={() => summary.refetch()} disabled={summary.isFetching}>
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            Try Again
          </Button>
        </Card>
      ) : null}

      {summary.data ? (
        <div className="space-y-4">
          <div className={cn('grid gap-4', placement.todayCard && 'md:grid-cols-[2fr_1fr]')}>
            <ReadinessHero summary={summary.data} />
            {placement.todayCard ? (
              <TodayCard
                workout={summary.data.todays_workout}
                canStart={fullWorkout !== null}
                guided={guided}
                onStart={start}
                onPlan={openPlan}
              />
            ) : null}
          </div>
          <StatTiles summary={summary.data} showRecovery={placement.recoveryTile} />
          <ThresholdEstimatesCard />
        </div>
      ) : summary.isPending ? (
        <div role="status" aria-label="Loading dashboard" className="space-y-4">
          <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
            <div className="h-36 animate-pulse rounded-xl bg-muted" />
            <div className="h-36 animate-pulse rounded-xl bg-muted" />
          </div>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {['a', 'b', 'c', 'd'].map((key) => (
              <div key={key} className="h-24 animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
        </div>
      ) : null}

      <section aria-label="Widgets" className="mt-6">
        {profile.isPending ? (
          <div
            role="status"
            aria-label="Loading widgets"
            className={cn('grid gap-4', gridColumnsClass('minimal'))}
          >
            {['a', 'b', 'c'].map((key) => (
              <div key={key} className="h-44 animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
        ) : profile.isError ? (
          <Card role="alert" className="flex flex-col items-center gap-2 p-6 text-center">
            <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden="true" />
            <p className="font-medium">Unable to load your dashboard layout</p>
            <p className="text-sm text-muted-foreground">{profile.error?.message}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => profile.refetch()}
              disabled={profile.isFetching}
            >
              <RotateCw className="h-4 w-4" aria-hidden="true" />
              Try Again
            </Button>
          </Card>
        ) : widgets.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-8 text-center">
            <LayoutGrid className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No widgets enabled</h2>
            <p className="max-w-sm text-sm text-muted-foreground">
              Customize your dashboard by enabling widgets in the layout settings.
            </p>
            <Link to="/settings/dashboard" className={cn(buttonClasses('primary', 'sm'), 'mt-2')}>
              Add Widgets
            </Link>
          </Card>
        ) : (
          <div
            className={cn('grid gap-4', gridColumnsClass(profile.data.layout_style, compact))}
            data-testid="widget-grid"
          >
            {widgets.map((widget) => (
              // Widgets off screen skip style, layout and paint until scrolled near (content-visibility),
              // keeping a remembered or estimated height so nothing shifts.
              <div
                key={widget.id}
                data-widget={widget.id}
                className="flex min-w-0 flex-col [contain-intrinsic-size:auto_14rem] [content-visibility:auto] [&>*]:flex-1"
              >
                {renderWidget(widget.id, widgetDelayMs(widget.order))}
              </div>
            ))}
          </div>
        )}
      </section>

      {insights.length > 0 ? (
        <Card className="mt-6 p-4 sm:p-5">
          <section aria-labelledby="recovery-insights-title">
            <h2 id="recovery-insights-title" className="flex items-center gap-2 text-base font-semibold">
              <Lightbulb className="h-4 w-4 text-primary" aria-hidden="true" />
              Recovery Insights
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {insights.map((insight) => (
                <li key={insight}>{insight}</li>
              ))}
            </ul>
          </section>
        </Card>
      ) : null}

      {summary.data ? <ThisWeekPanel week={summary.data.weekly_summary} /> : null}

      <Suspense fallback={null}>
        {dialogs.anyOpen ? <WorkoutDialogs dialogs={dialogs} detailWorkout={fullWorkout} /> : null}
        {guidedOpen && fullWorkout ? (
          <GuidedSessionDialog
            workout={fullWorkout}
            open={guidedOpen}
            onOpenChange={setGuidedOpen}
            onFinish={finishGuided}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

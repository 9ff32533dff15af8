// /progress: the Progress screen (docs/screens.md, "Progress page") on the athlete's own data: weekly load with peak
// and average, time in zones, consistency, readiness trends, achievements and a coach summary written from the
// same figures (packages/core/src/training/progress.ts). An account with no completed workout sees the
// sample of docs/training-load.md §14 instead, every sample card marked 'Demo'. The period lives in the URL
// (?period=).
import type { AnalyticsWeeklyLoad } from '@stamina/contract';
import {
  addDays,
  averageWeeklyHours,
  coachSummary,
  consistencyBadge,
  hasNoHours,
  type ProgressFigures,
  type ProgressWeek,
  peakWeek,
  polarizationBadge,
  progressSampleData,
  trimLeadingEmptyWeeks,
  volumeBadge,
  volumeGrowth,
  weekStartOf,
} from '@stamina/core';
import { BarChart3, Flame, Info, MessageSquareQuote, Trophy } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
// The one allowed sideways import: a feature reads another feature's API hooks (docs/ARCHITECTURE.md).
import { useAchievements } from '../../api/analytics/achievements.ts';
import { useConsistency } from '../../api/analytics/consistency.ts';
import { useFitnessTrends } from '../../api/analytics/fitness-trends.ts';
import { usePolarized } from '../../api/analytics/polarized.ts';
import { useWeeklyLoad } from '../../api/analytics/weekly-load.ts';
import { useZones } from '../../api/analytics/zones.ts';
import { AchievementIcon } from '../../components/achievement-icon.tsx';
import { BestEffortCurves } from '../../components/charts/best-effort-curves.tsx';
import {
  SportHoursChart,
  sampleSportHoursRows,
  sportHoursRows,
} from '../../components/charts/sport-hours-chart.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { QueryCard } from '../../components/ui/query-card.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useWeekStartsOn } from '../../lib/auth-context.tsx';
import { todayIso } from '../../lib/dates.ts';
import { ConsistencyGrid, type GridDay } from './components/consistency-grid.tsx';
import { ReadinessTrendChart } from './components/readiness-trend-chart.tsx';
import { type ZoneSlice, ZonesDonut } from './components/zones-donut.tsx';
import {
  allDays,
  GRID_DAYS,
  PROGRESS_RANGES,
  type ProgressRange,
  parseProgressRange,
  sampleWeekStart,
  type TrendRow,
  weeklyTrendRows,
} from './progress-model.ts';

const SAMPLE_NOTE =
  'Cards marked Demo show sample data, not yours: they fill with your own figures once you complete workouts.';

const ZONE_BUCKETS = [
  { name: 'Aerobic (Z1-Z2)', color: '#3B82F6' },
  { name: 'Tempo (Z3)', color: '#F59E0B' },
  { name: 'Intensity (Z4-Z5)', color: '#EF4444' },
] as const;

export function ProgressPage() {
  const [params, setParams] = useSearchParams();
  const range = parseProgressRange(params.get('period'));
  const config = PROGRESS_RANGES[range];
  const today = todayIso();
  const weekStartsOn = useWeekStartsOn();

  const weekly = useWeeklyLoad(config.weeks);
  const achievements = useAchievements();
  const zones = useZones(config.period);
  const polarized = usePolarized(config.period);

  // 'All' starts at the first week with training, so it waits for the weekly load to know how far back to ask.
  const weeks: AnalyticsWeeklyLoad[] = useMemo(
    () => (weekly.data ? (range === 'all' ? trimLeadingEmptyWeeks(weekly.data) : weekly.data) : []),
    [weekly.data, range],
  );
  const daysKnown = range !== 'all' || weekly.isSuccess || weekly.isError;
  const days = config.days ?? allDays(weeks[0]?.week_start_date ?? null, today);
  const consistency = useConsistency(days, daysKnown);
  const trends = useFitnessTrends(days, daysKnown);

  const demo = Boolean(weekly.data && hasNoHours(weekly.data) && achievements.data?.earned_count === 0);
  const sample = useMemo(() => (demo ? progressSampleData(today) : null), [demo, today]);
  // Sample cards wait for the account check too, so a real chart never flashes in before a sample.
  const withCheck = <T,>(query: T) => (demo ? [query, weekly, achievements] : query);

  function choose(next: ProgressRange) {
    const nextParams = new URLSearchParams(params);
    nextParams.set('period', next);
    setParams(nextParams, { replace: true });
  }

  // Figures: from the sample (its weeks are all finished, ending last week) or from the athlete's weeks.
  const figureWeeks: ProgressWeek[] = sample
    ? sample.weeklyLoad.map((w, i) => ({
        week: w.week,
        week_start_date: addDays(weekStartOf(today, weekStartsOn), (i - sample.weeklyLoad.length) * 7),
        total_hours: w.swim + w.bike + w.run + w.strength,
      }))
    : weeks;
  const peak = peakWeek(figureWeeks);
  const average = averageWeeklyHours(figureWeeks, today);
  const growth = volumeGrowth(figureWeeks, today);

  const hourRows = sample ? sampleSportHoursRows(sample.weeklyLoad) : sportHoursRows(weeks);

  const slices: ZoneSlice[] = sample
    ? sample.zones
    : zones.data
      ? [
          { ...ZONE_BUCKETS[0], value: zones.data.zone_1_2_percentage },
          { ...ZONE_BUCKETS[1], value: zones.data.zone_3_percentage },
          { ...ZONE_BUCKETS[2], value: zones.data.zone_4_5_percentage },
        ]
      : [];

  const consistencySummary = sample
    ? {
        completion_percentage: sample.consistency.completion_percentage,
        current_streak: sample.consistency.current_streak,
        training_days: sample.consistency.days.filter((d) => d.status !== 'rest').length,
      }
    : consistency.data
      ? {
          completion_percentage: consistency.data.summary.completion_percentage,
          current_streak: consistency.data.summary.current_streak,
          training_days: consistency.data.summary.training_days,
        }
      : null;
  const gridDays: GridDay[] = (sample ? sample.consistency.days : (consistency.data?.daily_data ?? [])).slice(
    -GRID_DAYS,
  );

  const ownTrendRows = useMemo(
    () => weeklyTrendRows(trends.data?.records ?? [], weekStartsOn),
    [trends.data, weekStartsOn],
  );
  // Recovery comes from wellness, not workouts: an athlete who logs wellness before any workout sees their own
  // readiness and recovery here, and only this card's sample goes (sample data is for an empty account only).
  const trendsDemo = demo && !ownTrendRows.some((row) => row.recovery !== null);
  const trendRows: TrendRow[] =
    sample && trendsDemo
      ? sample.trends.map((t, i) => ({
          weekStart: sampleWeekStart(i, sample.trends.length, today, weekStartsOn),
          readiness: t.readiness,
          recovery: t.recovery,
        }))
      : ownTrendRows;

  const polarization = sample ? sample.polarization : (polarized.data ?? null);
  const figures: ProgressFigures = {
    periodText: sample ? 'the 12 sample weeks' : config.periodText,
    peak,
    averageHours: average,
    growth,
    consistency: consistencySummary,
    polarization,
    achievements: achievements.data
      ? { earned: achievements.data.earned_count, total: achievements.data.total_count }
      : null,
  };
  const summary = coachSummary(figures);
  const splitBadge = polarization ? polarizationBadge(polarization) : null;

  return (
    <div className="pb-12">
      <PageHeader
        title="Progress"
        description="How your training is building, from your completed workouts."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SegmentedControl
              legend="Period"
              options={(Object.keys(PROGRESS_RANGES) as ProgressRange[]).map((value) => ({
                value,
                label: PROGRESS_RANGES[value].label,
                ariaLabel: PROGRESS_RANGES[value].ariaLabel,
              }))}
              value={range}
              onChange={choose}
            />
            <Link to={`/analytics`} className={buttonClasses('outline', 'sm')}>
              <BarChart3 className="h-4 w-4" aria-hidden="true" />
              Analytics
            </Link>
          </div>
        }
      />

      {demo ? (
        <Alert className="mb-4 flex items-start gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {SAMPLE_NOTE}
        </Alert>
      ) : null}

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <QueryCard
          title="Weekly Training Load"
          subtitle={sample ? 'Sample weeks' : config.ariaLabel}
          query={withCheck(weekly)}
          demo={demo}
          isEmpty={!demo && weeks.every((w) => w.total_hours === 0)}
          emptyTitle="No training hours yet"
          emptyText="Completed workouts in this period will show here, week by week."
          badges={
            peak ? (
              <>
                <Badge variant="accent">
                  Peak: {peak.hours}h (W{peak.week})
                </Badge>
                <Badge>Avg: {average}h</Badge>
              </>
            ) : null
          }
          className="md:col-span-2"
        >
          <SportHoursChart
            rows={hourRows}
            className="h-44 md:h-64"
            summary={
              `Hours by sport for ${hourRows.length} weeks` +
              (peak
                ? `; peak ${peak.hours} hours in week ${peak.week}, average ${average} hours a week.`
                : '.')
            }
          />
        </QueryCard>

        <QueryCard
          title="Time in Zones"
          subtitle={sample ? 'Sample' : config.zonesLabel}
          query={withCheck(zones)}
          demo={demo}
          isEmpty={!demo && (zones.data?.total_time_minutes ?? 0) === 0}
          emptyTitle="No zone data yet"
          emptyText="Complete workouts with a zone or intervals to see your intensity spread."
        >
          <ZonesDonut slices={slices} />
        </QueryCard>

        <QueryCard
          title="Consistency"
          subtitle={
            sample
              ? 'Sample days'
              : gridDays.length < (consistency.data?.daily_data.length ?? 0)
                ? `Last ${GRID_DAYS / 7} weeks shown; figures for ${config.ariaLabel.toLowerCase()}`
                : config.ariaLabel
          }
          query={withCheck(consistency)}
          demo={demo}
          isEmpty={!demo && gridDays.length === 0}
          emptyTitle="No days to show"
          badges={
            consistencySummary ? (
              <>
                <Badge variant="accent">{consistencySummary.completion_percentage}% complete</Badge>
                <Badge>
                  <Flame className="h-3.5 w-3.5" aria-hidden="true" />
                  Streak: {consistencySummary.current_streak}{' '}
                  {consistencySummary.current_streak === 1 ? 'day' : 'days'}
                </Badge>
              </>
            ) : null
          }
        >
          <ConsistencyGrid days={gridDays} weekStartsOn={weekStartsOn} />
        </QueryCard>

        <QueryCard
          title="Fitness Trends"
          subtitle={trendsDemo ? 'Sample weeks' : `Weekly, ${config.ariaLabel.toLowerCase()}`}
          query={withCheck(trends)}
          demo={trendsDemo}
          isEmpty={!trendsDemo && trendRows.length === 0}
          emptyTitle="No readiness data yet"
        >
          <ReadinessTrendChart rows={trendRows} />
        </QueryCard>

        <QueryCard
          title="Achievements"
          query={achievements}
          isEmpty={(achievements.data?.total_count ?? 0) === 0}
          emptyTitle="No achievements available"
        >
          {achievements.data ? <AchievementsSummary data={achievements.data} /> : null}
        </QueryCard>

        <QueryCard
          title="Coach Summary"
          query={demo ? [weekly, achievements] : [weekly, consistency, polarized, achievements]}
          demo={demo}
          isEmpty={summary.length === 0}
          emptyTitle="Nothing to sum up yet"
          emptyText="Complete a few workouts and your coach summary will appear here."
          className="md:col-span-2 xl:col-span-1"
        >
          <div className="space-y-3">
            <div className="flex flex-wrap gap-1.5">
              {growth ? <Badge variant="accent">{volumeBadge(growth)}</Badge> : null}
              {consistencySummary && consistencySummary.training_days > 0 ? (
                <Badge>{consistencyBadge(consistencySummary.completion_percentage)}</Badge>
              ) : null}
              {splitBadge ? (
                <Badge variant={polarization?.is_polarized ? 'success' : 'warning'}>{splitBadge}</Badge>
              ) : null}
            </div>
            <div className="flex gap-2">
              <MessageSquareQuote className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="space-y-1.5 text-sm">
                {summary.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            </div>
          </div>
        </QueryCard>

        <BestEffortCurves className="md:col-span-2 xl:col-span-3" />
      </div>
    </div>
  );
}

function AchievementsSummary({
  data,
}: {
  data: {
    achievements: { id: string; name: string; emoji: string; earned: boolean; earned_date: string | null }[];
    earned_count: number;
    total_count: number;
  };
}) {
  const recent = data.achievements
    .filter((a) => a.earned)
    .sort((a, b) => (b.earned_date ?? '').localeCompare(a.earned_date ?? ''))
    .slice(0, 3);
  const percent = data.total_count > 0 ? (data.earned_count / data.total_count) * 100 : 0;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <Trophy className="h-5 w-5 text-primary" aria-hidden="true" />
        {data.earned_count} of {data.total_count} earned
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      {recent.length > 0 ? (
        <ul aria-label="Latest achievements" className="space-y-1 text-sm">
          {recent.map((a) => (
            <li key={a.id} className="flex items-center gap-2">
              <AchievementIcon id={a.id} className="h-4 w-4" />
              {a.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Complete your first workout to earn one.</p>
      )}
      <Link to="/analytics" className={buttonClasses('link', 'sm')}>
        See all achievements
      </Link>
    </div>
  );
}

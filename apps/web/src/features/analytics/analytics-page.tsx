// /analytics: the Analytics page (docs/screens.md, "Analytics page"): weekly hours by sport, zone distribution against
// the targets with the polarization score, fitness/fatigue/form, race readiness and the achievements, over
// 12 weeks or 3 months (?period= in the URL); the fitness chart has its own range (?fitness=, 6 weeks to all)
// and its projection to race day. An account with no completed workout sees the charts drawn
// from a sample, each marked 'Demo'.
import { hasNoHours, progressSampleData, roundTo } from '@stamina/core';
import { ArrowLeft, Info } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAchievements } from '../../api/analytics/achievements.ts';
import { useFitnessProjection } from '../../api/analytics/fitness-projection.ts';
import { useFitnessTrends } from '../../api/analytics/fitness-trends.ts';
import { usePolarized } from '../../api/analytics/polarized.ts';
import { useRaceReadiness } from '../../api/analytics/race-readiness.ts';
import { useWeeklyLoad } from '../../api/analytics/weekly-load.ts';
import { useZones } from '../../api/analytics/zones.ts';
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
import { todayIso } from '../../lib/dates.ts';
import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  FITNESS_RANGES,
  type FitnessRange,
  fitnessChartRows,
  parseAnalyticsRange,
  parseFitnessRange,
} from './analytics-model.ts';
import { AchievementsList } from './components/achievements-list.tsx';
import { FitnessFormChart } from './components/fitness-form-chart.tsx';
import { RaceReadinessPanel } from './components/race-readiness-panel.tsx';
import { type ZoneTargetRow, ZoneTargets } from './components/zone-targets.tsx';

export const SAMPLE_NOTE =
  'Charts marked Demo show sample data, not yours: they fill with your own figures once you complete workouts.';

const ZONE_ROWS = [
  { key: 'low', label: 'Z1-Z2', name: 'Aerobic', color: '#3B82F6' },
  { key: 'moderate', label: 'Z3', name: 'Tempo', color: '#F59E0B' },
  { key: 'high', label: 'Z4-Z5', name: 'Intensity', color: '#EF4444' },
] as const;
/** The targets of docs/screens.md, 'Analytics page', used when the API's `targets` are absent (the sample). */
const DEFAULT_TARGETS = { low: 80, moderate: 5, high: 15 } as const;

export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const range = parseAnalyticsRange(params.get('period'));
  const { weeks, period } = ANALYTICS_RANGES[range];
  const fitnessRange = parseFitnessRange(params.get('fitness'));
  const fitnessDaysAsked = FITNESS_RANGES[fitnessRange].days;

  const weekly = useWeeklyLoad(weeks);
  const zones = useZones(period);
  const polarized = usePolarized(period);
  const fitness = useFitnessTrends(fitnessDaysAsked);
  const projection = useFitnessProjection();
  const readiness = useRaceReadiness();
  const achievements = useAchievements();

  // Sample charts only for an account with nothing completed at all: no hours in range and no achievement
  // (an achievement is earned by the first workout, so older training still counts as real data).
  const demo = Boolean(weekly.data && hasNoHours(weekly.data) && achievements.data?.earned_count === 0);
  const sample = useMemo(() => (demo ? progressSampleData(todayIso()) : null), [demo]);

  function setParam(name: 'period' | 'fitness', value: string) {
    const nextParams = new URLSearchParams(params);
    nextParams.set(name, value);
    setParams(nextParams, { replace: true });
  }
  const choose = (next: AnalyticsRange) => setParam('period', next);

  const hourRows = sample
    ? sampleSportHoursRows(sample.weeklyLoad)
    : weekly.data
      ? sportHoursRows(weekly.data)
      : [];
  const totalHours = roundTo(
    hourRows.reduce((sum, row) => sum + row.total, 0),
    1,
  );
  // The period's training stress, the figure the fitness chart is built from (null for the sample weeks).
  const totalTss = sample ? null : Math.round((weekly.data ?? []).reduce((sum, w) => sum + w.total_tss, 0));

  const zoneRows: ZoneTargetRow[] = sample
    ? ZONE_ROWS.map((row, i) => ({
        ...row,
        actual: sample.zones[i]!.value,
        target: DEFAULT_TARGETS[row.key],
      }))
    : zones.data
      ? ZONE_ROWS.map((row) => ({
          ...row,
          actual: {
            low: zones.data.zone_1_2_percentage,
            moderate: zones.data.zone_3_percentage,
            high: zones.data.zone_4_5_percentage,
          }[row.key],
          target: {
            low: zones.data.targets.zone_1_2,
            moderate: zones.data.targets.zone_3,
            high: zones.data.targets.zone_4_5,
          }[row.key],
        }))
      : [];

  // The sample has no plan, so no projection; 'All' starts at the first day with any load.
  const fitnessRows = useMemo(
    () =>
      fitnessChartRows(
        sample ? sample.fitness.slice(-fitnessDaysAsked) : (fitness.data?.records ?? []),
        sample ? [] : (projection.data?.records ?? []),
        fitnessRange === 'all',
      ),
    [sample, fitness.data, projection.data, fitnessDaysAsked, fitnessRange],
  );
  const fitnessEmpty = fitnessRows.every((d) => !d.ctl && !d.atl && !d.projectedCtl && !d.projectedAtl);

  return (
    <div className="pb-12">
      <PageHeader
        title="Analytics"
        description="Your training volume, intensity, fitness and readiness."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/progress" className={buttonClasses('ghost', 'sm')}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Progress
            </Link>
            <SegmentedControl
              legend="Period"
              options={(Object.keys(ANALYTICS_RANGES) as AnalyticsRange[]).map((value) => ({
                value,
                label: ANALYTICS_RANGES[value].label,
              }))}
              value={range}
              onChange={choose}
            />
          </div>
        }
      />

      {demo ? (
        <Alert className="mb-4 flex items-start gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {SAMPLE_NOTE}
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <QueryCard
          title="Weekly Hours by Sport"
          subtitle={sample ? 'Sample weeks' : `Last ${ANALYTICS_RANGES[range].label}`}
          query={demo ? [weekly, achievements] : weekly}
          demo={demo}
          isEmpty={!demo && hourRows.every((row) => row.total === 0)}
          emptyTitle="No training hours yet"
          emptyText="Completed workouts in this period will show here, week by week."
          badges={
            <>
              <Badge>Total: {totalHours}h</Badge>
              {totalTss === null ? null : <Badge>TSS: {totalTss.toLocaleString('en-US')}</Badge>}
            </>
          }
          className="lg:col-span-2"
        >
          <SportHoursChart
            rows={hourRows}
            summary={`Weekly hours by sport over ${hourRows.length} weeks, ${totalHours} hours in all.`}
          />
        </QueryCard>

        <QueryCard
          title="Zone Distribution"
          subtitle="Time in zones against the 80/5/15 targets"
          query={demo ? [zones, polarized, achievements] : [zones, polarized]}
          demo={demo}
          isEmpty={!demo && (zones.data?.total_time_minutes ?? 0) === 0}
          emptyTitle="No zone data yet"
          emptyText="Complete workouts with a zone or intervals to see how your intensity is spread."
        >
          <ZoneTargets
            rows={zoneRows}
            score={sample ? 100 : (polarized.data?.polarization_score ?? null)}
            isPolarized={sample ? sample.polarization.is_polarized : (polarized.data?.is_polarized ?? null)}
            recommendations={sample ? [] : (polarized.data?.recommendations ?? [])}
          />
        </QueryCard>

        <QueryCard title="Race Readiness" query={readiness} isEmpty={false}>
          {readiness.data ? <RaceReadinessPanel readiness={readiness.data} /> : null}
        </QueryCard>

        <QueryCard
          title="Fitness, Fatigue and Form"
          subtitle={
            (fitnessRange === 'all'
              ? 'Daily, all time'
              : `Daily, last ${FITNESS_RANGES[fitnessRange].ariaLabel}`) +
            (!sample && projection.data?.ends_at
              ? `, projected to ${projection.data.ends_at === 'race' ? 'race day' : 'the last planned session'}`
              : '')
          }
          actions={
            <SegmentedControl
              legend="Fitness chart range"
              options={(Object.keys(FITNESS_RANGES) as FitnessRange[]).map((value) => ({
                value,
                label: FITNESS_RANGES[value].label,
                ariaLabel: FITNESS_RANGES[value].ariaLabel,
              }))}
              value={fitnessRange}
              onChange={(next) => setParam('fitness', next)}
            />
          }
          query={demo ? [fitness, achievements] : fitness}
          demo={demo}
          isEmpty={!demo && fitnessEmpty}
          emptyTitle="No training load yet"
          emptyText="Fitness and fatigue build from the TSS of your completed workouts."
          className="lg:col-span-2"
        >
          <FitnessFormChart rows={fitnessRows} raceDate={projection.data?.race_date ?? null} />
        </QueryCard>

        <BestEffortCurves className="lg:col-span-2" />

        <QueryCard
          title="Achievements"
          query={achievements}
          isEmpty={(achievements.data?.total_count ?? 0) === 0}
          emptyTitle="No achievements available"
          badges={
            achievements.data ? (
              <Badge variant="accent">
                {achievements.data.earned_count} of {achievements.data.total_count} earned
              </Badge>
            ) : null
          }
          className="lg:col-span-2"
        >
          {achievements.data ? <AchievementsList achievements={achievements.data.achievements} /> : null}
        </QueryCard>
      </div>
    </div>
  );
}

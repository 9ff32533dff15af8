// /metrics: the Metrics page (docs/screens.md, "Metrics page"): metrics chosen by checkbox, a timeframe or a
// custom range, one or two columns, one chart per metric; today's wellness form (focused at
// /metrics?log=today, the dashboard's link) and the CSV import of wellness history. A metric that fails to
// load says so with Try Again; only an account with nothing logged sees the charts drawn from the sample,
// marked Demo (docs/screens.md, "Metrics page").
import { METRIC_SPECS, type MetricKey, metricSampleSeries } from '@stamina/core';
import { addDays, format } from 'date-fns';
import { PencilLine } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasNoMetrics, useCurrentMetrics } from '../../api/metrics/current-metrics.ts';
import { useMetricHistory } from '../../api/metrics/metric-history.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { LOG_WELLNESS_PATH } from '../../lib/app-constants.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { useCelebrate } from '../../lib/celebrate.ts';
import { cn } from '../../lib/cn.ts';
import { todayIso } from '../../lib/dates.ts';
import { MetricChartCard } from './components/metric-chart-card.tsx';
import { type LoggedMetric, WellnessForm } from './components/wellness-form.tsx';
import { WellnessImport } from './components/wellness-import.tsx';
import {
  clipToWindow,
  defaultMetrics,
  type HistoryWindow,
  historyWindow,
  inUnits,
  METRIC_API_TYPES,
  offeredMetrics,
  TIMEFRAME_OPTIONS,
  type Timeframe,
} from './metrics-model.ts';

type Columns = 'single' | 'double';
const COLUMN_OPTIONS = [
  { value: 'single', label: 'Single' },
  { value: 'double', label: 'Double' },
] as const;

/** Desktop from 1024 px (docs/screens.md, "App-wide constants"). Two columns there by default, one below. */
const isDesktop = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(min-width: 1024px)').matches);

const selectClass =
  'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function MetricsPage() {
  const [params] = useSearchParams();
  const today = todayIso();
  // null until the athlete ticks a box: the defaults follow the current values (HRV as SDNN once they have it).
  const [chosen, setChosen] = useState<readonly MetricKey[] | null>(null);
  const [timeframe, setTimeframe] = useState<Timeframe>('30');
  const [custom, setCustom] = useState({ start: format(addDays(new Date(), -29), 'yyyy-MM-dd'), end: today });
  const [columns, setColumns] = useState<Columns>(() => (isDesktop() ? 'double' : 'single'));
  const timeframeId = useId();
  const formField = useRef<HTMLInputElement>(null);
  const celebrate = useCelebrate();

  const current = useCurrentMetrics();
  const noData = current.data ? hasNoMetrics(current.data) : false;
  const offered = offeredMetrics(current.data);
  const selected = (chosen ?? defaultMetrics(current.data)).filter((m) => offered.includes(m));
  const hasSdnn = Boolean(current.data?.hrv_sdnn);
  const window = historyWindow(timeframe, custom, today);

  const logToday = params.get('log') === 'today';
  useEffect(() => {
    if (!logToday) return;
    const input = formField.current;
    input?.scrollIntoView?.({ block: 'center' });
    input?.focus({ preventScroll: true });
  }, [logToday]);

  function toggle(metric: MetricKey) {
    // Kept in the order of the metric list (core METRIC_KEYS), whatever order they were ticked in.
    setChosen(
      selected.includes(metric)
        ? selected.filter((m) => m !== metric)
        : offered.filter((m) => m === metric || selected.includes(m)),
    );
  }

  // The '{metric} Logged!' celebration (docs/screens.md, "Celebrations"), shown by the celebrations provider
  // in the shell.
  const onLogged = (logged: LoggedMetric) =>
    celebrate({ type: 'metric-logged', metric: logged.metric, value: logged.value });

  return (
    <>
      <PageHeader
        title="Metrics"
        description="Your physiological trends over time."
        actions={
          <Link to={LOG_WELLNESS_PATH} className={buttonClasses('outline', 'sm')}>
            <PencilLine className="h-4 w-4" aria-hidden="true" />
            Log today
          </Link>
        }
      />
      <div className="space-y-6">
        <Card className="space-y-4 p-4 sm:p-5">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Metrics</legend>
            <div className="flex flex-wrap gap-2">
              {offered.map((metric) => {
                const checked = selected.includes(metric);
                return (
                  <label
                    key={metric}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      checked
                        ? 'border-primary bg-accent text-accent-foreground'
                        : 'border-input hover:bg-muted',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(metric)}
                      className="h-4 w-4 accent-primary"
                    />
                    {METRIC_SPECS[metric].label}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-end gap-4">
            <div className="w-full space-y-1.5 sm:w-48">
              <label htmlFor={timeframeId} className="block text-sm font-medium">
                Timeframe
              </label>
              <select
                id={timeframeId}
                className={selectClass}
                value={timeframe}
                onChange={(e) => setTimeframe(e.target.value as Timeframe)}
              >
                {TIMEFRAME_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            {timeframe === 'custom' ? (
              <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
                <Field
                  label="From"
                  type="date"
                  value={custom.start}
                  max={today}
                  onChange={(e) => setCustom((c) => ({ ...c, start: e.target.value }))}
                />
                <Field
                  label="To"
                  type="date"
                  value={custom.end}
                  max={today}
                  onChange={(e) => setCustom((c) => ({ ...c, end: e.target.value }))}
                />
              </div>
            ) : null}
            <div className="space-y-1.5">
              <span className="block text-sm font-medium" aria-hidden="true">
                Layout
              </span>
              <SegmentedControl
                legend="Layout"
                options={COLUMN_OPTIONS}
                value={columns}
                onChange={setColumns}
              />
            </div>
          </div>
        </Card>

        {'error' in window ? <Alert variant="destructive">{window.error}</Alert> : null}
        {noData ? (
          <Alert>
            You have not logged any metrics yet, so these charts show sample data, marked Demo. Log today's
            wellness or import your history to see your own.
          </Alert>
        ) : null}

        {selected.length === 0 ? (
          <Card className="p-8 text-center">
            <p className="font-medium">No Metrics Selected</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Choose at least one metric above to see its chart.
            </p>
          </Card>
        ) : 'error' in window ? null : (
          <div className={cn('grid gap-4', columns === 'double' && 'sm:grid-cols-2')}>
            {selected.map((metric) => (
              <MetricPanel
                key={metric}
                metric={metric}
                window={window}
                today={today}
                noData={noData}
                waitingForCurrent={current.isPending}
                hasSdnn={hasSdnn}
              />
            ))}
          </div>
        )}

        <div className="grid gap-6 lg:grid-cols-2">
          <WellnessForm firstFieldRef={formField} onLogged={onLogged} />
          <WellnessImport />
        </div>
      </div>
    </>
  );
}

function MetricPanel({
  metric,
  window,
  today,
  noData,
  waitingForCurrent,
  hasSdnn,
}: {
  metric: MetricKey;
  window: HistoryWindow;
  today: string;
  noData: boolean;
  waitingForCurrent: boolean;
  /** The athlete has HRV as SDNN: an empty rMSSD HRV chart points them to it. */
  hasSdnn: boolean;
}) {
  const history = useMetricHistory(METRIC_API_TYPES[metric], window.days);
  // Sample data only for an account with nothing logged; a failed load of the athlete's own series is an error.
  const source = noData ? 'sample' : 'api';
  const points = useMemo(() => {
    if (source === 'sample') {
      const sample = metricSampleSeries(metric, window.days, today);
      return clipToWindow(sample, window);
    }
    return history.data ? clipToWindow(history.data.points, window) : [];
  }, [source, metric, window, today, history.data]);
  const units = useUnits();
  const shown = useMemo(() => inUnits(metric, points, units), [metric, points, units]);
  return (
    <MetricChartCard
      metric={metric}
      points={shown}
      source={source}
      query={{ ...history, isPending: source === 'api' && (history.isPending || waitingForCurrent) }}
      onRetry={() => history.refetch()}
      emptyText={
        metric === 'hrv' && hasSdnn
          ? 'Apple Watch measures HRV as SDNN, shown in its own chart: HRV (SDNN). This chart is HRV as rMSSD, which you can log below or import from a CSV.'
          : undefined
      }
    />
  );
}

// One metric's card on the Metrics page (docs/screens.md, "Metrics page"): its latest value, the change
// against the value seven points back, and the series as a line, or as bars for FTP and sleep. A failed load says
// 'Failed to load data' with Try Again; only an account with nothing logged is drawn the sample, marked Demo.
import { METRIC_SPECS, type MetricKey, metricChange } from '@stamina/core';
import { ArrowDownRight, ArrowUpRight, Info, Minus, RotateCw } from 'lucide-react';
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type CardQuery, QueryCard } from '../../../components/ui/query-card.tsx';
import { useUnits } from '../../../lib/auth-context.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { decimalTicks, formatMetricChange, formatMetricValue, unitAfterValue } from '../metrics-model.ts';

export interface MetricPoint {
  date: string;
  value: number;
}

const COLORS: Record<MetricKey, string> = {
  vo2max: '#8B5CF6',
  restingHR: '#EF4444',
  thresholdPace: '#F59E0B',
  ftp: '#3B82F6',
  hrv: '#10B981',
  hrvSdnn: '#06B6D4',
  sleepHours: '#6366F1',
  weight: '#64748B',
};

/** What a metric's figures mean where that is not obvious, said under its chart. docs/wellness.md */
const NOTES: Partial<Record<MetricKey, string>> = {
  hrvSdnn:
    'SDNN is the HRV Apple Watch measures. It reads differently from rMSSD HRV, so the two cannot be compared, and it is not used in your recovery score.',
};

/** The empty card's advice, where a metric's data comes from somewhere particular. */
const EMPTY_TEXTS: Partial<Record<MetricKey, string>> = {
  hrvSdnn:
    'HRV (SDNN) comes from an Apple Health import. Choose a longer timeframe or import a newer export.',
};

const shortDate = (date: string) => formatDay(date, 'day-month');

/** A label inside a sentence: words lower-cased, acronyms kept ('No HRV data', 'No VO2 max data'). */
const inSentence = (label: string) => label.replace(/\b[A-Z][a-z]+\b/g, (word) => word.toLowerCase());

export function MetricChartCard({
  metric,
  points,
  query,
  source,
  onRetry,
  emptyText,
}: {
  metric: MetricKey;
  points: readonly MetricPoint[];
  /** The history query, for the loading spinner; its error is said by the card's own 'Failed to load data'. */
  query: CardQuery;
  /** 'sample': the account has no metrics yet, so the points are the sample (marked Demo). */
  source: 'api' | 'sample';
  onRetry: () => void;
  /** Advice for an empty period instead of the general one. */
  emptyText?: string;
}) {
  const spec = METRIC_SPECS[metric];
  const demo = source === 'sample';
  // The athlete's own series failed to load: never a sample in its place (docs/screens.md). A refetch that
  // failed keeps the series already shown, under the error.
  const failedOwn = query.isError && !demo;
  const noSeries = failedOwn && points.length === 0;
  const change = noSeries ? null : metricChange(points.map((p) => p.value));
  const unit = unitAfterValue(metric, useUnits());
  // The error is said below with Try Again (docs/screens.md, 'Metrics page'), so the card's generic error
  // state is not used.
  const cardQuery: CardQuery = { ...query, isError: false, error: null };

  return (
    <QueryCard
      title={spec.label}
      subtitle={
        metric === 'thresholdPace'
          ? `${unit === '/mi' ? 'min/mi' : spec.unit}, shown as m:ss per ${unit === '/mi' ? 'mile' : 'km'}`
          : unit
      }
      query={cardQuery}
      demo={demo}
      isEmpty={!noSeries && points.length === 0}
      emptyTitle={`No ${inSentence(spec.label)} data in this period`}
      emptyText={
        emptyText ??
        EMPTY_TEXTS[metric] ??
        "Choose a longer timeframe, log today's values or import your history."
      }
      loadingLabel={`Loading ${spec.label}`}
    >
      {query.isError ? (
        <div
          role={failedOwn ? 'alert' : 'status'}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
        >
          <p>
            <span className="font-semibold">Failed to load data</span>
            {failedOwn ? (
              query.error?.message ? (
                <span className="text-muted-foreground"> · {query.error.message}</span>
              ) : null
            ) : (
              <span className="text-muted-foreground"> · Using sample data</span>
            )}
          </p>
          <Button variant="ghost" size="sm" onClick={onRetry} disabled={query.isFetching}>
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : null}
      {change ? (
        <LatestValue metric={metric} latest={change.latest} change={change.change} unit={unit} />
      ) : null}
      {noSeries ? null : <MetricChart metric={metric} points={points} />}
      {NOTES[metric] && !noSeries ? (
        <p className="flex gap-2 text-xs text-muted-foreground">
          <Info className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>{NOTES[metric]}</span>
        </p>
      ) : null}
    </QueryCard>
  );
}

function LatestValue({
  metric,
  latest,
  change,
  unit,
}: {
  metric: MetricKey;
  latest: number;
  change: number | null;
  unit: string;
}) {
  const { lowerIsBetter } = METRIC_SPECS[metric];
  // Whether the change is good is said in words too, not only by the badge's colour.
  const better = change !== null && change !== 0 && change < 0 === lowerIsBetter;
  const Icon = change === null || change === 0 ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
      <p>
        <span className="sr-only">Latest: </span>
        <span className="text-3xl font-bold tabular-nums">{formatMetricValue(metric, latest)}</span>{' '}
        <span className="text-sm text-muted-foreground">{unit}</span>
      </p>
      {change === null ? (
        <span className="pb-1 text-xs text-muted-foreground">Not enough points for a weekly change</span>
      ) : (
        <Badge variant={change === 0 ? 'neutral' : better ? 'success' : 'warning'} className="mb-1">
          <Icon className="h-3.5 w-3.5" aria-hidden="true" />
          {formatMetricChange(metric, change)} {unit}
          <span className="font-normal">week over week</span>
          {change === 0 ? null : <span className="sr-only">({better ? 'better' : 'worse'})</span>}
        </Badge>
      )}
    </div>
  );
}

function MetricChart({ metric, points }: { metric: MetricKey; points: readonly MetricPoint[] }) {
  const captionId = useId();
  const spec = METRIC_SPECS[metric];
  const unit = unitAfterValue(metric, useUnits());
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const values = points.map((p) => p.value);
  const summary =
    `${spec.label} from ${shortDate(first.date)} to ${shortDate(last.date)}: ` +
    `lowest ${formatMetricValue(metric, Math.min(...values))}, ` +
    `highest ${formatMetricValue(metric, Math.max(...values))} ${unit}.`;
  const tickFormatter = (value: number) => formatMetricValue(metric, value);
  // A decimal line (VO2 max) gets its own evenly spaced ticks: Recharts' steps of 0.15 read 54.6, 54.8, 54.9
  // once rounded to the metric's one decimal.
  const ticks =
    spec.chart !== 'bar' && spec.decimals > 0 && metric !== 'thresholdPace'
      ? decimalTicks(values, spec.decimals)
      : undefined;
  const color = COLORS[metric];
  const data = [...points];
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
      <XAxis
        dataKey="date"
        tickFormatter={shortDate}
        tick={{ fill: 'currentColor', fontSize: 11 }}
        stroke="currentColor"
        strokeOpacity={0.3}
        tickLine={false}
        minTickGap={24}
      />
      <YAxis
        domain={
          ticks
            ? [ticks[0] ?? 'auto', ticks.at(-1) ?? 'auto']
            : spec.chart === 'bar'
              ? [0, 'auto']
              : ['auto', 'auto']
        }
        ticks={ticks}
        // Pace: a faster (smaller) pace is drawn higher, the way runners read a pace chart.
        reversed={metric === 'thresholdPace'}
        tickFormatter={tickFormatter}
        // Whole-number metrics get whole ticks: 50.5 written at no decimals would repeat '50' up the axis.
        allowDecimals={spec.decimals > 0}
        tick={{ fill: 'currentColor', fontSize: 11 }}
        axisLine={false}
        tickLine={false}
        width={44}
      />
      <Tooltip
        cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
        contentStyle={{
          background: 'var(--color-card)',
          border: '1px solid var(--color-border)',
          borderRadius: 8,
          color: 'var(--color-card-foreground)',
          fontSize: 12,
        }}
        labelFormatter={(label) => formatDay(String(label))}
        formatter={(value) => [`${formatMetricValue(metric, Number(value))} ${unit}`, spec.label]}
      />
    </>
  );

  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      {/* Hidden from assistive technology (the caption says it in words), so nothing in it may take focus:
          Recharts' accessibility layer would make the chart a tab stop. docs/RELIABILITY.md */}
      <div className="h-48 w-full text-muted-foreground sm:h-56" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 220 }}>
          {spec.chart === 'bar' ? (
            <BarChart
              accessibilityLayer={false}
              data={data}
              margin={{ top: 8, right: 4, bottom: 0, left: -8 }}
            >
              {axes}
              <Bar dataKey="value" fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart
              accessibilityLayer={false}
              data={data}
              margin={{ top: 8, right: 4, bottom: 0, left: -8 }}
            >
              {axes}
              <Line
                type="monotone"
                dataKey="value"
                stroke={color}
                strokeWidth={2}
                dot={points.length <= 31 ? { r: 2 } : false}
                isAnimationActive={false}
              />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

// The workout intensity chart (docs/screens.md, "Workout editor and dialogs"): each step drawn at the power it asks
// for as a percentage of FTP (its own % FTP, or its zone's typical power for a pace, heart-rate or word target; core
// intervalPowerRange), ramps as slopes, over time, coloured by zone, with the zone limits dashed, a labelled axis, a
// legend, distribution badges and a tooltip per step.
import {
  type Interval,
  intervalPowerRange,
  type Phase,
  type PowerRange,
  type Sport,
  THRESHOLD_ZONE_LIMITS,
  type Units,
  ZONES,
  type Zone,
  zoneDistribution,
} from '@stamina/core';
import { Activity } from 'lucide-react';
import { useId, useMemo } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  usePlotArea,
  XAxis,
  YAxis,
} from 'recharts';
import { useUnits } from '../../lib/auth-context.tsx';
import { formatClock, formatDuration, formatPace, formatPace100, SPORT_LABELS } from './format.ts';
import { formatPercent } from './zone-distribution-panel.tsx';

export interface IntensityChartProps {
  intervals: Interval[];
  sport: Sport;
}

/** One drawn step: an interval placed on the time line. */
interface Step {
  index: number;
  interval: Interval;
  startSeconds: number;
  endSeconds: number;
  /** The zone drawn: rest counts as zone 1. */
  zone: Zone;
  /** The power asked for, as fractions of FTP (rest without a target at zone 1's). */
  power: PowerRange;
  /** Heights drawn at the step's start and end, in % of FTP (they differ for a ramp). */
  startPercent: number;
  endPercent: number;
}

interface ChartPoint {
  minutes: number;
  percent: number;
  step: number;
}

const PHASE_LABELS: Record<Phase, string> = { warmup: 'Warmup', main: 'Main', cooldown: 'Cooldown' };
/** The axis tick step and its lowest top (% FTP): threshold, 100 %, always shows with room above it. */
const PERCENT_TICK = 25;
const MIN_TOP_PERCENT = 125;

function zoneInfo(zone: Zone) {
  return ZONES[zone - 1] ?? ZONES[1]!;
}

/**
 * Places the intervals end to end. The parser's list is canonical and expanded (each repetition and
 * each rest is its own step), and the core summary counts each interval once for its duration_seconds,
 * so the chart does the same: its end equals total_duration_estimated.
 */
export function buildSteps(intervals: readonly Interval[]): Step[] {
  const steps: Step[] = [];
  let clock = 0;
  for (const interval of intervals) {
    const seconds = Number.isFinite(interval.duration_seconds) ? Math.max(0, interval.duration_seconds) : 0;
    if (seconds === 0) continue;
    const zone: Zone = interval.isRest ? 1 : interval.zone;
    const power = intervalPowerRange(interval, { restAsRecovery: true });
    const percent = (fraction: number) => Math.round(fraction * 1000) / 10;
    steps.push({
      index: steps.length,
      interval,
      startSeconds: clock,
      endSeconds: clock + seconds,
      zone,
      power,
      startPercent: percent(power.ramp ? power.low : power.fraction),
      endPercent: percent(power.ramp ? power.high : power.fraction),
    });
    clock += seconds;
  }
  return steps;
}

/** What the axis measures: % of FTP for a ride; for other sports the same scale, of their threshold. */
function intensityUnit(sport: Sport): string {
  return sport === 'bike' ? 'FTP' : 'threshold';
}

/**
 * A step's intensity in words: '95% FTP', a range '90–105% FTP', a ramp '50 → 75% FTP'; from its zone alone
 * (a pace, heart-rate or word target), '≈65% FTP (zone 2)'.
 */
export function intensityText(step: Step, sport: Sport): string {
  const unit = intensityUnit(sport);
  const pct = (fraction: number) => Math.round(fraction * 100);
  const { low, high, ramp, fromZone } = step.power;
  if (fromZone) return `≈${pct(low)}% ${unit} (zone ${step.zone})`;
  if (ramp) return `${pct(low)} → ${pct(high)}% ${unit}`;
  if (pct(high) !== pct(low)) return `${pct(low)}–${pct(high)}% ${unit}`;
  return `${pct(low)}% ${unit}`;
}

/** The axis' top and ticks: every 25 %, up to at least 125 % and above the highest step. */
export function percentTicks(steps: readonly Step[]): number[] {
  const highest = Math.max(0, ...steps.flatMap((s) => [s.startPercent, s.endPercent]));
  const top = Math.max(MIN_TOP_PERCENT, Math.ceil((highest + 5) / PERCENT_TICK) * PERCENT_TICK);
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += PERCENT_TICK) ticks.push(t);
  return ticks;
}

/** The targets of a step as display lines, in the athlete's units. */
export function targetLines(interval: Interval, sport: Sport, units: Units): string[] {
  const t = interval.targets ?? {};
  const lines: string[] = [];
  if (t.heart_rate_min !== undefined || t.heart_rate_max !== undefined) {
    const range = [t.heart_rate_min, t.heart_rate_max].filter((v) => v !== undefined).map(Math.round);
    lines.push(`Heart rate: ${[...new Set(range)].join('-')} bpm`);
  }
  if (t.power_watts !== undefined) {
    const range = [t.power_watts, t.power_watts_max].filter((v) => v !== undefined).map(Math.round);
    lines.push(`Power: ${[...new Set(range)].join('-')} W`);
  }
  if (sport === 'swim') {
    const per100 =
      t.pace_per_100m_seconds ??
      (t.pace_per_km_seconds !== undefined ? t.pace_per_km_seconds / 10 : undefined);
    if (per100 !== undefined) lines.push(`Pace: ${formatPace100(per100)}`);
  } else if (t.pace_per_km_seconds !== undefined) {
    lines.push(`Pace: ${formatPace(t.pace_per_km_seconds, units)}`);
  } else if (t.pace_per_100m_seconds !== undefined) {
    lines.push(`Pace: ${formatPace100(t.pace_per_100m_seconds)}`);
  }
  if (t.cadence_rpm !== undefined) lines.push(`Cadence: ${Math.round(t.cadence_rpm)} rpm`);
  if (t.cadence_spm !== undefined) lines.push(`Cadence: ${Math.round(t.cadence_spm)} spm`);
  if (t.rpe !== undefined) lines.push(`RPE: ${t.rpe}/10`);
  return lines;
}

/** Round-minute ticks, about five of them, so labels never crowd even on a phone. */
function timeTicks(totalMinutes: number): number[] {
  const step = [1, 2, 5, 10, 15, 20, 30, 60, 90, 120, 180, 240].find((m) => totalMinutes / m <= 5) ?? 360;
  const ticks: number[] = [];
  for (let t = 0; t <= totalMinutes + 1e-9; t += step) ticks.push(t);
  return ticks;
}

function stepName(step: Step): string {
  return step.interval.name?.trim() || (step.interval.isRest ? 'Rest' : `Zone ${step.zone}`);
}

/**
 * Horizontal gradients with a hard colour change at every step boundary, so one step-area is coloured
 * by zone. They use the plot area's pixel span (userSpaceOnUse): an object-bounding-box gradient would
 * vanish on the stroke of a flat, single-zone workout, whose bounding box has no height.
 */
function ZoneGradients({
  fillId,
  strokeId,
  steps,
  totalSeconds,
}: {
  fillId: string;
  strokeId: string;
  steps: Step[];
  totalSeconds: number;
}) {
  const plot = usePlotArea();
  const geometry = plot
    ? { gradientUnits: 'userSpaceOnUse' as const, x1: plot.x, x2: plot.x + plot.width, y1: 0, y2: 0 }
    : { x1: 0, x2: 1, y1: 0, y2: 0 };
  const stops = steps.flatMap((step) => {
    const color = zoneInfo(step.zone).color;
    return [
      { key: `${step.index}s`, offset: step.startSeconds / totalSeconds, color },
      { key: `${step.index}e`, offset: step.endSeconds / totalSeconds, color },
    ];
  });
  return (
    <defs>
      <linearGradient id={fillId} {...geometry}>
        {stops.map((stop) => (
          <stop key={stop.key} offset={stop.offset} stopColor={stop.color} stopOpacity={0.4} />
        ))}
      </linearGradient>
      <linearGradient id={strokeId} {...geometry}>
        {stops.map((stop) => (
          <stop key={stop.key} offset={stop.offset} stopColor={stop.color} />
        ))}
      </linearGradient>
    </defs>
  );
}

function StepTooltip({
  active,
  payload,
  steps,
  sport,
  units,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
  steps: Step[];
  sport: Sport;
  units: Units;
}) {
  const point = payload?.[0]?.payload as ChartPoint | undefined;
  const step = point ? steps[point.step] : undefined;
  if (!active || !step) return null;
  const info = zoneInfo(step.zone);
  const targets = targetLines(step.interval, sport, units);
  return (
    <div className="max-w-64 rounded-lg border border-border bg-card p-3 text-xs text-card-foreground shadow-lg">
      <div className="flex items-center gap-2">
        <span className="font-semibold text-sm">{stepName(step)}</span>
        {step.interval.isRest ? (
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-muted-foreground">Rest</span>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Time</dt>
        <dd className="tabular-nums">
          {formatClock(step.startSeconds)} – {formatClock(step.endSeconds)}
        </dd>
        <dt className="text-muted-foreground">Phase</dt>
        <dd>{PHASE_LABELS[step.interval.phase] ?? step.interval.phase}</dd>
        <dt className="text-muted-foreground">Zone</dt>
        <dd className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-2.5 w-2.5 rounded-full"
            style={{ backgroundColor: info.color }}
          />
          Z{info.zone} {info.name}
        </dd>
        <dt className="text-muted-foreground">Intensity</dt>
        <dd className="tabular-nums">{intensityText(step, sport)}</dd>
        {step.interval.zone_source ? (
          <>
            <dt className="text-muted-foreground">Why</dt>
            <dd>{step.interval.zone_source.why}</dd>
          </>
        ) : null}
      </dl>
      {targets.length > 0 ? (
        <ul className="mt-2 space-y-0.5 border-t border-border pt-2">
          {targets.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 border-t border-border pt-2 text-muted-foreground">
        {info.label} · {info.band}
      </p>
    </div>
  );
}

function ZoneLegend() {
  return (
    <ul aria-label="Zone legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs">
      {ZONES.map((info) => (
        <li key={info.zone} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-2.5 w-2.5 rounded-sm"
            style={{ backgroundColor: info.color }}
          />
          <span className="font-medium">Z{info.zone}</span>
          <span className="text-muted-foreground">{info.name}</span>
        </li>
      ))}
    </ul>
  );
}

export function IntensityChart({ intervals, sport }: IntensityChartProps) {
  const units = useUnits();
  const steps = useMemo(() => buildSteps(intervals), [intervals]);
  const distribution = useMemo(() => zoneDistribution(intervals), [intervals]);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const fillId = `intensity-fill-${baseId}`;
  const strokeId = `intensity-stroke-${baseId}`;
  const captionId = `intensity-caption-${baseId}`;

  if (steps.length === 0) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border p-6 text-center">
        <Activity className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No workout data to display</p>
        <p className="text-sm text-muted-foreground">Add intervals to see the intensity graph</p>
      </div>
    );
  }

  const last = steps.at(-1)!;
  const totalSeconds = last.endSeconds;
  const totalMinutes = totalSeconds / 60;
  // Two points per step, its start and its end: a steady step is flat, a ramp a slope, and the change between
  // steps a vertical edge.
  const points: ChartPoint[] = steps.flatMap((step) => [
    { minutes: step.startSeconds / 60, percent: step.startPercent, step: step.index },
    { minutes: step.endSeconds / 60, percent: step.endPercent, step: step.index },
  ]);
  const ticks = percentTicks(steps);
  const unit = intensityUnit(sport);
  const shares = ZONES.map((info) => ({
    info,
    percent: distribution[`zone_${info.zone}` as keyof typeof distribution],
  })).filter((s) => s.percent > 0);
  const main = [...shares].sort((a, b) => b.percent - a.percent)[0];
  const summary =
    `${SPORT_LABELS[sport]} intensity profile: ${formatDuration(totalSeconds)} in ${steps.length} ` +
    `${steps.length === 1 ? 'step' : 'steps'}` +
    (main ? `, mostly zone ${main.info.zone} ${main.info.name} (${formatPercent(main.percent)}).` : '.');

  return (
    <figure aria-labelledby={captionId} className="space-y-3">
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      {/* The caption and the steps table say what the drawing shows, so it is hidden from assistive technology
          and takes no focus (Recharts' accessibility layer would make it an unnamed tab stop). */}
      <div className="h-56 w-full text-muted-foreground sm:h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 240 }}>
          <AreaChart
            accessibilityLayer={false}
            data={points}
            margin={{ top: 8, right: 8, bottom: 0, left: 4 }}
          >
            <ZoneGradients fillId={fillId} strokeId={strokeId} steps={steps} totalSeconds={totalSeconds} />
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
            <XAxis
              dataKey="minutes"
              type="number"
              domain={[0, totalMinutes]}
              ticks={timeTicks(totalMinutes)}
              tickFormatter={(value: number) => `${Math.round(value)}m`}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
              tickLine={false}
            />
            <YAxis
              type="number"
              domain={[0, ticks.at(-1) ?? MIN_TOP_PERCENT]}
              ticks={ticks}
              tickFormatter={(value: number) => `${value}%`}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              width={44}
              axisLine={false}
              tickLine={false}
              label={{
                value: `% ${unit}`,
                angle: -90,
                position: 'insideLeft',
                offset: 0,
                fill: 'currentColor',
                fontSize: 11,
                style: { textAnchor: 'middle' },
              }}
            />
            {/* Where each zone starts (zones 2-5), in the colour of the zone above the line. */}
            {THRESHOLD_ZONE_LIMITS.map((value, i) => (
              <ReferenceLine
                key={value}
                y={value}
                stroke={ZONES[i + 1]!.color}
                strokeOpacity={0.55}
                strokeDasharray="4 4"
              />
            ))}
            <Tooltip
              cursor={{ stroke: 'currentColor', strokeOpacity: 0.35 }}
              content={({ active, payload }) => (
                <StepTooltip active={active} payload={payload} steps={steps} sport={sport} units={units} />
              )}
            />
            <Area
              type="linear"
              dataKey="percent"
              name="Intensity"
              stroke={`url(#${strokeId})`}
              strokeWidth={2}
              fill={`url(#${fillId})`}
              fillOpacity={1}
              isAnimationActive={false}
              activeDot={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <ZoneLegend />
      {shares.length > 0 ? (
        <ul aria-label="Time in zones" className="flex flex-wrap gap-2">
          {shares.map(({ info, percent }) => (
            <li
              key={info.zone}
              className="inline-flex items-center gap-1.5 rounded-full border border-border px-2.5 py-1 text-xs"
            >
              <span
                aria-hidden="true"
                className="h-2 w-2 rounded-full"
                style={{ backgroundColor: info.color }}
              />
              <span className="font-semibold">Z{info.zone}</span>
              <span className="tabular-nums">{formatPercent(percent)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {/* A table cannot be shrunk to 1 px itself (sr-only on a table still takes its full height in the
          scroll area), so a wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>Workout steps</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Phase</th>
              <th scope="col">Time</th>
              <th scope="col">Zone</th>
              <th scope="col">Intensity</th>
              <th scope="col">Targets</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.index}>
                <td>
                  {stepName(step)}
                  {step.interval.isRest ? ' (rest)' : ''}
                </td>
                <td>{PHASE_LABELS[step.interval.phase] ?? step.interval.phase}</td>
                <td>
                  {formatClock(step.startSeconds)} to {formatClock(step.endSeconds)}
                </td>
                <td>
                  Zone {step.zone} {zoneInfo(step.zone).name}
                </td>
                <td>{intensityText(step, sport)}</td>
                <td>{targetLines(step.interval, sport, units).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

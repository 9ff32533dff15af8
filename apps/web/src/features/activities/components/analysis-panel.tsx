// The analysis of an activity (docs/activities.md, "Analysis"): kJ, W/kg from the weight in force that day, VI,
// EF and aerobic decoupling, then its power, heart-rate and pace curves beside the athlete's 42-day and
// all-time bests: a chart for sight, and the same figures as a table.
import type { ActivityAnalysis, ActivitySport } from '@stamina/contract';
import { formatWeight, METERS_PER_MILE, type Units } from '@stamina/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatSpeed } from '../../../components/activities/format.ts';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { formatClock } from '../../../components/workouts/format.ts';
import { useUnits } from '../../../lib/auth-context.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { ScrollRegion } from './scroll-region.tsx';

/** Friel: under 5 % the effort stayed aerobically coupled. */
const COUPLED_PERCENT = 5;

const fixed = (value: number | null, digits: number, unit = '') =>
  value === null ? '—' : `${value.toFixed(digits)}${unit}`;

export function AnalysisFigures({ analysis }: { analysis: ActivityAnalysis }) {
  const units = useUnits();
  const a = analysis;
  const decoupling = a.decoupling_percent;
  const figures = [
    { label: 'Work', value: a.kilojoules === null ? '—' : `${Math.round(a.kilojoules)} kJ` },
    {
      label: 'W/kg (avg / NP)',
      value: a.watts_per_kg === null ? '—' : `${fixed(a.watts_per_kg, 2)} / ${fixed(a.np_watts_per_kg, 2)}`,
    },
    { label: 'Variability index', value: fixed(a.variability_index, 2) },
    {
      label:
        a.efficiency_basis === 'speed' ? 'Efficiency factor (m/min ÷ HR)' : 'Efficiency factor (NP ÷ HR)',
      value: fixed(a.efficiency_factor, 2),
    },
    {
      label: a.efficiency_basis === 'speed' ? 'Decoupling (Pa:HR)' : 'Decoupling (Pw:HR)',
      value: fixed(decoupling, 1, ' %'),
    },
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        {a.weight_kg !== null && a.weight_date
          ? `W/kg at ${formatWeight(a.weight_kg, units)}, your weight logged on ${formatDay(a.weight_date)}. `
          : a.kilojoules !== null
            ? 'No body weight logged on or before this day: log it in Metrics for W/kg. '
            : ''}
        {decoupling === null
          ? 'Decoupling needs at least 20 minutes with heart rate and power or pace.'
          : decoupling < COUPLED_PERCENT
            ? `First half EF ${fixed(a.first_half_ef, 2)}, second half ${fixed(a.second_half_ef, 2)}: under ${COUPLED_PERCENT} %, aerobically coupled.`
            : `First half EF ${fixed(a.first_half_ef, 2)}, second half ${fixed(a.second_half_ef, 2)}: ${COUPLED_PERCENT} % or more, heart rate drifted.`}
      </p>
    </div>
  );
}

type Kind = 'power' | 'heart_rate' | 'pace';
const KIND_LABELS: Record<Kind, string> = { power: 'Power', heart_rate: 'Heart rate', pace: 'Pace' };
type Point = ActivityAnalysis['curves']['power'][number];

/** A curve point as read: watts, bpm, or the time over the distance with its pace. */
function shown(kind: Kind, value: number, x: number, sport: ActivitySport, units: Units): string {
  if (kind === 'power') return `${Math.round(value)} W`;
  if (kind === 'heart_rate') return `${Math.round(value)} bpm`;
  return `${formatClock(value)} (${formatSpeed(x / value, units, sport)})`;
}

function pointLabel(kind: Kind, x: number): string {
  // Standard distances by their names: '1 mile' rather than '1.6 km'.
  if (kind === 'pace' && Math.abs(x - METERS_PER_MILE) < 1) return '1 mile';
  if (kind === 'pace') return x >= 1000 ? `${Math.round(x / 100) / 10} km` : `${x} m`;
  return x < 60 ? `${x} s` : `${x / 60} min`;
}

function BestCell({
  best,
  kind,
  x,
  sport,
  units,
}: {
  best: Point['best_42d'];
  kind: Kind;
  x: number;
  sport: ActivitySport;
  units: Units;
}) {
  if (!best) return <>—</>;
  return (
    <Link to={`/activities/${best.activity_id}`} className="underline-offset-2 hover:underline">
      {shown(kind, best.value, x, sport, units)}
    </Link>
  );
}

export function ActivityCurves({
  analysis,
  sport,
  units,
}: {
  analysis: ActivityAnalysis;
  sport: ActivitySport;
  units: Units;
}) {
  const kinds = (['power', 'heart_rate', 'pace'] as const).filter((k) => analysis.curves[k].length > 0);
  const [picked, setPicked] = useState<Kind | null>(null);
  const kind = picked && kinds.includes(picked) ? picked : kinds[0];
  if (!kind)
    return <p className="text-sm text-muted-foreground">No power, heart rate or pace to draw curves from.</p>;
  const points = analysis.curves[kind];
  // Pace is drawn as speed so that up is better, like power; the table gives times and paces.
  const plotted = (v: number | undefined, x: number) =>
    v === undefined ? null : kind === 'pace' ? (x / v) * 3.6 : v;
  const data = points.map((p) => ({
    label: pointLabel(kind, p.x),
    activity: plotted(p.value, p.x),
    recent: plotted(p.best_42d?.value, p.x),
    allTime: plotted(p.best_all_time?.value, p.x),
  }));
  return (
    <div className="space-y-3">
      {kinds.length > 1 ? (
        <SegmentedControl
          legend="Curve"
          value={kind}
          onChange={(value) => setPicked(value)}
          options={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        />
      ) : null}
      <div className="h-56" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 5, right: 10, bottom: 5, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} />
            <YAxis tick={{ fontSize: 11 }} width={40} domain={['auto', 'auto']} />
            <Tooltip />
            <Legend />
            <Line
              type="monotone"
              dataKey="activity"
              name="This activity"
              stroke="#3B82F6"
              strokeWidth={2}
              dot
            />
            <Line
              type="monotone"
              dataKey="recent"
              name="42-day best"
              stroke="#F59E0B"
              connectNulls
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="allTime"
              name="All-time best"
              stroke="#94A3B8"
              connectNulls
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ScrollRegion label={`${KIND_LABELS[kind]} curve table`}>
        <table className="w-full min-w-max text-sm">
          <caption className="sr-only">
            {KIND_LABELS[kind]} curve of this activity, beside your 42-day and all-time bests
          </caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                {kind === 'pace' ? 'Distance' : 'Duration'}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                This activity
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                42-day best
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                All-time best
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key} className="border-b border-border last:border-0">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                  {pointLabel(kind, p.x)}
                </th>
                <td className="py-1.5 pr-3 tabular-nums">{shown(kind, p.value, p.x, sport, units)}</td>
                <td className="py-1.5 pr-3 tabular-nums">
                  <BestCell best={p.best_42d} kind={kind} x={p.x} sport={sport} units={units} />
                </td>
                <td className="py-1.5 pr-3 tabular-nums">
                  <BestCell best={p.best_all_time} kind={kind} x={p.x} sport={sport} units={units} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

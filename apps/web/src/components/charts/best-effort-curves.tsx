// The athlete's best efforts over a period (docs/activities.md, "Web"): power by duration (5 s to 60 min) or pace
// by distance (400 m to the marathon), from GET /api/activities/curves, on the Progress and Analytics pages.
// The chart is drawn for sight; the same figures are a table, each linked to the activity that set it.
import type { Curve } from '@stamina/contract';
import { paceInUnits, paceUnit, type Units } from '@stamina/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useCurve } from '../../api/activities/curves.ts';
import type { CurvePeriod, CurveType } from '../../api/activities/keys.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { formatDay } from '../../lib/dates.ts';
import { QueryCard } from '../ui/query-card.tsx';
import { SegmentedControl } from '../ui/segmented-control.tsx';
import { formatClock } from '../workouts/format.ts';

const TYPES = [
  { value: 'power', label: 'Power' },
  { value: 'pace', label: 'Pace' },
] as const;

const CURVE_PERIODS = [
  { value: 'month', label: '1M', ariaLabel: 'Last month' },
  { value: '3months', label: '3M', ariaLabel: 'Last 3 months' },
  { value: 'year', label: '1Y', ariaLabel: 'Last year' },
  { value: 'all', label: 'All', ariaLabel: 'All time' },
] as const;

/** Seconds per km (or mile) of a best time over a distance. */
function paceOf(seconds: number, meters: number, units: Units): number {
  return paceInUnits((seconds / meters) * 1000, units);
}

export interface CurveRow {
  label: string;
  /** Watts, or seconds per km/mile. */
  value: number;
  shown: string;
  detail: string;
  activityId: string;
  date: string;
}

function curveRows(curve: Curve, units: Units): CurveRow[] {
  const unit = paceUnit(units);
  return [...curve.points]
    .sort((a, b) => a.x - b.x)
    .map((p) =>
      curve.type === 'power'
        ? {
            label: p.label,
            value: p.value,
            shown: `${Math.round(p.value)} W`,
            detail: `${Math.round(p.value)} W`,
            activityId: p.activity_id,
            date: p.date,
          }
        : {
            label: p.label,
            value: paceOf(p.value, p.x, units),
            shown: `${formatClock(paceOf(p.value, p.x, units))} ${unit}`,
            detail: `${formatClock(p.value)} (${formatClock(paceOf(p.value, p.x, units))} ${unit})`,
            activityId: p.activity_id,
            date: p.date,
          },
    );
}

export function BestEffortCurves({
  initialPeriod = '3months',
  className,
}: {
  initialPeriod?: CurvePeriod;
  className?: string;
}) {
  const [type, setType] = useState<CurveType>('power');
  const [period, setPeriod] = useState<CurvePeriod>(initialPeriod);
  const units = useUnits();
  const curve = useCurve(type, period);
  const rows = curve.data ? curveRows(curve.data, units) : [];
  const pace = type === 'pace';

  return (
    <QueryCard
      title="Best efforts"
      subtitle={
        pace
          ? 'Fastest pace over each distance, from your recordings'
          : 'Highest power held for each duration'
      }
      query={curve}
      className={className}
    >
      <div className="flex flex-wrap gap-2">
        <SegmentedControl legend="Curve" options={TYPES} value={type} onChange={setType} />
        <SegmentedControl legend="Curve period" options={CURVE_PERIODS} value={period} onChange={setPeriod} />
      </div>
      {rows.length === 0 ? (
        <div className="py-6 text-center">
          <p className="font-medium">{pace ? 'No pace best efforts yet' : 'No power best efforts yet'}</p>
          <p className="text-sm text-muted-foreground">
            Upload recorded activities on the{' '}
            <Link to="/activities" className="text-primary underline-offset-4 hover:underline">
              Activities
            </Link>{' '}
            page: your best efforts in this period show here.
          </p>
        </div>
      ) : (
        <>
          <div className="h-56" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={rows}
                margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis
                  dataKey="label"
                  tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
                  stroke="var(--border)"
                  interval="preserveStartEnd"
                />
                <YAxis
                  width={48}
                  reversed={pace}
                  domain={['auto', 'auto']}
                  tickFormatter={(v: number) => (pace ? formatClock(v) : String(Math.round(v)))}
                  tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
                  stroke="var(--border)"
                />
                <Tooltip
                  formatter={(_value, _name, item) => [
                    (item.payload as CurveRow).detail,
                    pace ? 'Best' : 'Power',
                  ]}
                  contentStyle={{
                    background: 'var(--card)',
                    border: '1px solid var(--border)',
                    color: 'var(--card-foreground)',
                    fontSize: 12,
                  }}
                  // Recharts writes each item in its line's colour, which light lines make unreadable on a card.
                  itemStyle={{ color: 'var(--card-foreground)' }}
                />
                <Line
                  type="monotone"
                  dataKey="value"
                  stroke={pace ? '#0EA5E9' : '#8B5CF6'}
                  strokeWidth={2}
                  dot
                />
              </LineChart>
            </ResponsiveContainer>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">{pace ? 'Best pace by distance' : 'Best power by duration'}</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  {pace ? 'Distance' : 'Duration'}
                </th>
                <th scope="col" className="py-1 font-medium">
                  Best
                </th>
                <th scope="col" className="py-1 font-medium">
                  Set on
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {rows.map((row) => (
                <tr key={row.label} className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-medium">
                    {row.label}
                  </th>
                  <td>{row.detail}</td>
                  <td>
                    <Link
                      to={`/activities/${row.activityId}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {formatDay(row.date)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </QueryCard>
  );
}

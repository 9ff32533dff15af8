// Weekly hours by sport as stacked bars (Analytics and Progress), with a tooltip of hours and TSS per sport,
// a legend, and the same figures as a table for screen readers.
import type { AnalyticsWeeklyLoad } from '@stamina/contract';
import type { SampleWeeklyLoad } from '@stamina/core';
import { roundTo, SPORT_LABELS } from '@stamina/core';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { CHART_SPORTS, type ChartSport, SPORT_COLORS } from './sport-colors.ts';
import { HOURS_Y_AXIS, WEEK_BARS_CURSOR, WEEK_BARS_GRID, WEEK_X_AXIS } from './week-bars.ts';

export interface SportHoursRow {
  /** 'W3': the week's index in the range, as the Peak badge names it. */
  label: string;
  /** 'Nov 17' when the week's Monday is known. */
  weekOf: string | null;
  swim: number;
  bike: number;
  run: number;
  strength: number;
  total: number;
  /** TSS per sport; null for sample rows, which have hours only. */
  tss: Record<ChartSport, number> | null;
}

export function sportHoursRows(weeks: readonly AnalyticsWeeklyLoad[]): SportHoursRow[] {
  return weeks.map((w) => ({
    label: `W${w.week}`,
    weekOf: formatDay(w.week_start_date, 'day-month'),
    swim: w.swim_hours,
    bike: w.bike_hours,
    run: w.run_hours,
    strength: w.strength_hours,
    total: w.total_hours,
    tss: { swim: w.swim_tss, bike: w.bike_tss, run: w.run_tss, strength: w.strength_tss },
  }));
}

export function sampleSportHoursRows(weeks: readonly SampleWeeklyLoad[]): SportHoursRow[] {
  return weeks.map((w) => ({
    label: `W${w.week}`,
    weekOf: null,
    swim: w.swim,
    bike: w.bike,
    run: w.run,
    strength: w.strength,
    total: roundTo(w.swim + w.bike + w.run + w.strength, 1),
    tss: null,
  }));
}

function HoursTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
}) {
  const row = payload?.[0]?.payload as SportHoursRow | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-lg border border-border bg-card p-3 text-xs text-card-foreground shadow-lg">
      <p className="mb-1.5 font-semibold text-sm">
        {row.label}
        {row.weekOf ? (
          <span className="font-normal text-muted-foreground"> · week of {row.weekOf}</span>
        ) : null}
      </p>
      <table className="tabular-nums">
        <tbody>
          {CHART_SPORTS.map((sport) => (
            <tr key={sport}>
              <th scope="row" className="pr-3 text-left font-medium">
                <span
                  aria-hidden="true"
                  className="mr-1.5 inline-block h-2 w-2 rounded-sm"
                  style={{ backgroundColor: SPORT_COLORS[sport] }}
                />
                {SPORT_LABELS[sport]}
              </th>
              <td className="pr-3 text-right">{roundTo(row[sport], 1)} h</td>
              {row.tss ? (
                <td className="text-right text-muted-foreground">{Math.round(row.tss[sport])} TSS</td>
              ) : null}
            </tr>
          ))}
          <tr className="border-t border-border font-semibold">
            <th scope="row" className="pt-1 pr-3 text-left">
              Total
            </th>
            <td className="pt-1 pr-3 text-right">{roundTo(row.total, 1)} h</td>
            {row.tss ? (
              <td className="pt-1 text-right">
                {Math.round(CHART_SPORTS.reduce((sum, s) => sum + (row.tss?.[s] ?? 0), 0))} TSS
              </td>
            ) : null}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function SportLegend({ className }: { className?: string }) {
  return (
    <ul aria-label="Sports" className={cn('flex flex-wrap gap-x-4 gap-y-1 text-xs', className)}>
      {CHART_SPORTS.map((sport) => (
        <li key={sport} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-2.5 w-2.5 rounded-sm"
            style={{ backgroundColor: SPORT_COLORS[sport] }}
          />
          {SPORT_LABELS[sport]}
        </li>
      ))}
    </ul>
  );
}

export function SportHoursChart({
  rows,
  summary,
  className = 'h-56 sm:h-64',
}: {
  rows: readonly SportHoursRow[];
  /** One sentence that says what the chart shows, read before the table. */
  summary: string;
  className?: string;
}) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="space-y-2">
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      {/* Hidden from assistive technology (the caption says it in words), so nothing in it may take focus:
          Recharts' accessibility layer would make the chart a tab stop. docs/RELIABILITY.md */}
      <div className={cn('w-full text-muted-foreground', className)} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 240 }}>
          <BarChart
            accessibilityLayer={false}
            data={[...rows]}
            margin={{ top: 8, right: 4, bottom: 0, left: -20 }}
          >
            <CartesianGrid {...WEEK_BARS_GRID} />
            <XAxis {...WEEK_X_AXIS} />
            <YAxis {...HOURS_Y_AXIS} />
            <Tooltip cursor={WEEK_BARS_CURSOR} content={<HoursTooltip />} />
            {CHART_SPORTS.map((sport, i) => (
              <Bar
                key={sport}
                dataKey={sport}
                name={SPORT_LABELS[sport]}
                stackId="hours"
                fill={SPORT_COLORS[sport]}
                radius={i === CHART_SPORTS.length - 1 ? [3, 3, 0, 0] : 0}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SportLegend />
      <div className="sr-only">
        <table>
          <caption>Hours by sport per week</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {CHART_SPORTS.map((sport) => (
                <th key={sport} scope="col">
                  {SPORT_LABELS[sport]}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">
                  {row.label}
                  {row.weekOf ? `, week of ${row.weekOf}` : ''}
                </th>
                {CHART_SPORTS.map((sport) => (
                  <td key={sport}>{roundTo(row[sport], 1)} h</td>
                ))}
                <td>{roundTo(row.total, 1)} h</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

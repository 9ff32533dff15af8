// Fitness (CTL), fatigue (ATL) and form (TSB) day by day: two lines and form as bars, with the neutral form
// band (−10 to +10) shaded and the form levels spelled out below (docs/training-load.md, "Fitness, fatigue and
// form"). Past today, the projection from the planned sessions (docs/training-load.md, "Projection"): faded,
// dotted lines (form too) after a 'Today' line, up to a 'Race' line on race day.
import { formLevel } from '@stamina/core';
import { useId } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDay } from '../../../lib/dates.ts';
import type { FitnessChartRow, FitnessPoint } from '../analytics-model.ts';

const COLORS = { ctl: '#3B82F6', atl: '#EF4444', tsb: '#F59E0B' } as const;

/** The projected series: dotted, fitness and fatigue faded behind form (docs/training-load.md, "Projection"). */
const PROJECTED_LINES = [
  { dataKey: 'projectedCtl', name: 'Projected fitness (CTL)', stroke: COLORS.ctl, opacity: 0.6 },
  { dataKey: 'projectedTsb', name: 'Projected form (TSB)', stroke: COLORS.tsb, opacity: 1 },
  { dataKey: 'projectedAtl', name: 'Projected fatigue (ATL)', stroke: COLORS.atl, opacity: 0.6 },
] as const;

const FORM_LEVEL_LABELS = {
  very_fresh: 'Very fresh',
  fresh: 'Fresh',
  neutral: 'Neutral',
  tired: 'Tired',
  poor: 'Poor',
} as const;

/** The form bands of docs/training-load.md §4 (formLevel), freshest first. */
const FORM_BANDS = [
  { level: 'very_fresh', range: '25 and above' },
  { level: 'fresh', range: '10 to 25' },
  { level: 'neutral', range: '−10 to 10' },
  { level: 'tired', range: '−30 to −10' },
  { level: 'poor', range: 'below −30' },
] as const;

const shortDate = (date: string) => formatDay(date, 'day-month');
const whole = (value: number) => String(Math.round(value)).replace('-', '−');

/** A row's figures: recorded ones, or on a projected day the projected ones. */
function pointOf(row: FitnessChartRow): FitnessPoint | null {
  if (!row.projected) return { date: row.date, ctl: row.ctl ?? 0, atl: row.atl ?? 0, tsb: row.tsb ?? 0 };
  return {
    date: row.date,
    ctl: row.projectedCtl ?? 0,
    atl: row.projectedAtl ?? 0,
    tsb: row.projectedTsb ?? 0,
  };
}

function DayTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
}) {
  const row = payload?.[0]?.payload as FitnessChartRow | undefined;
  const day = row ? pointOf(row) : null;
  if (!active || !row || !day) return null;
  return (
    <div className="rounded-lg border border-border bg-card p-3 text-xs text-card-foreground shadow-lg">
      <p className="mb-1 font-semibold text-sm">
        {formatDay(day.date)}
        {row.projected ? ' · Projected' : null}
      </p>
      <p>
        Fitness (CTL) <span className="font-semibold tabular-nums">{whole(day.ctl)}</span>
      </p>
      <p>
        Fatigue (ATL) <span className="font-semibold tabular-nums">{whole(day.atl)}</span>
      </p>
      <p>
        Form (TSB) <span className="font-semibold tabular-nums">{whole(day.tsb)}</span> ·{' '}
        {FORM_LEVEL_LABELS[formLevel(day.tsb)]}
      </p>
    </div>
  );
}

export function FitnessFormChart({
  rows,
  raceDate = null,
}: {
  rows: readonly FitnessChartRow[];
  /** Race day, marked on the chart when the projection reaches it. */
  raceDate?: string | null;
}) {
  const captionId = useId();
  const recorded = rows.filter((row) => !row.projected);
  const lastRow = recorded.at(-1);
  const last = lastRow ? pointOf(lastRow) : null;
  if (!last) return null;
  const projectedRow = rows.at(-1)?.projected ? rows.at(-1)! : null;
  const end = projectedRow ? pointOf(projectedRow) : null;
  const level = formLevel(last.tsb);
  // One row a week for the screen-reader table, ending on the last day, so it stays short.
  const weekly = rows.filter((_, i) => (rows.length - 1 - i) % 7 === 0);
  const endName = end && raceDate === end.date ? 'race day' : 'the last planned session';
  const summary =
    `Fitness, fatigue and form from ${shortDate(rows[0]!.date)} to ${shortDate(last.date)}. ` +
    `On ${shortDate(last.date)}: fitness ${whole(last.ctl)}, fatigue ${whole(last.atl)}, ` +
    `form ${whole(last.tsb)} (${FORM_LEVEL_LABELS[level].toLowerCase()}).` +
    (end
      ? ` Projected from the planned sessions to ${endName}, ${shortDate(end.date)}: fitness ${whole(end.ctl)}, ` +
        `fatigue ${whole(end.atl)}, form ${whole(end.tsb)}.`
      : '');

  return (
    <figure aria-labelledby={captionId} className="space-y-3">
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      <div className="flex flex-wrap gap-1.5">
        <Badge>Fitness {whole(last.ctl)}</Badge>
        <Badge>Fatigue {whole(last.atl)}</Badge>
        <Badge variant={last.tsb > 10 ? 'success' : last.tsb < -10 ? 'warning' : 'neutral'}>
          Form {whole(last.tsb)} · {FORM_LEVEL_LABELS[level]}
        </Badge>
        {end ? (
          <Badge variant="accent">
            {raceDate === end.date ? 'Race day' : shortDate(end.date)}: fitness {whole(end.ctl)}, form{' '}
            {whole(end.tsb)} (projected)
          </Badge>
        ) : null}
      </div>
      {/* Hidden from assistive technology (the caption says it in words), so nothing in it may take focus:
          Recharts' accessibility layer would make the chart a tab stop. docs/RELIABILITY.md */}
      <div className="h-56 w-full text-muted-foreground sm:h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 260 }}>
          <ComposedChart
            accessibilityLayer={false}
            data={[...rows]}
            margin={{ top: 8, right: 4, bottom: 0, left: -20 }}
          >
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
            <ReferenceArea
              y1={-10}
              y2={10}
              fill="currentColor"
              fillOpacity={0.1}
              stroke="none"
              ifOverflow="extendDomain"
              label={{ value: 'Neutral form', position: 'insideTopLeft', fill: 'currentColor', fontSize: 10 }}
            />
            <XAxis
              dataKey="date"
              tickFormatter={shortDate}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
              tickLine={false}
              minTickGap={24}
            />
            <YAxis tick={{ fill: 'currentColor', fontSize: 11 }} axisLine={false} tickLine={false} />
            <Tooltip cursor={{ stroke: 'currentColor', strokeOpacity: 0.35 }} content={<DayTooltip />} />
            {end ? (
              <ReferenceLine
                x={last.date}
                stroke="currentColor"
                strokeOpacity={0.6}
                label={{ value: 'Today', position: 'insideTopRight', fill: 'currentColor', fontSize: 10 }}
              />
            ) : null}
            {end && raceDate === end.date ? (
              <ReferenceLine
                x={raceDate}
                stroke={COLORS.ctl}
                strokeOpacity={0.8}
                label={{ value: 'Race', position: 'insideTopRight', fill: 'currentColor', fontSize: 10 }}
              />
            ) : null}
            <Bar
              dataKey="tsb"
              name="Form (TSB)"
              fill={COLORS.tsb}
              fillOpacity={0.55}
              isAnimationActive={false}
            />
            <Line
              dataKey="ctl"
              name="Fitness (CTL)"
              stroke={COLORS.ctl}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="atl"
              name="Fatigue (ATL)"
              stroke={COLORS.atl}
              strokeWidth={2}
              strokeDasharray="5 3"
              dot={false}
              isAnimationActive={false}
            />
            {PROJECTED_LINES.map((line) => (
              <Line
                key={line.dataKey}
                dataKey={line.dataKey}
                name={line.name}
                stroke={line.stroke}
                strokeOpacity={line.opacity}
                strokeWidth={2}
                strokeDasharray="1 4"
                strokeLinecap="round"
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul aria-label="Chart legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4" style={{ backgroundColor: COLORS.ctl }} />
          Fitness (CTL), solid line
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-0.5 w-4 border-t-2 border-dashed"
            style={{ borderColor: COLORS.atl }}
          />
          Fatigue (ATL), dashed line
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-2.5 w-2.5 rounded-sm"
            style={{ backgroundColor: COLORS.tsb }}
          />
          Form (TSB), bars
        </li>
        {end ? (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-0.5 w-4 border-t-2 border-dotted opacity-60"
              style={{ borderColor: COLORS.ctl }}
            />
            Projected from planned sessions, dotted lines after Today (form too)
          </li>
        ) : null}
      </ul>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs text-muted-foreground sm:grid-cols-5">
        {FORM_BANDS.map((band) => (
          <div
            key={band.level}
            className={band.level === level ? 'font-semibold text-foreground' : undefined}
          >
            <dt className="inline">{FORM_LEVEL_LABELS[band.level]}: </dt>
            <dd className="inline tabular-nums">{band.range}</dd>
          </div>
        ))}
      </dl>
      <div className="sr-only">
        <table>
          <caption>Fitness, fatigue and form, one day a week</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Fitness (CTL)</th>
              <th scope="col">Fatigue (ATL)</th>
              <th scope="col">Form (TSB)</th>
            </tr>
          </thead>
          <tbody>
            {weekly.map((row) => {
              const day = pointOf(row)!;
              return (
                <tr key={day.date}>
                  <th scope="row">
                    {shortDate(day.date)}
                    {row.projected ? ' (projected)' : null}
                  </th>
                  <td>{whole(day.ctl)}</td>
                  <td>{whole(day.atl)}</td>
                  <td>
                    {whole(day.tsb)} ({FORM_LEVEL_LABELS[formLevel(day.tsb)].toLowerCase()})
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

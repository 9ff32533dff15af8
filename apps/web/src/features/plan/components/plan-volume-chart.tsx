// A generated plan's weeks as volume bars (planned hours per week). Deload, taper and race weeks differ from
// load weeks by colour and by a letter on the bar, the current week by an outline and a "Now" marker; the same
// figures are in a table for screen readers (docs/onboarding.md, "The plan's outline and rebuild").
import type { PlanOutline } from '@stamina/contract';
import { roundTo } from '@stamina/core';
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  HOURS_Y_AXIS,
  WEEK_BARS_CURSOR,
  WEEK_BARS_GRID,
  WEEK_X_AXIS,
} from '../../../components/charts/week-bars.ts';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateRange } from './format.ts';

type OutlineWeek = PlanOutline['weeks'][number];
type WeekKind = OutlineWeek['kind'];

/** Colour, letter and name of each kind of week: never colour alone. */
const WEEK_KINDS: Record<WeekKind, { fill: string; opacity: number; letter: string; name: string }> = {
  load: { fill: 'var(--primary)', opacity: 0.9, letter: '', name: 'Load week' },
  deload: { fill: 'var(--muted-foreground)', opacity: 0.45, letter: 'D', name: 'Deload week' },
  taper: { fill: 'var(--warning)', opacity: 0.8, letter: 'T', name: 'Taper week' },
  race: { fill: 'var(--success)', opacity: 0.9, letter: 'R', name: 'Race week' },
};

interface Row {
  label: string;
  hours: number;
  kind: WeekKind;
  letter: string;
  week: OutlineWeek;
  current: boolean;
}

/** The plan week holding `today`, or null before the plan starts and after it ends. */
export function currentWeekOf(weeks: readonly OutlineWeek[], today: string): OutlineWeek | null {
  return weeks.find((w) => w.start <= today && today <= w.end) ?? null;
}

function WeekTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
}) {
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return (
    <div className="rounded-lg border border-border bg-card p-3 text-xs text-card-foreground shadow-lg">
      <p className="font-semibold text-sm">
        Week {row.week.week}
        {row.current ? ' (this week)' : ''}
      </p>
      <p className="text-muted-foreground">{formatDateRange(row.week.start, row.week.end)}</p>
      <p className="mt-1">
        {row.week.label} · {WEEK_KINDS[row.kind].name}
      </p>
      <p className="tabular-nums">
        {roundTo(row.week.hours, 1)} h · {row.week.sessions} sessions · {Math.round(row.week.tss)} TSS
      </p>
    </div>
  );
}

export function PlanVolumeChart({ weeks, today }: { weeks: readonly OutlineWeek[]; today: string }) {
  const captionId = useId();
  const current = currentWeekOf(weeks, today);
  const rows: Row[] = weeks.map((week) => ({
    label: `W${week.week}`,
    hours: roundTo(week.hours, 1),
    kind: week.kind,
    letter: WEEK_KINDS[week.kind].letter,
    week,
    current: current?.week === week.week,
  }));
  const peak = weeks.reduce((max, w) => Math.max(max, w.hours), 0);
  const summary =
    `Planned hours for each of the plan's ${weeks.length} weeks, up to ${roundTo(peak, 1)} hours at the peak` +
    (current ? `; this is week ${current.week}.` : '.');

  return (
    <Card className="p-5" role="region" aria-labelledby={`${captionId}-heading`}>
      <h2 id={`${captionId}-heading`} className="text-lg font-semibold">
        Weekly volume
      </h2>
      <figure aria-labelledby={captionId} className="mt-3 space-y-2">
        <figcaption id={captionId} className="text-sm text-muted-foreground">
          {summary}
        </figcaption>
        {/* Hidden from assistive technology (the table below says it in words), so nothing in it takes focus. */}
        <div className="h-56 w-full text-muted-foreground sm:h-64" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 240 }}>
            <BarChart
              accessibilityLayer={false}
              data={rows}
              margin={{ top: 18, right: 4, bottom: 0, left: -20 }}
            >
              <CartesianGrid {...WEEK_BARS_GRID} />
              <XAxis {...WEEK_X_AXIS} />
              <YAxis {...HOURS_Y_AXIS} />
              <Tooltip cursor={WEEK_BARS_CURSOR} content={<WeekTooltip />} />
              {current ? (
                <ReferenceLine
                  x={`W${current.week}`}
                  stroke="var(--foreground)"
                  strokeDasharray="3 3"
                  label={{ value: 'Now', position: 'top', fill: 'currentColor', fontSize: 11 }}
                />
              ) : null}
              <Bar dataKey="hours" radius={[3, 3, 0, 0]} isAnimationActive={false}>
                {rows.map((row) => (
                  <Cell
                    key={row.label}
                    fill={WEEK_KINDS[row.kind].fill}
                    fillOpacity={WEEK_KINDS[row.kind].opacity}
                    stroke={row.current ? 'var(--foreground)' : 'none'}
                    strokeWidth={row.current ? 2 : 0}
                  />
                ))}
                <LabelList dataKey="letter" position="insideTop" fill="var(--background)" fontSize={10} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ul aria-label="Kinds of week" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {(Object.keys(WEEK_KINDS) as WeekKind[]).map((kind) => (
            <li key={kind} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-sm text-[9px] font-bold text-background"
                style={{ backgroundColor: WEEK_KINDS[kind].fill, opacity: WEEK_KINDS[kind].opacity }}
              >
                {WEEK_KINDS[kind].letter}
              </span>
              {WEEK_KINDS[kind].name}
              {WEEK_KINDS[kind].letter ? ` (${WEEK_KINDS[kind].letter})` : ''}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-3.5 w-3.5 rounded-sm border-2 border-foreground"
            />
            This week (Now)
          </li>
        </ul>
        <div className="sr-only">
          <table>
            <caption>Planned hours per week</caption>
            <thead>
              <tr>
                <th scope="col">Week</th>
                <th scope="col">Dates</th>
                <th scope="col">Phase</th>
                <th scope="col">Kind</th>
                <th scope="col">Hours</th>
                <th scope="col">Sessions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} aria-current={row.current ? 'date' : undefined}>
                  <th scope="row">
                    Week {row.week.week}
                    {row.current ? ', this week' : ''}
                  </th>
                  <td>{formatDateRange(row.week.start, row.week.end)}</td>
                  <td>{row.week.label}</td>
                  <td>{WEEK_KINDS[row.kind].name}</td>
                  <td>{row.hours} h</td>
                  <td>{row.week.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Card>
  );
}

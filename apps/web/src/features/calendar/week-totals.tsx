// The calendar's weekly totals (docs/screens.md, "Training calendar", "Weekly totals"): per sport the time,
// distance and TSS done against planned. The week view shows the table under the days; the month view gives
// each week a column (a row under the week on phones) with the week's time and TSS and the table in a popover.
import * as Popover from '@radix-ui/react-popover';
import type { Units } from '@stamina/core';
import { Sigma } from 'lucide-react';
import { useId } from 'react';
import { formatDistance } from '../../components/activities/format.ts';
import { SportIcon } from '../../components/sport-icon.tsx';
import { formatDuration, SPORT_LABELS } from '../../components/workouts/format.ts';
import { cn } from '../../lib/cn.ts';
import type { Figures, WeekTotals } from './week-totals-model.ts';

const time = (minutes: number) => (minutes > 0 ? formatDuration(minutes * 60) : '0h');
const tss = (value: number) => String(Math.round(value));

/** 'done / planned', read out as 'done done of planned planned' ('≈' read as 'about'). */
function Pair({
  done,
  planned,
  spokenDone = done,
  spokenPlanned = planned,
}: {
  done: string;
  planned: string;
  spokenDone?: string;
  spokenPlanned?: string;
}) {
  return (
    <>
      {/* Each side kept whole, so a narrow cell breaks at the slash, not inside '4h 18m'. */}
      <span aria-hidden="true">
        <span className="whitespace-nowrap">{done}</span>{' '}
        <span className="whitespace-nowrap text-muted-foreground">/ {planned}</span>
      </span>
      <span className="sr-only">
        {spokenDone} done of {spokenPlanned} planned
      </span>
    </>
  );
}

function distancePair(done: Figures, planned: Figures, units: Units, swim: boolean) {
  if (done.distanceMeters === null && planned.distanceMeters === null) return '—';
  // A side without any distance reads '—', not a made-up 0; one estimated from time reads '≈ 12.4 km'.
  const text = (f: Figures) =>
    f.distanceMeters === null ? '—' : formatDistance(f.distanceMeters, units, swim ? 'swim' : undefined);
  const show = (f: Figures) => (f.distanceEstimated ? `≈ ${text(f)}` : text(f));
  const spoken = (f: Figures) => (f.distanceEstimated ? `about ${text(f)}` : text(f));
  return (
    <Pair
      done={show(done)}
      planned={show(planned)}
      spokenDone={spoken(done)}
      spokenPlanned={spoken(planned)}
    />
  );
}

function WeekTotalsTable({
  totals,
  units,
  caption,
  className,
}: {
  totals: WeekTotals;
  units: Units;
  caption: string;
  className?: string;
}) {
  return (
    <table className={cn('w-full text-left text-xs tabular-nums sm:text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Sport
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Time
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Distance
          </th>
          <th scope="col" className="py-1 font-medium">
            TSS
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.sports.map((row) => (
          <tr key={row.sport} className="border-t border-border">
            <th scope="row" className="py-1 pr-2 font-medium">
              <span className="flex items-center gap-1.5">
                <SportIcon sport={row.sport} className="h-3.5 w-3.5 shrink-0 text-muted-foreground" />
                {SPORT_LABELS[row.sport]}
              </span>
            </th>
            <td className="py-1 pr-2">
              <Pair done={time(row.done.minutes)} planned={time(row.planned.minutes)} />
            </td>
            <td className="py-1 pr-2">{distancePair(row.done, row.planned, units, row.sport === 'swim')}</td>
            <td className="py-1">
              <Pair done={tss(row.done.tss)} planned={tss(row.planned.tss)} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-border font-semibold">
          <th scope="row" className="py-1 pr-2">
            Total
          </th>
          <td className="py-1 pr-2">
            <Pair done={time(totals.done.minutes)} planned={time(totals.planned.minutes)} />
          </td>
          <td className="py-1 pr-2" />
          <td className="py-1">
            <Pair done={tss(totals.done.tss)} planned={tss(totals.planned.tss)} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The note under a table with an estimated distance. */
function EstimateNote({ totals }: { totals: WeekTotals }) {
  if (!totals.sports.some((row) => row.planned.distanceEstimated || row.done.distanceEstimated)) return null;
  return (
    <p className="mt-1 text-xs text-muted-foreground">
      ≈ estimated from the planned time at the step's pace or power, or your thresholds.
    </p>
  );
}

/** Week view: the week's table under its days; agenda view: each week's table under its days, labelled. */
export function WeekTotalsPanel({
  totals,
  units,
  label,
}: {
  totals: WeekTotals;
  units: Units;
  /** 'Week of November 17', when the page shows several weeks. */
  label?: string;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-3 rounded-xl border border-border bg-card p-3 sm:p-4">
      {/* The title and its key wrap as one line of text: the key moves whole to the next line on a phone. */}
      <h2 id={titleId} className="flex items-start gap-1.5 text-sm font-semibold">
        <Sigma className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>
          {label ? `Week totals, ${label.charAt(0).toLowerCase()}${label.slice(1)}` : 'Week totals'}{' '}
          <span className="whitespace-nowrap font-normal text-muted-foreground">· done / planned</span>
        </span>
      </h2>
      {totals.sports.length > 0 ? (
        <>
          <WeekTotalsTable
            totals={totals}
            units={units}
            caption={`${label ? `${label}, totals` : 'Week totals'} by sport, done and planned`}
          />
          <EstimateNote totals={totals} />
        </>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">No sessions this week.</p>
      )}
    </section>
  );
}

/** Month view: one week's totals, a column beside the week (a row under it on phones). */
export function WeekTotalsCell({
  totals,
  units,
  label,
  className,
}: {
  totals: WeekTotals;
  units: Units;
  /** 'Week of November 17'. */
  label: string;
  className?: string;
}) {
  const empty = totals.sports.length === 0;
  return (
    <div
      className={cn(
        'flex min-w-0 items-center gap-x-3 gap-y-0.5 bg-muted/30 px-2 py-1 text-[11px] tabular-nums sm:flex-col sm:items-start sm:justify-start sm:p-1.5 sm:text-xs',
        className,
      )}
    >
      <span className="sr-only">{label}: </span>
      {empty ? (
        <span className="text-muted-foreground">No sessions</span>
      ) : (
        <>
          <span className="whitespace-nowrap sm:whitespace-normal">
            <Pair done={time(totals.done.minutes)} planned={time(totals.planned.minutes)} />
          </span>
          <span className="whitespace-nowrap sm:whitespace-normal">
            <span aria-hidden="true" className="text-muted-foreground">
              TSS{' '}
            </span>
            <span className="sr-only">TSS </span>
            <Pair done={tss(totals.done.tss)} planned={tss(totals.planned.tss)} />
          </span>
          <Popover.Root>
            <Popover.Trigger
              aria-label={`${label}: totals by sport`}
              className="ml-auto rounded px-1 font-semibold text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:ml-0"
            >
              By sport
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content
                sideOffset={4}
                collisionPadding={8}
                className="z-40 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-background p-3 shadow-xl focus:outline-none"
              >
                <p className="mb-1 text-sm font-semibold">
                  {label} <span className="font-normal text-muted-foreground">· done / planned</span>
                </p>
                <WeekTotalsTable totals={totals} units={units} caption={`${label}, totals by sport`} />
                <EstimateNote totals={totals} />
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
        </>
      )}
    </div>
  );
}

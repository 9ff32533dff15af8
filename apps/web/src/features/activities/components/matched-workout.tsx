// The planned workout an activity completed, planned against actual with each part of the compliance (duration,
// TSS, intensity, time in the planned zone: docs/activities.md, "Compliance"), and the athlete's choices: Unmatch, or match to another planned workout of the days around the activity (docs/activities.md).
import type { ActivityDetail } from '@stamina/contract';
import { SPORTS, type Sport } from '@stamina/core';
import { useQuery } from '@tanstack/react-query';
import { addDays, format, parseISO } from 'date-fns';
import { Link2, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { useMatchActivity } from '../../../api/activities/mutations.ts';
import { type WorkoutFilter, workoutsQuery } from '../../../api/workouts/list-workouts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '../../../components/ui/dialog.tsx';
import { formatDuration, SPORT_LABELS } from '../../../components/workouts/format.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';

/** Planned workouts this many days either side of the activity are offered. */
const MATCH_WINDOW_DAYS = 3;

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

export function MatchedWorkout({ activity }: { activity: ActivityDetail }) {
  const [choosing, setChoosing] = useState(false);
  const match = useMatchActivity(activity.id);
  const matched = activity.matched_workout;

  function unmatch() {
    match.mutate(null, {
      onSuccess: () => toast.success('Activity unmatched: it still counts as training.'),
      onError: (err) => toast.error(errorMessage(err)),
    });
  }

  return (
    <div className="space-y-3">
      {matched ? (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <div>
              <p className="font-semibold">{matched.title}</p>
              <p className="text-sm text-muted-foreground">
                {formatDay(matched.workout_date, 'weekday-year')}
              </p>
            </div>
            <Badge variant={matched.compliance.percent >= 80 ? 'success' : 'warning'}>
              {Math.round(matched.compliance.percent)}% compliance
            </Badge>
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">Planned against actual</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">Figure</span>
                </th>
                <th scope="col" className="py-1 font-medium">
                  Planned
                </th>
                <th scope="col" className="py-1 font-medium">
                  Actual
                </th>
                <th scope="col" className="py-1 font-medium">
                  Compliance
                </th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              <tr className="border-t border-border">
                <th scope="row" className="py-1.5 text-left font-medium">
                  Duration
                </th>
                <td>
                  {matched.planned_duration_minutes === null
                    ? '—'
                    : formatDuration(matched.planned_duration_minutes * 60)}
                </td>
                <td>
                  {matched.actual_duration_seconds === null
                    ? '—'
                    : formatDuration(matched.actual_duration_seconds)}
                </td>
                <td>{percent(matched.compliance.duration_percent)}</td>
              </tr>
              <tr className="border-t border-border">
                <th scope="row" className="py-1.5 text-left font-medium">
                  TSS
                </th>
                <td>{matched.planned_tss === null ? '—' : Math.round(matched.planned_tss)}</td>
                <td>{matched.actual_tss === null ? '—' : Math.round(matched.actual_tss)}</td>
                <td>{percent(matched.compliance.tss_percent)}</td>
              </tr>
              <tr className="border-t border-border">
                <th scope="row" className="py-1.5 text-left font-medium">
                  Intensity (IF)
                </th>
                <td>{factor(matched.planned_intensity_factor)}</td>
                <td>{factor(matched.actual_intensity_factor)}</td>
                <td>{percent(matched.compliance.intensity_percent)}</td>
              </tr>
              {matched.compliance.zone_percent === null || matched.planned_zone === null ? null : (
                <tr className="border-t border-border">
                  <th scope="row" className="py-1.5 text-left font-medium">
                    Time in zone {matched.planned_zone} or below
                  </th>
                  <td>100%</td>
                  <td>{percent(matched.compliance.zone_percent)}</td>
                  <td>{percent(matched.compliance.zone_percent)}</td>
                </tr>
              )}
            </tbody>
          </table>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Not matched to a planned workout. It still counts as training.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {matched ? (
          <Button variant="outline" size="sm" disabled={match.isPending} onClick={unmatch}>
            <Unlink className="h-4 w-4" aria-hidden="true" />
            Unmatch
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => setChoosing(true)}>
          <Link2 className="h-4 w-4" aria-hidden="true" />
          {matched ? 'Match to another workout' : 'Match to a workout'}
        </Button>
      </div>
      <MatchDialog activity={activity} open={choosing} onOpenChange={setChoosing} />
    </div>
  );
}

function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value)}%`;
}

function factor(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}

function MatchDialog({
  activity,
  open,
  onOpenChange,
}: {
  activity: ActivityDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const day = parseISO(activity.local_date);
  const filter: WorkoutFilter = {
    date_from: iso(addDays(day, -MATCH_WINDOW_DAYS)),
    date_to: iso(addDays(day, MATCH_WINDOW_DAYS)),
    status: 'planned',
    limit: 50,
  };
  if ((SPORTS as readonly string[]).includes(activity.sport)) filter.sport = activity.sport as Sport;
  const workouts = useQuery({ ...workoutsQuery(filter), enabled: open });
  const match = useMatchActivity(activity.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const groupId = useId();
  const candidates = (workouts.data ?? []).filter((w) => w.id !== activity.workout_id);

  function submit() {
    if (!chosen) return;
    match.mutate(chosen, {
      onSuccess: () => {
        toast.success('Activity matched');
        onOpenChange(false);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet" width={32}>
        <DialogHeader
          title="Match to a planned workout"
          description={
            <>
              Planned workouts within {MATCH_WINDOW_DAYS} days of {formatDay(day, 'weekday')}.
            </>
          }
        />
        <div className="mt-4">
          {workouts.isPending ? (
            <p className="text-sm text-muted-foreground">Loading planned workouts…</p>
          ) : workouts.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {workouts.error.message}
            </p>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">No planned workout in these days.</p>
          ) : (
            <fieldset>
              <legend className="sr-only">Planned workouts</legend>
              <ul className="space-y-2">
                {candidates.map((w) => (
                  <li key={w.id}>
                    <label
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm',
                        chosen === w.id ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
                      )}
                    >
                      <input
                        type="radio"
                        name={groupId}
                        value={w.id}
                        checked={chosen === w.id}
                        onChange={() => setChosen(w.id)}
                        className="h-4 w-4 accent-[var(--primary)]"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium">{w.title}</span>
                        <span className="block text-muted-foreground">
                          {SPORT_LABELS[w.sport]} · {formatDay(w.workout_date, 'short')}
                          {w.duration_minutes ? ` · ${formatDuration(w.duration_minutes * 60)}` : ''}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
        <div className="mt-4 flex justify-end gap-2 pb-[env(safe-area-inset-bottom)]">
          <DialogClose className={buttonClasses('ghost', 'sm')}>Cancel</DialogClose>
          <Button size="sm" disabled={!chosen || match.isPending} onClick={submit}>
            {match.isPending ? 'Matching…' : 'Match'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

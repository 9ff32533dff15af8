// /activities/:id: one recorded activity (docs/activities.md, "Web"): summary, the GPS track, synchronised
// stream charts, training values with their method, the matched workout, time in zones, the analysis (kJ, W/kg,
// VI, EF, decoupling), curves beside the athlete's bests, intervals, and laps; edit the name
// and the sport (a new sport is scored again by the server), and delete (after a confirm).
import { ACTIVITY_EDIT_SPORTS, type ActivityDetail, type ActivityEditSport } from '@stamina/contract';
import { parseISO } from 'date-fns';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useActivityAnalysis } from '../../api/activities/activity-analysis.ts';
import { useActivity } from '../../api/activities/activity-detail.ts';
import { useActivityStreams } from '../../api/activities/activity-streams.ts';
import { useDeleteActivity, useUpdateActivity } from '../../api/activities/mutations.ts';
import { ACTIVITY_SPORT_LABELS, formatDistance } from '../../components/activities/format.ts';
import { ActivitySportIcon } from '../../components/activities/sport-icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { PageError } from '../../components/ui/page-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { ActivityFeeling } from './components/activity-feeling.tsx';
import { ActivityMap } from './components/activity-map.tsx';
import { ActivitySummaryList } from './components/activity-summary.tsx';
import { ActivityCurves, AnalysisFigures } from './components/analysis-panel.tsx';
import { IntervalsTable } from './components/intervals-table.tsx';
import { LapsTable } from './components/laps-table.tsx';
import { MatchedWorkout } from './components/matched-workout.tsx';
import { StreamCharts } from './components/stream-charts.tsx';
import { TrainingValues } from './components/training-values.tsx';
import { hasZones, ZonesPanel } from './components/zones-panel.tsx';
import { trackPoints } from './stream-model.ts';

export function ActivityDetailPage() {
  const { id = '' } = useParams();
  const activity = useActivity(id);

  if (activity.isError) {
    const notFound = activity.error && 'status' in activity.error && activity.error.status === 404;
    return (
      <div>
        <BackLink />
        <PageError
          headingLevel={1}
          title={notFound ? 'Activity not found' : 'Unable to load activity'}
          message={notFound ? 'It may have been deleted.' : activity.error.message}
          retry={notFound ? undefined : activity}
        />
      </div>
    );
  }
  if (activity.isPending) {
    return (
      <div className="flex min-h-60 items-center justify-center text-muted-foreground">
        <Spinner label="Loading activity" className="h-6 w-6" />
      </div>
    );
  }
  return <ActivityView activity={activity.data} />;
}

function BackLink() {
  return (
    <Link
      to="/activities"
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All activities
    </Link>
  );
}

function ActivityView({ activity }: { activity: ActivityDetail }) {
  const units = useUnits();
  const streams = useActivityStreams(activity.id, activity.stream_types.length > 0);
  const analysis = useActivityAnalysis(activity.id, activity.stream_types.length > 0);
  const points = useMemo(() => (streams.data ? trackPoints(streams.data) : []), [streams.data]);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const started = parseISO(activity.start_time);
  const mapLabel = `Route of ${activity.name}${
    activity.distance_m ? `, ${formatDistance(activity.distance_m, units, activity.sport)}` : ''
  }`;

  return (
    <div>
      <BackLink />
      {editing ? (
        <EditForm activity={activity} onDone={() => setEditing(false)} />
      ) : (
        <PageHeader
          title={activity.name}
          description={
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ActivitySportIcon sport={activity.sport} className="h-4 w-4" />
              <span>{ACTIVITY_SPORT_LABELS[activity.sport]}</span>
              {/* On a phone the date takes its own line: a dot there would end the first one. */}
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <time dateTime={activity.start_time}>{formatDateTime(started)}</time>
            </span>
          }
          actions={
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive!"
                onClick={() => setDeleting(true)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete
              </Button>
            </div>
          }
        />
      )}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Section title="Summary">
          <ActivitySummaryList activity={activity} units={units} />
        </Section>
        {activity.has_gps ? (
          <Section title="Map">
            {streams.isPending ? (
              <Spinner label="Loading the track" className="h-6 w-6" />
            ) : streams.isError ? (
              <p className="text-sm text-destructive">{streams.error.message}</p>
            ) : (
              <ActivityMap points={points} label={mapLabel} />
            )}
          </Section>
        ) : null}
        {activity.stream_types.length > 0 ? (
          <Section title="Charts" className="lg:col-span-2">
            {streams.isPending ? (
              <Spinner label="Loading the charts" className="h-6 w-6" />
            ) : streams.isError ? (
              <div role="alert" className="flex items-center gap-3 text-sm">
                <span className="text-destructive">{streams.error.message}</span>
                <Button variant="outline" size="sm" onClick={() => streams.refetch()}>
                  Try Again
                </Button>
              </div>
            ) : (
              <StreamCharts streams={streams.data} sport={activity.sport} units={units} />
            )}
          </Section>
        ) : null}
        <Section title="Training values">
          <TrainingValues activity={activity} />
        </Section>
        <Section title="Planned workout">
          <MatchedWorkout activity={activity} />
        </Section>
        <Section title="How it felt">
          <ActivityFeeling key={`${activity.rpe}|${activity.note}`} activity={activity} />
        </Section>
        {hasZones(activity.zone_seconds) ? (
          <Section title="Time in zones" className="lg:col-span-2">
            <ZonesPanel zones={activity.zone_seconds} />
          </Section>
        ) : null}
        {analysis.data ? (
          <>
            <Section title="Analysis" className="lg:col-span-2">
              <AnalysisFigures analysis={analysis.data} />
            </Section>
            <Section title="Curves" className="lg:col-span-2">
              <ActivityCurves analysis={analysis.data} sport={activity.sport} units={units} />
            </Section>
            <Section title="Intervals" className="lg:col-span-2">
              <IntervalsTable analysis={analysis.data} sport={activity.sport} units={units} />
            </Section>
          </>
        ) : analysis.isError ? (
          <Section title="Analysis" className="lg:col-span-2">
            <p className="text-sm text-destructive">{analysis.error.message}</p>
          </Section>
        ) : null}
        {activity.laps.length > 0 ? (
          <Section title="Laps" className="lg:col-span-2">
            <LapsTable laps={activity.laps} sport={activity.sport} units={units} />
          </Section>
        ) : null}
      </div>
      <DeleteDialog activity={activity} open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className={cn('min-w-0 p-4 sm:p-5', className)}>
      <section aria-labelledby={id} className="space-y-3">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

const isEditSport = (sport: string): sport is ActivityEditSport =>
  (ACTIVITY_EDIT_SPORTS as readonly string[]).includes(sport);

/**
 * The name and the sport, saved in one PUT with only what changed. A new sport is scored again by the server
 * (training values, zones, load, the planned-workout match); the page then shows the detail it answers.
 */
function EditForm({ activity, onDone }: { activity: ActivityDetail; onDone: () => void }) {
  const [name, setName] = useState(activity.name);
  const [sport, setSport] = useState<string>(activity.sport);
  const update = useUpdateActivity(activity.id);
  const nameId = useId();
  const sportId = useId();
  const hintId = useId();
  const trimmed = name.trim();
  const sportChanged = sport !== activity.sport && isEditSport(sport);
  const nameChanged = trimmed !== activity.name;
  return (
    <form
      className="mb-6 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        if (!nameChanged && !sportChanged) {
          onDone();
          return;
        }
        update.mutate(
          { ...(nameChanged ? { name: trimmed } : {}), ...(sportChanged ? { sport } : {}) },
          {
            onSuccess: () => {
              toast.success(
                sportChanged ? 'Sport changed: training values recalculated' : 'Activity renamed',
              );
              onDone();
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        );
      }}
    >
      <h1 className="sr-only">{activity.name}</h1>
      {/* On a phone the name takes its own row; from sm up it shares the row with the sport and the buttons. */}
      <div className="min-w-0 flex-1 basis-full space-y-1.5 sm:basis-0">
        <label htmlFor={nameId} className="block text-sm font-medium">
          Activity name
        </label>
        <input
          id={nameId}
          value={name}
          maxLength={200}
          // biome-ignore lint/a11y/noAutofocus: the athlete just asked to edit; the name is what they want first.
          autoFocus
          onChange={(event) => setName(event.target.value)}
          className="block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={sportId} className="block text-sm font-medium">
          Sport
        </label>
        <select
          id={sportId}
          value={sport}
          aria-describedby={hintId}
          onChange={(event) => setSport(event.target.value)}
          className="block h-11 rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {isEditSport(activity.sport) ? null : (
            // A multisport recording's sport is shown but cannot be chosen.
            <option value={activity.sport} disabled>
              {ACTIVITY_SPORT_LABELS[activity.sport]}
            </option>
          )}
          {ACTIVITY_EDIT_SPORTS.map((value) => (
            <option key={value} value={value}>
              {ACTIVITY_SPORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={!trimmed || update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      <p id={hintId} className="basis-full text-sm text-muted-foreground">
        {sportChanged
          ? 'Saving scores the recording again as this sport: training values, zones, training load and the planned workout it completes.'
          : 'A new sport scores the recording again: training values, zones, training load and the planned workout it completes.'}
      </p>
    </form>
  );
}

function DeleteDialog({
  activity,
  open,
  onOpenChange,
}: {
  activity: ActivityDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteActivity(activity.id);
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="alert">
        <DialogTitle className="text-lg font-semibold">Delete activity?</DialogTitle>
        <DialogDescription className="mt-2">
          <strong className="text-foreground">{activity.name}</strong> and its recording will be deleted, and
          your training load recalculated.{' '}
          {activity.matched_workout ? 'Its planned workout goes back to planned. ' : ''}
          This cannot be undone.
        </DialogDescription>
        <div className="mt-5 flex justify-end gap-2">
          <DialogClose className={buttonClasses('ghost', 'sm')}>Cancel</DialogClose>
          <Button
            variant="destructive"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success('Activity deleted');
                  onOpenChange(false);
                  navigate('/activities', { replace: true });
                },
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {remove.isPending ? 'Deleting…' : 'Delete activity'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

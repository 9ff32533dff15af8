// The workout detail dialog (docs/screens.md, "Workout editor and dialogs"): what the workout is, its intensity chart,
// and the actions on it: Mark Done (asking, optionally, what was actually done), Edit, Reschedule (a date picker
// inside the dialog), Save as template (docs/workout-bank.md) and Delete (after a confirm), and downloads of its
// file formats.
import {
  WORKOUT_FILE_FORMAT_NAMES,
  WORKOUT_FILE_FORMATS,
  WORKOUT_FILE_SPORTS,
  type Workout,
  type WorkoutFileFormat,
} from '@stamina/contract';
import { type Interval, isZone, withImperialFigures, ZONES } from '@stamina/core';
import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  BookmarkPlus,
  CalendarClock,
  Check,
  Clock,
  Download,
  Gauge,
  NotebookPen,
  Pencil,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { athleteProfileQuery } from '../../api/dashboard/athlete-profile.ts';
import {
  downloadWorkoutFile,
  useLogWorkout,
  useMarkWorkoutDone,
  useRemoveWorkout,
  useRescheduleWorkout,
} from '../../api/workouts/mutations.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { SportIcon } from '../sport-icon.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { MonthCalendar } from '../ui/month-calendar.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { OwnTemplateDialog, ownTemplateValues } from '../workout-bank/own-template-dialog.tsx';
import { AdaptedNote } from './adapted-note.tsx';
import { formatDuration, SPORT_LABELS } from './format.ts';
import { type LoggedSession, LogSessionForm } from './log-session-form.tsx';
import { LoggedFigures } from './logged-figures.tsx';
import { CompletedMark, ZoneBadge } from './workout-badges.tsx';

// The chart brings Recharts; load it only when a workout with intervals is opened.
const IntensityChart = lazy(() =>
  import('./intensity-chart.tsx').then((m) => ({ default: m.IntensityChart })),
);

export interface WorkoutDetailDialogProps {
  workout: Workout | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit: (workout: Workout) => void;
  /** The recorded activity that completed the workout (the calendar's `activity_id`), linked from the dialog. */
  activityId?: string | null;
  /** Open on "How did it go?" with these figures filled in (the guided session's Finish); null: the actions. */
  logDraft?: Partial<LoggedSession> | null;
}

type Step = 'actions' | 'log' | 'reschedule' | 'confirm-delete';

function intervalsOf(workout: Workout): Interval[] {
  const structure = workout.workout_structure;
  if (!structure) return [];
  return [
    ...structure.warmup_intervals,
    ...structure.main_intervals,
    ...structure.cooldown_intervals,
  ] as Interval[];
}

/** The logged values that were entered (not null). */
function entered(logged: LoggedSession): Partial<LoggedSession> {
  return Object.fromEntries(Object.entries(logged).filter(([, v]) => v !== null));
}

function notesOf(workout: Workout): string | null {
  const notes = workout.workout_data?.notes;
  return typeof notes === 'string' && notes.trim() !== '' ? notes : null;
}

export function WorkoutDetailDialog({
  workout,
  open,
  onOpenChange,
  onEdit,
  activityId = null,
  logDraft = null,
}: WorkoutDetailDialogProps) {
  const markDone = useMarkWorkoutDone();
  const logWorkout = useLogWorkout();
  const units = useUnits();
  const reschedule = useRescheduleWorkout();
  const remove = useRemoveWorkout();
  const [step, setStep] = useState<{ id: string | null; step: Step }>({ id: null, step: 'actions' });
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [savingTemplate, setSavingTemplate] = useState(false);

  // Each workout, and each opening, starts at the action buttons: the step is forgotten when the dialog closes,
  // or reopening the same workout (after a reschedule, say) would show the date grid instead of its actions.
  const opening: Step = logDraft && workout?.status !== 'completed' ? 'log' : 'actions';
  const currentStep: Step = open && workout && step.id === workout.id ? step.step : opening;
  const goTo = (next: Step) => setStep({ id: workout?.id ?? null, step: next });
  useEffect(() => {
    if (!open) setStep({ id: null, step: 'actions' });
  }, [open]);
  const workoutId = workout?.id ?? null;
  useEffect(() => {
    if (open && workoutId && logDraft) setStep({ id: workoutId, step: 'log' });
  }, [open, workoutId, logDraft]);

  // The tracked metrics decide what "How did it go?" asks; read once the athlete gets there.
  const profile = useQuery({ ...athleteProfileQuery(), enabled: currentStep === 'log' });

  useEffect(() => {
    if (currentStep === 'confirm-delete') confirmRef.current?.focus();
  }, [currentStep]);

  // Show the saved state at once after Mark Done, before the list it came from refetches.
  const saved = [logWorkout.data, markDone.data].find(
    (w) => w && w.id === workout?.id && w.updated_at >= workout.updated_at,
  );
  const shown = saved ?? workout;
  const completed = shown?.status === 'completed';
  const zone = shown && isZone(shown.intensity_zone) ? ZONES[shown.intensity_zone - 1] : undefined;
  const intervals = shown ? intervalsOf(shown) : [];
  const notes = shown ? notesOf(shown) : null;

  function close() {
    onOpenChange(false);
  }

  return (
    <Dialog open={open && shown !== null} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet" width={40} padding="p-5 pb-0 sm:pb-5">
        {shown ? (
          <>
            <div className="flex items-start gap-3">
              <span
                className={cn(
                  'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl',
                  completed ? 'bg-success/15 text-success' : 'bg-accent text-accent-foreground',
                )}
              >
                <SportIcon sport={shown.sport} className="h-5 w-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-muted-foreground">{SPORT_LABELS[shown.sport]}</p>
                <DialogTitle className="text-xl font-semibold leading-tight break-words">
                  {shown.title}
                </DialogTitle>
              </div>
              <DialogCloseButton className="-mt-1 -mr-2" />
            </div>
            <DialogDescription className="mt-2">
              {formatDay(shown.workout_date, 'weekday-year')}
            </DialogDescription>
            <AdaptedNote workout={shown} />

            {completed ? (
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm font-medium">
                <span className="flex items-center gap-2 text-success">
                  <CompletedMark />
                  <span aria-hidden="true">Completed</span>
                </span>
                <LoggedFigures workout={shown} units={units} />
                {activityId ? (
                  <Link
                    to={`/activities/${activityId}`}
                    onClick={() => onOpenChange(false)}
                    className="ml-auto inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                  >
                    <Activity className="h-4 w-4" aria-hidden="true" />
                    View activity
                  </Link>
                ) : null}
              </div>
            ) : null}

            {completed && shown.note ? (
              <section className="mt-3">
                <h3 className="text-sm font-semibold">How it went</h3>
                <p className="mt-1 whitespace-pre-wrap text-sm text-muted-foreground">{shown.note}</p>
              </section>
            ) : null}

            {/* dt and dd are each group's direct children (a dl allows nothing else around them), so the
                  icons sit inside the terms, positioned beside both lines. */}
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              <div className="relative rounded-lg border border-border p-3 pl-9">
                <dt className="text-xs text-muted-foreground">
                  <Clock className="absolute top-3.5 left-3 h-4 w-4" aria-hidden="true" />
                  Duration
                </dt>
                <dd className="font-medium">
                  {shown.duration_minutes ? formatDuration(shown.duration_minutes * 60) : 'No duration'}
                </dd>
              </div>
              <div className="relative rounded-lg border border-border p-3 pl-9">
                <dt className="text-xs text-muted-foreground">
                  <Gauge className="absolute top-3.5 left-3 h-4 w-4" aria-hidden="true" />
                  Intensity zone
                </dt>
                <dd className="font-medium">
                  {zone ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <ZoneBadge zone={zone.zone} />
                      <span>{zone.name}</span>
                    </span>
                  ) : (
                    'No zone set'
                  )}
                </dd>
                {zone ? <dd className="text-sm text-muted-foreground">{zone.label}</dd> : null}
              </div>
            </dl>

            {notes ? (
              <section className="mt-4">
                <h3 className="text-sm font-semibold">Notes</h3>
                <p className="mt-1 whitespace-pre-wrap text-sm text-muted-foreground">{notes}</p>
              </section>
            ) : null}

            {shown.workout_language_text ? (
              <section className="mt-4">
                <h3 className="text-sm font-semibold">Workout</h3>
                <p className="mt-1 whitespace-pre-wrap rounded-lg bg-muted px-3 py-2 text-sm">
                  {/* As written (the parser reads it), with miles beside km for imperial (docs/units.md). */}
                  {withImperialFigures(shown.workout_language_text, units)}
                </p>
              </section>
            ) : null}

            {intervals.length > 0 ? (
              <section className="mt-4">
                <h3 className="mb-2 text-sm font-semibold">Intensity profile</h3>
                <Suspense fallback={<div className="h-56 animate-pulse rounded-xl bg-muted sm:h-64" />}>
                  <IntensityChart intervals={intervals} sport={shown.sport} />
                </Suspense>
                <WorkoutDownloads workout={shown} />
              </section>
            ) : null}

            {/* The actions stay in reach at the foot of the sheet while the details scroll. */}
            <div className="sticky bottom-0 -mx-5 mt-5 border-t border-border bg-background px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:static sm:mx-0 sm:px-0 sm:pb-0">
              {currentStep === 'log' ? (
                <LogSessionForm
                  initial={logDraft ? { ...shown, ...logDraft } : shown}
                  plannedMinutes={shown.duration_minutes}
                  askRpe={profile.data?.tracked_metrics?.rpe ?? true}
                  units={units}
                  submitLabel={completed ? 'Save' : 'Mark Done'}
                  pending={markDone.isPending || logWorkout.isPending}
                  onCancel={() => goTo('actions')}
                  onSubmit={(logged) => {
                    const done = { onSuccess: () => goTo('actions') };
                    // Marking done sends only what was entered; a later log also clears what was emptied.
                    if (completed) logWorkout.mutate({ workout: shown, logged }, done);
                    else markDone.mutate({ workout: shown, logged: entered(logged) }, done);
                  }}
                />
              ) : currentStep === 'reschedule' ? (
                <div className="flex flex-col items-center gap-3">
                  <p className="self-start text-sm font-medium">Move to…</p>
                  <MonthCalendar
                    label={`Choose a new date for ${shown.title}`}
                    selected={shown.workout_date}
                    autoFocus
                    onSelect={(date) => {
                      if (date !== shown.workout_date) reschedule.mutate({ workout: shown, date });
                      close();
                    }}
                  />
                  <Button variant="ghost" size="sm" className="self-end" onClick={() => goTo('actions')}>
                    Cancel
                  </Button>
                </div>
              ) : currentStep === 'confirm-delete' ? (
                <div className="space-y-3">
                  <p className="text-sm">
                    Delete <strong>{shown.title}</strong>? This cannot be undone.
                  </p>
                  <div className="flex justify-end gap-2">
                    <Button variant="ghost" size="sm" onClick={() => goTo('actions')}>
                      Cancel
                    </Button>
                    <Button
                      ref={confirmRef}
                      variant="destructive"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(shown, { onSuccess: close })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      {remove.isPending ? 'Deleting...' : 'Delete workout'}
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
                  {completed ? (
                    activityId ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        className="col-span-2 sm:order-last"
                        onClick={() => goTo('log')}
                      >
                        <NotebookPen className="h-4 w-4" aria-hidden="true" />
                        Log how it went
                      </Button>
                    )
                  ) : (
                    <Button
                      size="sm"
                      className="col-span-2 sm:order-last"
                      disabled={markDone.isPending}
                      onClick={() => goTo('log')}
                    >
                      <Check className="h-4 w-4" aria-hidden="true" />
                      Mark Done
                    </Button>
                  )}
                  <Button variant="outline" size="sm" onClick={() => onEdit(shown)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => goTo('reschedule')}>
                    <CalendarClock className="h-4 w-4" aria-hidden="true" />
                    Reschedule
                  </Button>
                  {shown.workout_language_text ? (
                    <Button variant="outline" size="sm" onClick={() => setSavingTemplate(true)}>
                      <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
                      Save as template
                    </Button>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    className={cn(
                      'text-destructive! sm:col-span-1',
                      !shown.workout_language_text && 'col-span-2',
                    )}
                    onClick={() => goTo('confirm-delete')}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              )}
            </div>
          </>
        ) : null}
      </DialogContent>
      {savingTemplate && shown?.workout_language_text ? (
        <OwnTemplateDialog
          open
          onOpenChange={setSavingTemplate}
          initial={ownTemplateValues({
            kind: 'workout',
            title: shown.title,
            sport: shown.sport,
            text: shown.workout_language_text,
          })}
        />
      ) : null}
    </Dialog>
  );
}

/** Buttons to download the workout as each file format its sport allows. */
function WorkoutDownloads({ workout }: { workout: Workout }) {
  const [busy, setBusy] = useState<WorkoutFileFormat | null>(null);
  const formats = WORKOUT_FILE_FORMATS.filter((f) => WORKOUT_FILE_SPORTS[f].includes(workout.sport));

  async function download(fileFormat: WorkoutFileFormat) {
    setBusy(fileFormat);
    try {
      const fileName = await downloadWorkoutFile(workout.id, fileFormat);
      toast.success(`Downloaded ${fileName}`);
    } catch (err) {
      toast.error('Download failed', { description: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="mt-3">
      <legend className="sr-only">Download workout file</legend>
      <div className="flex flex-wrap items-center gap-2">
        <span
          aria-hidden="true"
          className="mr-1 flex items-center gap-1.5 text-xs font-medium text-muted-foreground"
        >
          <Download className="h-3.5 w-3.5" aria-hidden="true" />
          Download
        </span>
        {formats.map((fileFormat) => (
          <Button
            key={fileFormat}
            variant="outline"
            size="sm"
            disabled={busy !== null}
            aria-label={`Download as ${WORKOUT_FILE_FORMAT_NAMES[fileFormat]}`}
            onClick={() => void download(fileFormat)}
          >
            {busy === fileFormat ? <Spinner label="Downloading" className="h-3.5 w-3.5" /> : null}.
            {fileFormat}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

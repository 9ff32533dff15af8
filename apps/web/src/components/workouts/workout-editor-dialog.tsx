// The workout editor (docs/screens.md, "Workout editor and dialogs"): the athlete describes a session in plain
// language, sees it parsed live (debounced 1 s) into an intensity profile, and creates or updates the workout.
import type { Workout } from '@stamina/contract';
import { addDays, SPORTS, type Sport, ZONES } from '@stamina/core';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { workoutsQuery } from '../../api/workouts/list-workouts.ts';
import { useCreateWorkout, useUpdateWorkout } from '../../api/workouts/mutations.ts';
import { cn } from '../../lib/cn.ts';
import { formatDay, todayIso } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { SportIcon } from '../sport-icon.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ConfidenceBadge } from './confidence-badge.tsx';
import { formatDuration, SPORT_LABELS } from './format.ts';
import { ParsedSteps } from './parsed-steps.tsx';
import { ParsingTips } from './parsing-tips.tsx';
import { useParsePreview } from './use-parse-preview.ts';
import { WarningHighlights } from './warning-highlights.tsx';
import { WORKOUT_EXAMPLES } from './workout-examples.ts';
import {
  AUTO_SCHEDULE_DAYS,
  buildCreateRequest,
  buildUpdateRequest,
  canSave,
  defaultTitle,
  firstFreeDate,
  valuesFromWorkout,
  type WorkoutFormValues,
} from './workout-form.ts';
import { ZoneDistributionPanel } from './zone-distribution-panel.tsx';

// Recharts is the heaviest part of the editor; it loads only when a preview is drawn.
const IntensityChart = lazy(() =>
  import('./intensity-chart.tsx').then((m) => ({ default: m.IntensityChart })),
);

/**
 * The text is re-parsed this long after the text or sport stops changing (docs/screens.md, "Workout editor and
 * dialogs").
 */
const TEXT_MAX_LENGTH = 10_000;

export interface WorkoutEditorDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  mode: 'create' | 'edit';
  workout?: Workout;
  /** yyyy-MM-dd */
  initialDate?: string;
  initialSport?: Sport;
  initialText?: string;
  onSaved?(workout: Workout): void;
}

function prettyDate(date: string): string {
  return formatDay(date, 'weekday');
}

export function WorkoutEditorDialog(props: WorkoutEditorDialogProps) {
  const { open, onOpenChange, mode } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="screen" width={64} padding="" className="flex flex-col" initialFocus="dialog">
        {/* Content unmounts when closed, so every opening starts from the props again. */}
        <EditorForm {...props} key={`${mode}-${props.workout?.id ?? ''}`} />
      </DialogContent>
    </Dialog>
  );
}

function initialValues(props: WorkoutEditorDialogProps): WorkoutFormValues {
  if (props.mode === 'edit' && props.workout) return valuesFromWorkout(props.workout);
  return {
    title: '',
    date: props.initialDate ?? todayIso(),
    sport: props.initialSport ?? 'run',
    durationMinutes: '',
    zone: '',
    text: props.initialText ?? '',
  };
}

/** A successful parse and the exact text it read (warning positions refer to that text). */
function EditorForm(props: WorkoutEditorDialogProps) {
  const { mode, workout, onOpenChange, onSaved } = props;
  const isEdit = mode === 'edit' && workout !== undefined;
  const [values, setValues] = useState<WorkoutFormValues>(() => initialValues(props));
  const [autoSchedule, setAutoSchedule] = useState(false);
  const [showPreview, setShowPreview] = useState(true);
  const [saving, setSaving] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const queryClient = useQueryClient();
  const createWorkout = useCreateWorkout();
  const updateWorkout = useUpdateWorkout();
  const ids = {
    sport: useId(),
    zone: useId(),
    text: useId(),
    tips: useId(),
    preview: useId(),
    status: useId(),
  };

  const sport: Sport = values.sport || 'run';
  const set = <K extends keyof WorkoutFormValues>(key: K, value: WorkoutFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const { view, parseError, parsing, parsedSport } = useParsePreview(
    values.text,
    sport,
    (result, parsedSport) =>
      // A successful parse fills the duration (minutes, rounded up) and the title when they are empty.
      setValues((current) => {
        const minutes = Math.ceil(result.total_duration_estimated / 60);
        const fillDuration = current.durationMinutes.trim() === '' && minutes > 0;
        const fillTitle = current.title.trim() === '';
        if (!fillDuration && !fillTitle) return current;
        return {
          ...current,
          durationMinutes: fillDuration ? String(minutes) : current.durationMinutes,
          title: fillTitle ? defaultTitle(parsedSport) : current.title,
        };
      }),
    values.date,
  );
  const pending = saving || createWorkout.isPending || updateWorkout.isPending;
  const saveEnabled = canSave(values, pending);

  /**
   * Auto-schedule: when the chosen day already has a workout, the new one goes to the next free day.
   * The planning API has no such option, so the editor asks for the workouts of the chosen day and the
   * 13 days after it (GET /workout-planning/workouts?date_from=D&date_to=D+13) and picks the first day
   * without one; when all 14 are taken it keeps the chosen day.
   */
  async function scheduledDate(date: string): Promise<string> {
    const to = addDays(date, AUTO_SCHEDULE_DAYS - 1);
    const existing = await queryClient.fetchQuery(
      workoutsQuery({ date_from: date, date_to: to, limit: 100 }),
    );
    return firstFreeDate(
      date,
      existing.map((w) => w.workout_date.slice(0, 10)),
    );
  }

  async function save() {
    if (!saveEnabled || !values.sport) return;
    const form = { ...values, sport: values.sport };
    setSaving(true);
    try {
      let saved: Workout;
      if (isEdit) {
        saved = await updateWorkout.mutateAsync({ id: workout.id, changes: buildUpdateRequest(form) });
      } else {
        const date = autoSchedule ? await scheduledDate(form.date) : form.date;
        saved = await createWorkout.mutateAsync(buildCreateRequest({ ...form, date }));
        if (date !== form.date) {
          toast.info(`Scheduled for ${prettyDate(date)}`, {
            description: `${prettyDate(form.date)} already had a workout.`,
          });
        }
      }
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      // A failed save is toasted (docs/screens.md, 'Workout editor and dialogs'): the athlete must know.
      console.error('Failed to save workout', err);
      toast.error('Failed to save workout', {
        description: err instanceof Error && err.message ? err.message : 'Please try again.',
      });
    } finally {
      setSaving(false);
    }
  }

  function applyExample(text: string) {
    set('text', text);
    textareaRef.current?.focus();
  }

  const result = view?.result ?? null;
  const title = isEdit ? 'Edit Workout' : 'Create Workout';

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <header className="flex items-start gap-3 border-b border-border px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-3 sm:px-6 sm:pt-5">
        <div className="min-w-0 flex-1">
          <DialogTitle className="text-lg font-semibold tracking-tight sm:text-xl">{title}</DialogTitle>
          <DialogDescription>
            Describe the session in your own words; Stamina turns it into intervals and zones.
          </DialogDescription>
        </div>
        <DialogCloseButton />
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
          {/* Details and description: first on phones, top-left on desktop. */}
          <div className="space-y-4 lg:col-start-1 lg:row-start-1">
            <Field
              label="Title"
              value={values.title}
              maxLength={200}
              placeholder={defaultTitle(sport)}
              onChange={(e) => set('title', e.target.value)}
            />
            <div className="grid grid-cols-2 gap-3">
              <Field
                label="Date"
                type="date"
                required
                value={values.date}
                onChange={(e) => set('date', e.target.value)}
              />
              <Field
                label="Duration (min)"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={values.durationMinutes}
                onChange={(e) => set('durationMinutes', e.target.value)}
              />
            </div>
            <fieldset>
              <legend id={ids.sport} className="mb-1.5 block text-sm font-medium">
                Sport
              </legend>
              <div
                role="radiogroup"
                aria-labelledby={ids.sport}
                className="grid grid-cols-3 gap-2 sm:grid-cols-5"
              >
                {SPORTS.map((option) => (
                  <label
                    key={option}
                    className={cn(
                      'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border px-2 py-2 text-xs font-medium sm:flex-row sm:text-sm',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      values.sport === option
                        ? 'border-primary bg-accent text-accent-foreground'
                        : 'border-input hover:bg-muted',
                    )}
                  >
                    <input
                      type="radio"
                      name="sport"
                      value={option}
                      checked={values.sport === option}
                      onChange={() => set('sport', option)}
                      className="sr-only"
                    />
                    <SportIcon sport={option} className="h-4 w-4" />
                    {SPORT_LABELS[option]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="space-y-1.5">
              <label htmlFor={ids.zone} className="block text-sm font-medium">
                Primary zone
              </label>
              <select
                id={ids.zone}
                value={values.zone}
                onChange={(e) => set('zone', e.target.value)}
                className="block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <option value="">Not set</option>
                {ZONES.map((z) => (
                  <option key={z.zone} value={String(z.zone)}>
                    Zone {z.zone} · {z.name} ({z.band})
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={ids.text} className="block text-sm font-medium">
                  Workout description
                </label>
                <span id={ids.status} className="text-xs text-muted-foreground" aria-live="polite">
                  {parsing
                    ? 'Parsing...'
                    : result
                      ? `Estimated ${formatDuration(result.total_duration_estimated)}`
                      : ''}
                </span>
              </div>
              <textarea
                id={ids.text}
                ref={textareaRef}
                value={values.text}
                maxLength={TEXT_MAX_LENGTH}
                rows={5}
                aria-describedby={`${ids.tips} ${ids.status}`}
                placeholder={WORKOUT_EXAMPLES.run[0]!.text}
                onChange={(e) => set('text', e.target.value)}
                className="block min-h-32 w-full resize-y rounded-lg border border-input bg-background px-3 py-2.5 font-mono text-sm leading-relaxed text-foreground placeholder:font-sans placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
              {parseError ? <Alert variant="destructive">{parseError}</Alert> : null}
              {view && view.result.warnings.length > 0 ? (
                <WarningHighlights text={view.text} warnings={view.result.warnings} />
              ) : null}
            </div>
          </div>

          {/* The preview: after the description on phones, the right column on desktop. */}
          <section
            aria-label="Preview"
            className="space-y-4 self-start rounded-xl border border-border bg-card p-4 lg:sticky lg:top-0 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="mr-auto text-sm font-semibold">Intensity Profile</h3>
              {parsing ? <Spinner label="Parsing workout" className="h-4 w-4 text-muted-foreground" /> : null}
              {result ? <ConfidenceBadge confidence={result.parsing_confidence} /> : null}
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={showPreview}
                aria-controls={ids.preview}
                onClick={() => setShowPreview((shown) => !shown)}
              >
                {showPreview ? (
                  <ChevronUp className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <ChevronDown className="h-4 w-4" aria-hidden="true" />
                )}
                {showPreview ? 'Hide preview' : 'Show preview'}
              </Button>
            </div>
            {showPreview ? (
              <div id={ids.preview} className="space-y-5">
                {result ? (
                  <p className="text-sm text-muted-foreground">
                    {formatDuration(result.total_duration_estimated)} · {result.intervals.length}{' '}
                    {result.intervals.length === 1 ? 'step' : 'steps'}
                  </p>
                ) : null}
                <Suspense fallback={<div className="h-56 animate-pulse rounded-xl bg-muted sm:h-64" />}>
                  <IntensityChart intervals={result?.intervals ?? []} sport={parsedSport} />
                </Suspense>
                {result ? <ZoneDistributionPanel distribution={result.zone_distribution} /> : null}
                {result ? <ParsedSteps intervals={result.intervals} /> : null}
              </div>
            ) : null}
          </section>

          {/* Examples, tips and scheduling: last on phones, under the description on desktop. */}
          <div className="space-y-4 lg:col-start-1 lg:row-start-2">
            <div>
              <h3 className="text-sm font-medium">Quick examples</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {WORKOUT_EXAMPLES[sport].map((example) => (
                  <li key={example.label}>
                    <button
                      type="button"
                      title={example.text}
                      onClick={() => applyExample(example.text)}
                      className="rounded-full border border-border bg-muted/60 px-3 py-1.5 text-xs font-medium hover:border-primary hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {example.label}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
            <ParsingTips id={ids.tips} />
            {isEdit ? null : (
              <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 text-sm">
                <input
                  type="checkbox"
                  checked={autoSchedule}
                  onChange={(e) => setAutoSchedule(e.target.checked)}
                  className="mt-0.5 h-4 w-4 accent-[var(--primary)]"
                />
                <span>
                  <span className="block font-medium">Auto-schedule</span>
                  <span className="block text-xs text-muted-foreground">
                    If this day already has a workout, put this one on the next free day.
                  </span>
                </span>
              </label>
            )}
          </div>
        </div>
      </div>

      <footer className="flex justify-end gap-2 border-t border-border px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={!saveEnabled} className="min-w-28">
          {pending ? <Spinner label="Saving" className="h-4 w-4" /> : null}
          {pending ? 'Saving...' : isEdit ? 'Update' : 'Create'}
        </Button>
      </footer>
    </form>
  );
}

// The add-workout dialog (docs/screens.md, "Workout editor and dialogs"): create a custom workout, browse the
// Workout Bank's templates (a picker that adds the chosen one on this day), import a workout file, or add one of
// four ready-made sessions at once. Quick Add creates real, structured workouts through the API.
import { WORKOUT_IMPORT_FORMATS, type Workout } from '@stamina/contract';
import type { Sport } from '@stamina/core';
import { isToday, parseISO } from 'date-fns';
import { LayoutTemplate, PencilLine, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useCreateWorkout, useImportWorkoutFile } from '../../api/workouts/mutations.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatDay, todayIso } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { SportIcon } from '../sport-icon.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';

// The picker brings the whole Workout Bank browser: load it when Browse Templates is chosen.
const TemplatePickerDialog = lazy(() =>
  import('../workout-bank/template-picker-dialog.tsx').then((m) => ({ default: m.TemplatePickerDialog })),
);

export interface AddWorkoutDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** yyyy-MM-dd; null means today. */
  date: string | null;
  onCreateCustom(date: string): void;
  onCreated?(workout: Workout): void;
}

export interface QuickAddPreset {
  title: string;
  sport: Sport;
  summary: string;
  text: string;
}

/** Texts the parser reads fully, so every Quick Add workout arrives with its intervals and zones. */
const QUICK_ADD_PRESETS: readonly QuickAddPreset[] = [
  {
    title: 'Easy Run',
    sport: 'run',
    summary: '45 min · mostly Zone 2',
    text: 'Warmup: 10min Z1\nMain: 30min Z2\nCooldown: 5min Z1',
  },
  {
    title: 'Bike Intervals',
    sport: 'bike',
    summary: '4 × 5 min at threshold',
    text: 'Warmup: 15min Z2\nMain: 4x 5min Z4 with 3min recovery\nCooldown: 10min Z1',
  },
  {
    title: 'Swim Workout',
    sport: 'swim',
    summary: '1,300 m · 8 × 100 m hard',
    text: 'Warmup: 300m easy\nMain: 8x 100m Z4 with 20s rest\nCooldown: 200m easy',
  },
  {
    title: 'Strength Session',
    sport: 'strength',
    summary: '4 × 8 min circuits',
    text: 'Warmup: 10min easy\nMain: 4x 8min Z3 with 2min rest\nCooldown: 5min easy',
  },
];

const IMPORTING = 'import';

/** 'Add Workout for today', or 'Add Workout for Tuesday, December 1'. */
export function addWorkoutTitle(date: string | null): string {
  if (!date || isToday(parseISO(date))) return 'Add Workout for today';
  return `Add Workout for ${formatDay(date, 'weekday')}`;
}

export function AddWorkoutDialog({
  open,
  onOpenChange,
  date,
  onCreateCustom,
  onCreated,
}: AddWorkoutDialogProps) {
  const createWorkout = useCreateWorkout();
  const importWorkout = useImportWorkoutFile();
  const [adding, setAdding] = useState<string | null>(null);
  const workoutDate = date ?? todayIso();
  const busy = adding !== null;
  const [picker, setPicker] = useState<{ open: boolean; date: string } | null>(null);

  async function quickAdd(preset: QuickAddPreset) {
    setAdding(preset.title);
    try {
      const workout = await createWorkout.mutateAsync({
        title: preset.title,
        workout_date: workoutDate,
        sport: preset.sport,
        workout_language_text: preset.text,
      });
      toast.success('Workout added');
      onCreated?.(workout);
      onOpenChange(false);
    } catch (err) {
      console.error('Failed to add workout', err);
      toast.error('Failed to add workout', {
        description: err instanceof Error && err.message ? err.message : 'Please try again.',
      });
    } finally {
      setAdding(null);
    }
  }

  async function importFile(file: File) {
    setAdding(IMPORTING);
    try {
      const workout = await importWorkout.mutateAsync({ file, date: workoutDate });
      toast.success('Workout imported', { description: workout.title });
      onCreated?.(workout);
      onOpenChange(false);
    } catch (err) {
      toast.error('Import failed', { description: errorMessage(err) });
    } finally {
      setAdding(null);
    }
  }

  const option =
    'flex w-full items-center gap-3 rounded-xl border border-border bg-card p-4 text-left transition-colors ' +
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
        <DialogContent layout="sheet" width={36} initialFocus="dialog">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-lg font-semibold tracking-tight">
                {addWorkoutTitle(date)}
              </DialogTitle>
              <DialogDescription>Write your own session or add a ready-made one.</DialogDescription>
            </div>
            <DialogCloseButton />
          </div>

          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                onOpenChange(false);
                onCreateCustom(workoutDate);
              }}
              className={cn(option, 'hover:border-primary hover:bg-accent disabled:opacity-50')}
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <PencilLine className="h-5 w-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium">Create Custom</span>
                <span className="block text-xs text-muted-foreground">Describe it in your own words</span>
              </span>
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setPicker({ open: true, date: workoutDate });
                onOpenChange(false);
              }}
              className={cn(option, 'hover:border-primary hover:bg-accent disabled:opacity-50')}
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <LayoutTemplate className="h-5 w-5" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium">Browse Templates</span>
                <span className="block text-xs text-muted-foreground">
                  Pick a session from the Workout Bank
                </span>
              </span>
            </button>
            <label
              className={cn(
                option,
                'cursor-pointer hover:border-primary hover:bg-accent sm:col-span-2',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                busy && 'pointer-events-none opacity-50',
              )}
            >
              <input
                type="file"
                accept={WORKOUT_IMPORT_FORMATS.map((ext) => `.${ext}`).join(',')}
                disabled={busy}
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void importFile(file);
                }}
              />
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground">
                {adding === IMPORTING ? (
                  <Spinner label="Importing" className="h-5 w-5" />
                ) : (
                  <Upload className="h-5 w-5" aria-hidden="true" />
                )}
              </span>
              <span className="min-w-0">
                <span className="block font-medium">Import File</span>
                <span className="block text-xs text-muted-foreground">
                  Zwift .zwo, .mrc, .erg or Garmin .fit workout, up to 1&nbsp;MB
                </span>
              </span>
            </label>
          </div>

          <h3 className="mt-6 text-sm font-semibold">Quick Add</h3>
          <ul className="mt-2 grid grid-cols-2 gap-3">
            {QUICK_ADD_PRESETS.map((preset) => (
              <li key={preset.title}>
                <button
                  type="button"
                  disabled={busy}
                  aria-busy={adding === preset.title}
                  onClick={() => void quickAdd(preset)}
                  className={cn(
                    option,
                    'h-full flex-col items-start gap-2 p-3 hover:border-primary hover:bg-accent disabled:opacity-60',
                  )}
                >
                  <span className="flex w-full items-center justify-between">
                    <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <SportIcon sport={preset.sport} className="h-5 w-5" />
                    </span>
                    {adding === preset.title ? <Spinner label="Adding" className="h-4 w-4" /> : null}
                  </span>
                  <span className="block text-sm font-medium">{preset.title}</span>
                  <span className="block text-xs text-muted-foreground">{preset.summary}</span>
                </button>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
      {picker ? (
        <Suspense fallback={null}>
          <TemplatePickerDialog
            open={picker.open}
            onOpenChange={(next) => setPicker((current) => (current ? { ...current, open: next } : null))}
            date={picker.date}
            onAdded={(workout) => onCreated?.(workout)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

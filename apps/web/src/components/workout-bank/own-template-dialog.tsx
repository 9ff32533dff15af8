// An athlete's own template, saved from a workout ("Save as template") or edited from the Mine tab
// (docs/workout-bank.md, "Web page"): name, discipline, difficulty, description, the session's text, and whether
// it is shared with everyone (public) or kept private.
import { difficultyLabel } from '@stamina/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type OwnTemplateInput, useSaveOwnTemplate } from '../../api/workout-bank/own.ts';
import type { WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button, buttonClasses } from '../ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { DISCIPLINE_LABELS, DISCIPLINES } from './format.ts';

type Discipline = OwnTemplateInput['discipline'];

/** The template discipline a workout's sport is saved under: yoga as recovery, sports the Bank lacks as run. */
function disciplineOfSport(sport: string): Discipline {
  if (sport === 'yoga') return 'recovery';
  return (DISCIPLINES as readonly string[]).includes(sport) ? (sport as Discipline) : 'run';
}

/** The form's starting values: an existing template's, or a workout's. */
export function ownTemplateValues(
  from:
    | { kind: 'template'; template: WorkoutTemplate }
    | { kind: 'workout'; title: string; sport: string; text: string },
): OwnTemplateInput {
  if (from.kind === 'workout') {
    return {
      name: from.title,
      discipline: disciplineOfSport(from.sport),
      difficulty_level: 3,
      description: '',
      workout_language_text: from.text,
      is_public: false,
    };
  }
  const t = from.template;
  return {
    name: t.name,
    discipline: t.discipline as Discipline,
    difficulty_level: t.difficulty_level,
    description: t.description,
    key_focus: t.key_focus,
    primary_target: t.primary_target as NonNullable<OwnTemplateInput['primary_target']>,
    tags: t.tags,
    workout_language_text: t.workout_language_text,
    is_public: t.is_public,
  };
}

const selectClasses =
  'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function OwnTemplateDialog({
  open,
  onOpenChange,
  initial,
  templateId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: OwnTemplateInput;
  /** Editing this template; without it a new one is saved. */
  templateId?: string | undefined;
}) {
  // The form starts from `initial` when mounted: owners mount it for each opening.
  const save = useSaveOwnTemplate();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const ids = { discipline: useId(), difficulty: useId(), text: useId(), description: useId() };
  const set = (patch: Partial<OwnTemplateInput>) => setValues((v) => ({ ...v, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) return setError('Give the template a name.');
    if (!values.workout_language_text.trim())
      return setError('Write the session, for example "10min easy, 3x 5min Z4".');
    setError(null);
    save.mutate(
      { id: templateId, body: values },
      {
        onSuccess: (saved) => {
          toast.success(templateId ? 'Template saved' : 'Saved to your templates', {
            description: `${saved.name} is ${saved.is_public ? 'shared in the Workout Bank' : 'private: only you see it'}.`,
          });
          onOpenChange(false);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet" width={36} padding="p-4 sm:p-6">
        <div className="mb-4 flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <DialogTitle className="text-lg font-semibold tracking-tight">
              {templateId ? 'Edit template' : 'Save as template'}
            </DialogTitle>
            <DialogDescription>
              Your templates are in the Workout Bank under Mine, and its search finds them.
            </DialogDescription>
          </div>
          <DialogCloseButton />
        </div>
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Field
            label="Template name"
            value={values.name}
            maxLength={120}
            onChange={(e) => set({ name: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-3">
            <LabelledSelect
              id={ids.discipline}
              label="Discipline"
              value={values.discipline}
              onChange={(value) => set({ discipline: value as Discipline })}
            >
              {DISCIPLINES.map((d) => (
                <option key={d} value={d}>
                  {DISCIPLINE_LABELS[d]}
                </option>
              ))}
            </LabelledSelect>
            <LabelledSelect
              id={ids.difficulty}
              label="Difficulty"
              value={values.difficulty_level}
              onChange={(value) => set({ difficulty_level: Number(value) })}
            >
              {[1, 2, 3, 4, 5].map((level) => (
                <option key={level} value={level}>
                  {difficultyLabel(level)}
                </option>
              ))}
            </LabelledSelect>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.description} className="block text-sm font-medium">
              Description (optional)
            </label>
            <textarea
              id={ids.description}
              rows={2}
              maxLength={2000}
              className={`${selectClasses} h-auto py-2`}
              value={values.description ?? ''}
              onChange={(e) => set({ description: e.target.value })}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.text} className="block text-sm font-medium">
              Session
            </label>
            <textarea
              id={ids.text}
              rows={5}
              className={`${selectClasses} h-auto py-2 font-mono text-sm`}
              value={values.workout_language_text}
              onChange={(e) => set({ workout_language_text: e.target.value })}
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Who sees it</legend>
            <div className="mt-1.5 space-y-1.5">
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="visibility"
                  checked={!values.is_public}
                  onChange={() => set({ is_public: false })}
                  className="mt-0.5 h-4 w-4 accent-[var(--primary)]"
                />
                <span>
                  <span className="font-medium">Private</span>
                  <span className="block text-muted-foreground">Only you</span>
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="visibility"
                  checked={values.is_public}
                  onChange={() => set({ is_public: true })}
                  className="mt-0.5 h-4 w-4 accent-[var(--primary)]"
                />
                <span>
                  <span className="font-medium">Shared</span>
                  <span className="block text-muted-foreground">
                    Every athlete on this server can find it
                  </span>
                </span>
              </label>
            </div>
          </fieldset>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2 pt-1">
            <DialogClose className={buttonClasses('ghost', 'sm')}>Cancel</DialogClose>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : templateId ? 'Save changes' : 'Save template'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A select with its label above it, as the form's other fields. */
function LabelledSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} className={selectClasses} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

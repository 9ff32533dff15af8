// The state of the three workout dialogs a page offers (detail, add, editor), and how they lead into each other:
// Edit in the detail dialog opens the editor, Create Custom in the add dialog opens it on that day. Kept apart
// from <WorkoutDialogs> so a page can hold the state without loading the dialogs (the dashboard loads them lazily).
import type { Workout } from '@stamina/contract';
import { useMemo, useState } from 'react';

/** The detail dialog's first step: its actions, or the log form Mark Done opens (the dashboard's Mark Done). */
type DetailStep = 'actions' | 'log';

type WorkoutEditorState = { mode: 'create'; date: string } | { mode: 'edit'; workout: Workout } | null;

export interface WorkoutDialogsState {
  /** The workout the detail dialog was opened on (a page may show a fresher copy of it). */
  detail: Workout | null;
  detailOpen: boolean;
  /** Where the detail dialog opens: its actions, or straight at Mark Done's "How did it go?" form. */
  detailStep: DetailStep;
  add: { open: boolean; date: string | null };
  editor: WorkoutEditorState;
  /** True while any of the three is open. */
  anyOpen: boolean;
  openDetail: (workout: Workout | null, step?: DetailStep) => void;
  setDetailOpen: (open: boolean) => void;
  /** The add dialog on `date` (null: today). */
  openAdd: (date: string | null) => void;
  setAddOpen: (open: boolean) => void;
  openEditor: (state: Exclude<WorkoutEditorState, null>) => void;
  closeEditor: () => void;
  /** The detail workout as found in `workouts` (fresh after Mark Done or a move), else as it was opened. */
  detailFrom: (workouts: readonly Workout[]) => Workout | null;
}

export function useWorkoutDialogs(): WorkoutDialogsState {
  const [detail, setDetail] = useState<Workout | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [detailStep, setDetailStep] = useState<DetailStep>('actions');
  const [add, setAdd] = useState<{ open: boolean; date: string | null }>({ open: false, date: null });
  const [editor, setEditor] = useState<WorkoutEditorState>(null);

  return useMemo(
    () => ({
      detail,
      detailOpen,
      detailStep,
      add,
      editor,
      anyOpen: detailOpen || add.open || editor !== null,
      openDetail: (workout, step = 'actions') => {
        setDetail(workout);
        setDetailStep(step);
        setDetailOpen(true);
      },
      setDetailOpen,
      openAdd: (date) => setAdd({ open: true, date }),
      setAddOpen: (open) => setAdd((current) => ({ ...current, open })),
      openEditor: setEditor,
      closeEditor: () => setEditor(null),
      detailFrom: (workouts) => (detail && workouts.find((w) => w.id === detail.id)) ?? detail,
    }),
    [detail, detailOpen, detailStep, add, editor],
  );
}

// The state of the three workout dialogs a page offers (detail, add, editor), and how they lead into each other:
// Edit in the detail dialog opens the editor, Create Custom in the add dialog opens it on that day. Kept apart
// from <WorkoutDialogs> so a page can hold the state without loading the dialogs (the dashboard loads them lazily).
import type { Workout } from '@stamina/contract';
import { useMemo, useState } from 'react';
import type { LoggedSession } from './log-session-form.tsx';

type WorkoutEditorState = { mode: 'create'; date: string } | { mode: 'edit'; workout: Workout } | null;

export interface WorkoutDialogsState {
  /** The workout the detail dialog was opened on (a page may show a fresher copy of it). */
  detail: Workout | null;
  detailOpen: boolean;
  /** Figures the detail dialog opens "How did it go?" with (a finished guided session), or null. */
  logDraft: Partial<LoggedSession> | null;
  add: { open: boolean; date: string | null };
  editor: WorkoutEditorState;
  /** True while any of the three is open. */
  anyOpen: boolean;
  /** The detail dialog on `workout`; with `logDraft`, straight on "How did it go?" with those figures. */
  openDetail: (workout: Workout | null, logDraft?: Partial<LoggedSession>) => void;
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
  const [logDraft, setLogDraft] = useState<Partial<LoggedSession> | null>(null);
  const [add, setAdd] = useState<{ open: boolean; date: string | null }>({ open: false, date: null });
  const [editor, setEditor] = useState<WorkoutEditorState>(null);

  return useMemo(
    () => ({
      detail,
      detailOpen,
      logDraft,
      add,
      editor,
      anyOpen: detailOpen || add.open || editor !== null,
      openDetail: (workout, draft) => {
        setDetail(workout);
        setLogDraft(draft ?? null);
        setDetailOpen(true);
      },
      setDetailOpen: (open) => {
        setDetailOpen(open);
        if (!open) setLogDraft(null);
      },
      openAdd: (date) => setAdd({ open: true, date }),
      setAddOpen: (open) => setAdd((current) => ({ ...current, open })),
      openEditor: setEditor,
      closeEditor: () => setEditor(null),
      detailFrom: (workouts) => (detail && workouts.find((w) => w.id === detail.id)) ?? detail,
    }),
    [detail, detailOpen, logDraft, add, editor],
  );
}

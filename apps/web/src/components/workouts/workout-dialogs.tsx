// The workout dialogs of a page in one piece: detail (with Mark Done, reschedule, delete, downloads), add (the
// quick templates and file import) and the editor, wired to each other through useWorkoutDialogs.
import type { Workout } from '@stamina/contract';
import { AddWorkoutDialog } from './add-workout-dialog.tsx';
import type { WorkoutDialogsState } from './use-workout-dialogs.ts';
import { WorkoutDetailDialog } from './workout-detail-dialog.tsx';
import { WorkoutEditorDialog } from './workout-editor-dialog.tsx';

export interface WorkoutDialogsProps {
  dialogs: WorkoutDialogsState;
  /** The workout the detail dialog shows; by default the one it was opened on. */
  detailWorkout?: Workout | null;
  /** The activity that completed the detail dialog's workout, when the page knows it (the calendar does). */
  detailActivityId?: string | null;
}

export function WorkoutDialogs({
  dialogs,
  detailWorkout = dialogs.detail,
  detailActivityId = null,
}: WorkoutDialogsProps) {
  const { editor } = dialogs;
  return (
    <>
      <AddWorkoutDialog
        open={dialogs.add.open}
        onOpenChange={dialogs.setAddOpen}
        date={dialogs.add.date}
        onCreateCustom={(date) => dialogs.openEditor({ mode: 'create', date })}
      />
      <WorkoutEditorDialog
        open={editor !== null}
        onOpenChange={(open) => {
          if (!open) dialogs.closeEditor();
        }}
        mode={editor?.mode ?? 'create'}
        {...(editor?.mode === 'edit' ? { workout: editor.workout } : {})}
        {...(editor?.mode === 'create' ? { initialDate: editor.date } : {})}
      />
      <WorkoutDetailDialog
        workout={detailWorkout}
        open={dialogs.detailOpen}
        onOpenChange={dialogs.setDetailOpen}
        startAt={dialogs.detailStep}
        activityId={detailActivityId}
        onEdit={(workout) => {
          dialogs.setDetailOpen(false);
          dialogs.openEditor({ mode: 'edit', workout });
        }}
      />
    </>
  );
}

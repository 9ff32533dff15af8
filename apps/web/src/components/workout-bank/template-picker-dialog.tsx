// Browse Templates in the add-workout dialog: the Workout Bank as a picker over the page. Choosing a template
// and adding it puts it on the dialog's day, then the picker closes.
import type { Workout } from '@stamina/contract';
import { formatDay } from '../../lib/dates.ts';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { WorkoutBankBrowser } from './workout-bank-browser.tsx';

export function TemplatePickerDialog({
  open,
  onOpenChange,
  date,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** yyyy-MM-dd: the day the chosen template goes on. */
  date: string;
  onAdded?: (workout: Workout) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        layout="screen"
        width={64}
        padding="p-4 pt-[max(1rem,env(safe-area-inset-top))] sm:p-6"
        initialFocus="dialog"
      >
        <div className="mb-4 flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <DialogTitle className="text-lg font-semibold tracking-tight">Workout Bank</DialogTitle>
            <DialogDescription>Pick a template for {formatDay(date, 'weekday')}.</DialogDescription>
          </div>
          <DialogCloseButton />
        </div>
        <WorkoutBankBrowser
          pickDate={date}
          onAdded={(workout) => {
            onAdded?.(workout);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

// Browse Templates in the add-workout dialog: the Workout Bank as a picker over the page. Choosing a template
// and adding it puts it on the dialog's day, then the picker closes.
import * as Dialog from '@radix-ui/react-dialog';
import type { Workout } from '@stamina/contract';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { buttonClasses } from '../ui/button.tsx';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          className={cn(
            'fixed inset-0 z-40 overflow-y-auto bg-background p-4 pt-[max(1rem,env(safe-area-inset-top))] text-foreground focus:outline-none',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(64rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-border sm:p-6 sm:shadow-2xl',
          )}
        >
          <div className="mb-4 flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold tracking-tight">Workout Bank</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Pick a template for {formatDay(date, 'weekday')}.
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className={buttonClasses('ghost', 'icon')}>
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <WorkoutBankBrowser
            pickDate={date}
            onAdded={(workout) => {
              onAdded?.(workout);
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

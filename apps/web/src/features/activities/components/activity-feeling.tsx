// How the activity felt: the athlete's session RPE (1-10, Foster's words) and a note, saved with PUT
// /activities/{id}. Without power, heart rate or pace the RPE scores the activity (docs/training-load.md,
// "Logged sessions"), so its TSS and the day's load follow; the answer is the whole new detail.
import type { ActivityDetail } from '@stamina/contract';
import { type FormEvent, useId, useState } from 'react';
import { useUpdateActivity } from '../../../api/activities/mutations.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RPE_WORDS } from '../../../components/workouts/log-session-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

const inputClasses =
  'block w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function ActivityFeeling({ activity }: { activity: ActivityDetail }) {
  const id = useId();
  const [rpe, setRpe] = useState(activity.rpe ? String(activity.rpe) : '');
  const [note, setNote] = useState(activity.note ?? '');
  const update = useUpdateActivity(activity.id);
  const changed = rpe !== (activity.rpe ? String(activity.rpe) : '') || note.trim() !== (activity.note ?? '');

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await update.mutateAsync({
        rpe: rpe === '' ? null : Number(rpe),
        note: note.trim() === '' ? null : note.trim(),
      });
      toast.success('Saved how it felt');
    } catch (err) {
      toast.error('Could not save how it felt', { description: errorMessage(err) });
    }
  }

  return (
    <form onSubmit={save} className="space-y-3" aria-label="How it felt">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-rpe`} className="block text-sm font-medium">
          How hard did it feel? (RPE 1-10)
        </label>
        <select
          id={`${id}-rpe`}
          value={rpe}
          onChange={(e) => setRpe(e.target.value)}
          className={`${inputClasses} h-11`}
        >
          <option value="">Not rated</option>
          {Object.entries(RPE_WORDS).map(([value, word]) => (
            <option key={value} value={value}>
              {value} · {word}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-note`} className="block text-sm font-medium">
          Note
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className={`${inputClasses} py-2`}
        />
      </div>
      <Button type="submit" size="sm" disabled={!changed || update.isPending}>
        {update.isPending ? 'Saving...' : 'Save how it felt'}
      </Button>
    </form>
  );
}

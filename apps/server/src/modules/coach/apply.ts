// How a confirmed coach action reaches the plan (docs/coach.md, "Actions"): through the plan-change service, with
// source 'coach', so it is recorded like an adaptation and can be undone from the plan's history.
import type { CoachChange } from '@stamina/core';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { AdaptationService } from '../adaptation/index.ts';
import type { ApplyCoachAction, UndoCoachChange } from './service.ts';

/** How many recent plan changes the coach reads for "what changed?". */
const RECENT_CHANGES = 20;

export function applyThroughPlanChanges(changes: Pick<AdaptationService, 'applyChange'>): ApplyCoachAction {
  return async (auth, action, tx) => {
    const change = await changes.applyChange(
      auth,
      {
        workoutId: action.workoutId,
        kind: action.kind,
        source: 'coach',
        reason: action.reason,
        patch: action.patch,
      },
      tx,
    );
    return { changeId: change.id, planId: change.plan_id };
  };
}

/** An applied action undone through the plan-change service, like any change of the plan's history. */
export function undoThroughPlanChanges(changes: Pick<AdaptationService, 'undoChange'>): UndoCoachChange {
  return (auth, changeId) => changes.undoChange(auth, changeId);
}

/** The athlete's recent plan changes, newest first, as the coach's snapshot holds them. */
export function recentPlanChanges(changes: Pick<AdaptationService, 'listChanges'>) {
  return async (auth: AuthContext): Promise<CoachChange[]> => {
    const list = await changes.listChanges(auth, { page: 1, pageSize: RECENT_CHANGES });
    return list.items.map((c) => ({
      id: c.id,
      workoutId: c.workout_id,
      kind: c.kind,
      source: c.source,
      reason: c.reason,
      createdAt: c.created_at,
      workoutDate: c.after?.workout_date ?? c.date,
      fromDate: c.date,
      undone: c.undone_at !== null,
    }));
  };
}

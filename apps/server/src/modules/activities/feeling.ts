// How an activity felt: the athlete's session RPE and note (docs/training-load.md, "Logged sessions"). A recording
// without power, pace or heart rate has no sensor TSS; its RPE scores it instead, and its day's load follows.
import { rpeTss } from '@stamina/core';
import type { ActivityRow } from './repository.ts';

/** The TSS methods that come from the recording's own sensors: an RPE never replaces them. */
const NO_SENSOR_METHODS = new Set<string | null>([null, 'none', 'rpe']);

export interface Feeling {
  rpe?: number | null | undefined;
  note?: string | null | undefined;
}

/**
 * The columns a logged feeling changes on `row`: the RPE and note as sent (undefined: kept, null or '': cleared),
 * and, when no sensor scored the activity, its TSS from the RPE over its moving time (none without an RPE).
 */
export function feelingChanges(
  row: Pick<ActivityRow, 'sport' | 'movingSeconds' | 'tssMethod' | 'rpe'>,
  feeling: Feeling,
): Partial<Pick<ActivityRow, 'rpe' | 'note' | 'tss' | 'tssMethod' | 'intensityFactor'>> {
  const changes: ReturnType<typeof feelingChanges> = {};
  if (feeling.note !== undefined) changes.note = feeling.note === '' ? null : feeling.note;
  if (feeling.rpe !== undefined) changes.rpe = feeling.rpe;
  const rpe = feeling.rpe === undefined ? row.rpe : feeling.rpe;
  if (NO_SENSOR_METHODS.has(row.tssMethod)) {
    const tss = rpe ? rpeTss(row.sport, row.movingSeconds / 60, rpe) : null;
    changes.tss = tss;
    changes.tssMethod = tss === null ? 'none' : 'rpe';
    changes.intensityFactor = null;
  }
  return changes;
}

/** Whether applying `changes` moves the activity's load (its day must then be re-derived). */
export function changesLoad(row: Pick<ActivityRow, 'tss'>, changes: ReturnType<typeof feelingChanges>) {
  return changes.tss !== undefined && changes.tss !== row.tss;
}

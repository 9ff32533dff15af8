// What was done on a completed workout, beside its Completed mark: the logged (or recorded) minutes and distance,
// the RPE, and the TSS that counts in the load (docs/training-load.md, "Logged sessions").
import type { Workout } from '@stamina/contract';
import { formatDistance, type Units } from '@stamina/core';
import { formatDuration } from './format.ts';

export function LoggedFigures({ workout, units }: { workout: Workout; units: Units }) {
  const tss = workout.actual_tss ?? workout.tss;
  return (
    <>
      {workout.actual_duration_minutes !== null ? (
        <span className="tabular-nums">{formatDuration(workout.actual_duration_minutes * 60)} done</span>
      ) : null}
      {workout.actual_distance_meters !== null ? (
        <span className="tabular-nums">{formatDistance(workout.actual_distance_meters, units)}</span>
      ) : null}
      {workout.rpe !== null ? <span className="tabular-nums">RPE {workout.rpe}</span> : null}
      {tss !== null ? <span className="tabular-nums">TSS {Math.round(tss)}</span> : null}
    </>
  );
}

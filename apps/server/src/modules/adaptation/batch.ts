// The daily adaptation's batch, its pure half (docs/adaptation.md, "One run a day"): from a page of athletes'
// workouts around their today (the narrow rows the rules read: docs/scale.md, "What grows, measured"), their
// readiness, load ramp and decided days, each athlete's proposed changes; and the plan change's views of a
// workout (its snapshot, and the API's form of a recorded change).
import type { PlanChange, PlanChangeKind, PlanChangeSource, PlanChangeWorkout } from '@stamina/contract';
import {
  type AdaptationWorkout,
  addDays,
  CTL_RAMP_CAP,
  DEFAULT_CTL_RAMP_CAP,
  type ProposedChange,
  proposeAdaptations,
  type ReadinessDay,
} from '@stamina/core';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { PlanSlotRow, WorkoutRow } from '../workouts/index.ts';
import type * as repo from './repository.ts';

/** What a run reads of a plan. */
export interface AdaptationPlan {
  id: string;
  status: string;
  raceDate: string | null;
  outline: Record<string, unknown> | null;
}

export function snapshotOf(row: WorkoutRow): repo.WorkoutSnapshot {
  return {
    id: row.id,
    planId: row.planId,
    title: row.title,
    workoutDate: row.workoutDate,
    sport: row.sport,
    workoutLanguageText: row.workoutLanguageText,
    durationMinutes: row.durationMinutes,
    intensityZone: row.intensityZone,
    status: row.status,
    description: row.description,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Whether two snapshots hold the same workout fields (`updatedAt` aside). */
export function sameFields(a: repo.WorkoutSnapshot, b: repo.WorkoutSnapshot): boolean {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return (Object.keys(left) as Array<keyof typeof left>).every((key) => left[key] === right[key]);
}

function workoutOf(snapshot: repo.WorkoutSnapshot | null): PlanChangeWorkout | null {
  if (!snapshot) return null;
  return {
    title: snapshot.title,
    workout_date: snapshot.workoutDate,
    sport: snapshot.sport as PlanChangeWorkout['sport'],
    duration_minutes: snapshot.durationMinutes,
    intensity_zone: snapshot.intensityZone,
    status: snapshot.status as PlanChangeWorkout['status'],
  };
}

export function toPlanChange(row: repo.PlanChangeRow): PlanChange {
  return {
    id: row.id,
    plan_id: row.planId,
    workout_id: row.workoutId,
    date: row.date,
    source: row.source as PlanChangeSource,
    kind: row.kind as PlanChangeKind,
    reason: row.reason,
    before: workoutOf(row.before ?? null),
    after: workoutOf(row.after ?? null),
    undone_at: row.undoneAt ? new Date(row.undoneAt).toISOString() : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** What a batch read for its athletes, each of them at their own today. */
export interface BatchInputs {
  batch: ReadonlyArray<{ auth: AuthContext; plan: AdaptationPlan }>;
  todays: readonly string[];
  rows: readonly PlanSlotRow[];
  /** `athleteId:workoutId` of the workouts with a change not undone. */
  changedIds: ReadonlySet<string>;
  decided: ReadonlyMap<string, string[]>;
  inputs: ReadonlyMap<string, { readiness: ReadinessDay[]; ctlRamp: number | null }>;
}

/** Each athlete's run (their today) and the changes core's rules propose, at most one per workout. */
export function proposalsOf({ batch, todays, rows, changedIds, decided, inputs }: BatchInputs): {
  runs: Array<{ athleteId: string; day: string }>;
  planned: Array<{ auth: AuthContext; slot: PlanSlotRow; proposal: ProposedChange }>;
} {
  const rowsOf = new Map<string, PlanSlotRow[]>();
  for (const row of rows) {
    const own = rowsOf.get(row.athleteId);
    if (own) own.push(row);
    else rowsOf.set(row.athleteId, [row]);
  }
  const runs: Array<{ athleteId: string; day: string }> = [];
  const planned: Array<{ auth: AuthContext; slot: PlanSlotRow; proposal: ProposedChange }> = [];
  for (const [i, { auth, plan }] of batch.entries()) {
    const today = todays[i]!;
    runs.push({ athleteId: auth.athleteId, day: today });
    const from = addDays(today, -8);
    const to = addDays(today, 14);
    const own = (rowsOf.get(auth.athleteId) ?? []).filter(
      (r) => r.workoutDate >= from && r.workoutDate <= to,
    );
    const experience = (plan.outline?.goal_context as { experience?: string } | undefined)?.experience;
    const input = inputs.get(auth.athleteId);
    const proposals = proposeAdaptations({
      today,
      workouts: own.map(
        (r): AdaptationWorkout => ({
          id: r.id,
          date: r.workoutDate,
          sport: r.sport as AdaptationWorkout['sport'],
          title: r.title,
          durationMinutes: r.durationMinutes,
          intensityZone: r.intensityZone,
          status: r.status as AdaptationWorkout['status'],
          tss: r.tss,
          actualTss: r.actualTss,
          inPlan: r.planId === plan.id,
          byAthlete: r.editedByAthleteAt !== null,
          changed: changedIds.has(`${auth.athleteId}:${r.id}`),
        }),
      ),
      readiness: input?.readiness ?? [],
      decidedDays: (decided.get(auth.athleteId) ?? []).filter((d) => d >= from && d <= to),
      raceDate: plan.raceDate,
      ctlRamp: input?.ctlRamp ?? null,
      ctlRampCap: (experience && CTL_RAMP_CAP[experience]) || DEFAULT_CTL_RAMP_CAP,
    });
    const byId = new Map(own.map((r) => [r.id, r]));
    const seen = new Set<string>();
    for (const proposal of proposals) {
      const slot = byId.get(proposal.workoutId);
      if (!slot || seen.has(slot.id)) continue;
      seen.add(slot.id);
      planned.push({ auth, slot, proposal });
    }
  }
  return { runs, planned };
}

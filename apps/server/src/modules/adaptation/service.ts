// Plan changes (docs/adaptation.md): every change the daily adaptation or a confirmed coach action makes to a
// planned workout goes through `applyChange`, which writes the workout through the workout service (so its
// TSS, structure and the daily load stay right) and records the change with the workout before and after it,
// in one transaction. `undoChange` puts the workout back and marks its days as decided by the athlete.
import type {
  AdaptationRun,
  PlanChange,
  PlanChangeKind,
  PlanChangeList,
  PlanChangeSource,
  PlanChangeWorkout,
} from '@stamina/contract';
import { dateInTimeZone, type Sport } from '@stamina/core';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { WorkoutRow, WorkoutService } from '../workouts/service.ts';
import * as repo from './repository.ts';

/** The workout fields a change may set; null in place of the patch deletes the workout. */
export interface PlanChangePatch {
  workoutDate?: string;
  title?: string;
  workoutLanguageText?: string | null;
  durationMinutes?: number | null;
  intensityZone?: number | null;
  status?: 'skipped';
  description?: string | null;
}

export interface ApplyChangeInput {
  workoutId: string;
  kind: PlanChangeKind;
  source: PlanChangeSource;
  reason: string;
  patch: PlanChangePatch | null;
}

export type AdaptationWorkouts = Pick<
  WorkoutService,
  'find' | 'findForUpdate' | 'applyFor' | 'removeFor' | 'recreateFor' | 'changed' | 'rows'
>;

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

export interface AdaptationServiceDeps {
  workouts: AdaptationWorkouts;
  /** The caller's plan, undefined when it is not theirs. */
  plans: { row(athleteId: string, id: string): Promise<{ id: string; status: string } | undefined> };
  /** Tells the cached reads (plans, dashboard) after a commit. */
  onChange?: (athleteId: string) => void;
}

export function createAdaptationService(db: Db, deps: AdaptationServiceDeps) {
  const { workouts } = deps;

  function announce(athleteId: string) {
    workouts.changed(athleteId);
    deps.onChange?.(athleteId);
  }

  /** The change's write and record, on `tx`. */
  async function applyOn(tx: Tx, auth: AuthContext, input: ApplyChangeInput): Promise<repo.PlanChangeRow> {
    const current = await workouts.findForUpdate(tx, auth.athleteId, input.workoutId);
    if (!current) throw notFound('Workout');
    if (current.status !== 'planned') {
      throw new AppError(
        'CONFLICT',
        `This workout is ${current.status}; only a planned workout can be changed.`,
      );
    }
    // docs/adaptation.md, "Athlete's choices win": the daily adaptation never touches what the athlete made.
    if (input.source === 'adaptation' && current.editedByAthleteAt) {
      throw new AppError(
        'CONFLICT',
        'This workout was created or edited by hand, so adaptation leaves it alone.',
      );
    }
    let after: WorkoutRow | undefined;
    if (input.patch === null) {
      await workouts.removeFor(tx, auth, current.id);
    } else {
      const { workoutLanguageText, ...fields } = input.patch;
      after = await workouts.applyFor(tx, auth, current.id, fields, workoutLanguageText);
    }
    return repo.insertChange(tx, auth.athleteId, {
      planId: current.planId,
      workoutId: current.id,
      date: current.workoutDate,
      source: input.source,
      kind: input.kind,
      reason: input.reason,
      before: snapshotOf(current),
      after: after ? snapshotOf(after) : null,
    });
  }

  async function applyChange(auth: AuthContext, input: ApplyChangeInput, conn?: Conn): Promise<PlanChange> {
    if (conn) return toPlanChange(await conn.transaction((tx) => applyOn(tx, auth, input)));
    const row = await db.transaction((tx) => applyOn(tx, auth, input));
    announce(auth.athleteId);
    return toPlanChange(row);
  }

  /**
   * Puts the workout back as it was before the change (docs/adaptation.md, "Undo"), and marks the days it
   * touched as decided by the athlete. 404 for a change that is not the caller's; 409 when it was undone
   * already, or when the workout changed since (its state is no longer the change's "after").
   */
  async function undoChange(
    auth: AuthContext,
    changeId: string,
    now = new Date(),
    planId?: string,
  ): Promise<PlanChange> {
    const row = await db.transaction(async (tx) => {
      const change = await repo.findChangeForUpdate(tx, auth.athleteId, changeId);
      if (!change || (planId !== undefined && change.planId !== planId)) throw notFound('Plan change');
      if (change.undoneAt) throw new AppError('CONFLICT', 'This change was already undone.');
      if (!change.workoutId) {
        throw new AppError(
          'CONFLICT',
          'A rebuild of the plan cannot be undone; rebuild it again with the goal you want.',
        );
      }
      const before = change.before ?? null;
      const after = change.after ?? null;
      const current = await workouts.findForUpdate(tx, auth.athleteId, change.workoutId);
      const unchanged = after
        ? current !== undefined && new Date(current.updatedAt).toISOString() === after.updatedAt
        : current === undefined;
      if (!unchanged) {
        throw new AppError(
          'CONFLICT',
          'This workout changed since, so the change cannot be undone; edit the workout on the calendar instead.',
        );
      }
      if (!before) {
        await workouts.removeFor(tx, auth, change.workoutId);
      } else if (!current) {
        await workouts.recreateFor(tx, auth, {
          id: before.id,
          planId: before.planId,
          title: before.title,
          workoutDate: before.workoutDate,
          sport: before.sport as Sport,
          workoutLanguageText: before.workoutLanguageText,
          durationMinutes: before.durationMinutes,
          intensityZone: before.intensityZone,
          status: before.status,
          description: before.description,
        });
      } else {
        await workouts.applyFor(
          tx,
          auth,
          current.id,
          {
            title: before.title,
            workoutDate: before.workoutDate,
            durationMinutes: before.durationMinutes,
            intensityZone: before.intensityZone,
            status: before.status as 'planned',
            description: before.description,
          },
          // The text only when it changed: an unchanged text keeps its structure without a re-parse.
          before.workoutLanguageText === current.workoutLanguageText ? undefined : before.workoutLanguageText,
        );
      }
      await repo.markDecided(
        tx,
        auth.athleteId,
        [change.date, after?.workoutDate].filter((d): d is string => typeof d === 'string'),
      );
      return repo.markUndone(tx, auth.athleteId, change.id, now);
    });
    announce(auth.athleteId);
    return toPlanChange(row);
  }

  async function listChanges(
    auth: AuthContext,
    query: { planId?: string | undefined; workoutId?: string | undefined; page: number; pageSize: number },
  ): Promise<PlanChangeList> {
    const { rows, total } = await repo.listChanges(db, auth.athleteId, {
      planId: query.planId,
      workoutId: query.workoutId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(toPlanChange), page: query.page, page_size: query.pageSize, total };
  }

  async function ownPlan(auth: AuthContext, planId: string) {
    const plan = await deps.plans.row(auth.athleteId, planId);
    if (!plan) throw notFound('Plan');
    return plan;
  }

  return {
    applyChange,
    undoChange,
    listChanges,

    /** GET /training/plans/{id}/changes: 404 for a plan that is not the caller's. */
    async planChanges(
      auth: AuthContext,
      planId: string,
      query: { workoutId?: string | undefined; page: number; pageSize: number },
    ): Promise<PlanChangeList> {
      await ownPlan(auth, planId);
      return listChanges(auth, { planId, ...query });
    },

    /** POST /training/plans/{id}/changes/{changeId}/undo: the change must be of this plan. */
    async undoPlanChange(auth: AuthContext, planId: string, changeId: string): Promise<PlanChange> {
      await ownPlan(auth, planId);
      return undoChange(auth, changeId, new Date(), planId);
    },

    /** POST /training/plans/{id}/adapt. */
    async adaptNow(auth: AuthContext, planId: string): Promise<AdaptationRun> {
      await ownPlan(auth, planId);
      return { date: dateInTimeZone(new Date(), auth.timezone), changes: [] };
    },
  };
}

export type AdaptationService = ReturnType<typeof createAdaptationService>;

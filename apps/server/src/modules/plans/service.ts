// Training plans (docs/training-load.md §12): an athlete's plans, at most one of them
// active, their phases (generated from the dates unless given), and the progress the Journey page shows.
import type {
  PlanPhaseDto,
  PlanProgress,
  TrainingPlan,
  TrainingPlanCreateRequest,
  TrainingPlanUpdateRequest,
} from '@stamina/contract';
import {
  dateInTimeZone,
  daysBetween,
  generatePlanPhases,
  PLAN_MAX_DAYS,
  type PlanPhase,
  planProgress,
  planWeekRange,
  raceDistanceMeters,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { WorkoutReader } from '../workouts/index.ts';
import { createGeneratedPlans, type GeneratedPlanWorkouts, type RecordRebuild } from './generated.ts';
import * as repo from './repository.ts';

/** Workouts read for a plan's session counts: a two-year plan with two sessions a day stays under it. */
const PLAN_WORKOUTS_MAX = 5000;

export function toPlan(row: repo.PlanRow): TrainingPlan {
  return {
    id: row.id,
    title: row.title,
    race_type: row.raceType as TrainingPlan['race_type'],
    race_date: row.raceDate,
    target_time: row.targetTime,
    start_date: row.startDate,
    status: row.status as TrainingPlan['status'],
    phases: (row.phases as PlanPhaseDto[]).map((p) => ({
      name: p.name,
      label: p.label,
      start_date: p.start_date,
      end_date: p.end_date,
      focus: p.focus ?? null,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The plan's dates must be in order and at most two years apart; 400 with the reason otherwise. */
function checkDates(startDate: string, raceDate: string | null) {
  if (raceDate === null) return;
  if (raceDate < startDate) {
    throw new AppError(
      'VALIDATION_FAILED',
      `race_date (${raceDate}) is before start_date (${startDate}): a plan must start on or before race day`,
    );
  }
  if (daysBetween(startDate, raceDate) > PLAN_MAX_DAYS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `A plan can be at most 2 years long: race_date ${raceDate} is more than ${PLAN_MAX_DAYS} days after start_date ${startDate}`,
    );
  }
}

/** Phases sent by the caller: each in order and inside the plan's days. */
function checkPhases(phases: readonly PlanPhaseDto[], startDate: string, raceDate: string | null) {
  for (const [i, phase] of phases.entries()) {
    if (phase.end_date < phase.start_date) {
      throw new AppError('VALIDATION_FAILED', `phases[${i}] ends before it starts`);
    }
    if (phase.start_date < startDate || (raceDate !== null && phase.end_date > raceDate)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `phases[${i}] must lie between start_date (${startDate}) and race_date (${raceDate})`,
      );
    }
  }
}

function phasesFor(startDate: string, raceDate: string | null, raceType: string | null): PlanPhaseDto[] {
  if (raceDate === null) return [];
  return generatePlanPhases({
    start_date: startDate,
    race_date: raceDate,
    race_distance_meters: raceDistanceMeters(raceType),
  });
}

/**
 * `onChange` hears of every committed plan write: the cached reads (wiring/) show plans (race readiness,
 * periodization, progress), and deleting a plan also sets its workouts' plan_id to null through the foreign key.
 */
export function createPlanService(
  db: Db,
  options: {
    workouts: WorkoutReader & GeneratedPlanWorkouts;
    onChange?: (athleteId: string) => void;
    /** The athlete's CTL today, which a rebuild starts from (docs/onboarding.md, "The plan's outline and rebuild"). */
    currentCtl?: (auth: AuthContext) => Promise<number | null>;
    /** Records a rebuild in the plan's history of changes (docs/adaptation.md, "Changes to the goal"). */
    recordRebuild?: RecordRebuild;
  },
) {
  const generated = createGeneratedPlans(db, {
    workouts: options.workouts,
    toPlan,
    currentCtl: options.currentCtl,
    onChange: options.onChange,
    recordRebuild: options.recordRebuild,
  });

  async function own(auth: AuthContext, id: string): Promise<repo.PlanRow> {
    const row = await repo.findPlan(db, auth.athleteId, id);
    if (!row) throw notFound('Plan');
    return row;
  }

  return {
    /** A generated plan adopted in the caller's transaction (docs/onboarding.md, "Adopting a generated plan"). */
    adoptGeneratedPlan: generated.adoptGeneratedPlan,
    /** Tells the cached reads of plan and workout writes made in a caller's transaction, after its commit. */
    changed: generated.changed,
    outline: generated.outline,
    rebuild: generated.rebuild,

    /** The stored row of the athlete's active plan, for the modules that read plans (analytics, adaptation). */
    activeRow(athleteId: string): Promise<repo.PlanRow | undefined> {
      return repo.findActivePlan(db, athleteId);
    },

    /** The athlete's active plan without its outline: for reads that show only the plan's header (dashboard, profile). */
    activeHeader(athleteId: string): Promise<repo.PlanHeader | undefined> {
      return repo.findActivePlanHeader(db, athleteId);
    },

    /** `activeRow` of many athletes in one read (the daily adaptation's batch): athlete id → plan. */
    activeRowsOf(athleteIds: readonly string[]): Promise<Map<string, repo.PlanRow>> {
      return repo.findActivePlans(db, athleteIds);
    },

    /** Every active plan's athlete and id, for the daily adaptation's schedule (background work only). */
    activePlans(): Promise<Array<{ athleteId: string; planId: string }>> {
      return repo.activePlans(db);
    },

    /** The stored row of one of the athlete's plans (undefined for another athlete's or a missing id). */
    row(athleteId: string, id: string): Promise<repo.PlanRow | undefined> {
      return repo.findPlan(db, athleteId, id);
    },

    async list(auth: AuthContext): Promise<TrainingPlan[]> {
      return (await repo.listPlans(db, auth.athleteId)).map(toPlan);
    },

    async active(auth: AuthContext): Promise<TrainingPlan | null> {
      const row = await repo.findActivePlan(db, auth.athleteId);
      return row ? toPlan(row) : null;
    },

    /** A new plan; an active one (the default) archives the previous active plan in the same transaction. */
    async create(
      auth: AuthContext,
      body: TrainingPlanCreateRequest,
      now = new Date(),
    ): Promise<TrainingPlan> {
      const startDate = body.start_date ?? dateInTimeZone(now, auth.timezone);
      const raceType = body.race_type ?? null;
      checkDates(startDate, body.race_date);
      if (body.phases) checkPhases(body.phases, startDate, body.race_date);
      const status = body.status ?? 'active';
      const row = await db.transaction(async (tx) => {
        if (status === 'active') {
          await repo.lockAthlete(tx, auth.athleteId);
          await repo.archiveActivePlans(tx, auth.athleteId);
        }
        return repo.insertPlan(tx, auth.athleteId, {
          title: body.title,
          raceType,
          raceDate: body.race_date,
          targetTime: body.target_time ?? null,
          startDate,
          status,
          phases: body.phases ?? phasesFor(startDate, body.race_date, raceType),
        });
      });
      options.onChange?.(auth.athleteId);
      return toPlan(row);
    },

    /** Any subset of the fields; new dates without phases regenerate them; 'active' archives the other. */
    async update(auth: AuthContext, id: string, body: TrainingPlanUpdateRequest): Promise<TrainingPlan> {
      const current = await own(auth, id);
      const changes: Partial<repo.PlanInsert> = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.race_type !== undefined) changes.raceType = body.race_type;
      if (body.target_time !== undefined) changes.targetTime = body.target_time;
      if (body.status !== undefined) changes.status = body.status;
      const startDate = body.start_date ?? current.startDate;
      const raceDate = body.race_date ?? current.raceDate;
      const datesChanged = startDate !== current.startDate || raceDate !== current.raceDate;
      if (datesChanged) {
        checkDates(startDate, raceDate);
        changes.startDate = startDate;
        changes.raceDate = raceDate;
      }
      if (body.phases) {
        checkPhases(body.phases, startDate, raceDate);
        changes.phases = body.phases;
      } else if (datesChanged) {
        const raceType = changes.raceType !== undefined ? changes.raceType : current.raceType;
        changes.phases = phasesFor(startDate, raceDate, raceType);
      }
      const activating = body.status === 'active' && current.status !== 'active';
      const row = await db.transaction(async (tx) => {
        if (activating) {
          await repo.lockAthlete(tx, auth.athleteId);
          await repo.archiveActivePlans(tx, auth.athleteId, id);
        }
        const updated = await repo.updatePlan(tx, auth.athleteId, id, changes);
        if (!updated) throw notFound('Plan');
        return updated;
      });
      options.onChange?.(auth.athleteId);
      return toPlan(row);
    },

    /** Deletes a plan; its workouts stay, no longer in a plan. Daily load does not depend on plans. */
    async remove(auth: AuthContext, id: string): Promise<void> {
      if (!(await repo.deletePlan(db, auth.athleteId, id))) throw notFound('Plan');
      options.onChange?.(auth.athleteId);
    },

    /** Week X of Y, the phase map, milestones and this week's goals, on the athlete's own today. */
    async progress(auth: AuthContext, id: string, now = new Date()): Promise<PlanProgress> {
      const plan = await own(auth, id);
      const today = dateInTimeZone(now, auth.timezone);
      const week = planWeekRange(plan.startDate, today);
      const [planWorkouts, weekWorkouts] = await Promise.all([
        options.workouts.rows(auth.athleteId, { planId: plan.id, limit: PLAN_WORKOUTS_MAX }),
        // Every workout of the week counts towards its goals, whether or not it was added through the plan.
        options.workouts.rows(auth.athleteId, { dateFrom: week.from, dateTo: week.to, limit: 1000 }),
      ]);
      const asPlanWorkout = (w: (typeof planWorkouts)[number]) => ({
        workout_date: w.workoutDate,
        status: w.status,
        duration_minutes: w.durationMinutes,
        tss: w.tss,
      });
      return {
        plan_id: plan.id,
        ...planProgress({
          today,
          start_date: plan.startDate,
          race_date: plan.raceDate,
          target_time: plan.targetTime,
          race_type: plan.raceType,
          phases: plan.phases as PlanPhase[],
          workouts_this_week: weekWorkouts.map(asPlanWorkout),
          plan_workouts: planWorkouts.map(asPlanWorkout),
        }),
      };
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
export type { PlanHeader, PlanRow } from './repository.ts';
/** What the modules that read plans (analytics, dashboard) use of them. */
export type PlanReader = Pick<PlanService, 'activeRow' | 'activeHeader' | 'row'>;

// Generated plans (docs/onboarding.md, "Adopting a generated plan" and "The plan's outline and rebuild"): a
// plan from core's generator stored as a training plan with its outline, every session a planned workout
// linked to it; the outline the Journey page reads; and the rebuild after a change of race date or hours.
import type {
  GoalContextDto,
  PlanOutline,
  TrainingPlan,
  TrainingProfileDto,
  ZPlanRebuild,
  ZPlanRebuildRequest,
} from '@stamina/contract';
import {
  dateInTimeZone,
  daysBetween,
  type GeneratedPlan,
  generatePlan,
  PLAN_MAX_DAYS,
  planProfileOf,
  withGoalDefaults,
} from '@stamina/core';
import type { z } from 'zod';
import type { Conn, Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuthContext, athleteUnits, athleteWeekStart } from '../../plugins/authenticate.ts';
import { findTimezone } from '../athletes/index.ts';
import type { WorkoutService } from '../workouts/index.ts';
import * as repo from './repository.ts';

type PlanRebuild = z.infer<typeof ZPlanRebuild>;
type PlanRebuildRequest = z.infer<typeof ZPlanRebuildRequest>;

/** What generated plans use of the workout service: the bulk write and delete on the caller's transaction. */
export type GeneratedPlanWorkouts = Pick<
  WorkoutService,
  'insertPlanned' | 'removePlannedOfPlan' | 'changed' | 'rows'
>;

export interface AdoptGeneratedPlanInput {
  plan: GeneratedPlan;
  goalContext: GoalContextDto;
  profile: TrainingProfileDto;
  /** Default: the event and race day, e.g. "Marathon — 2027-04-12". */
  title?: string;
  /** Archive the active plan and remove its planned sessions from today on; without it an active plan is a 409. */
  replaceActive: boolean;
  /** The athlete's local today; read from their time zone when not given. */
  today?: string;
}

/** The stored outline: the API's PlanOutline without plan_id (the row's own id). */
type StoredOutline = Omit<PlanOutline, 'plan_id'>;

/** The plan's default title: the event (a custom event by its distance) and race day. */
function generatedPlanTitle(plan: GeneratedPlan, goal: GoalContextDto): string {
  const event = plan.race_type === 'Custom Event' ? goal.primary_event.distance : plan.race_type;
  return `${event || 'Race'} — ${plan.race_date}`;
}

export function outlineWeeks(plan: GeneratedPlan): PlanOutline['weeks'] {
  return plan.weeks.map((week, i) => ({
    week: i + 1,
    start: week.start,
    end: week.end,
    phase: week.phase,
    label: week.label,
    kind: week.kind,
    target_hours: week.target_hours,
    hours: week.hours,
    tss: week.tss,
    sessions: week.sessions.length,
  }));
}

function storedOutline(
  plan: GeneratedPlan,
  goalContext: GoalContextDto,
  profile: TrainingProfileDto,
  now: Date,
): StoredOutline {
  return {
    goal_context: goalContext,
    profile,
    explainability: { bullets: [...plan.explainability.bullets] },
    feasibility: plan.feasibility ?? null,
    review: plan.review ?? null,
    weeks: outlineWeeks(plan),
    generated_at: now.toISOString(),
  };
}

/** Every session of the plan as a planned workout request of `planId`, its reason as the description. */
function sessionsOf(plan: GeneratedPlan, planId: string) {
  return plan.weeks.flatMap((week) =>
    week.sessions.map((session) => ({
      title: session.title,
      workout_date: session.date,
      sport: session.sport,
      workout_language_text: session.workout_language_text,
      duration_minutes: session.duration_minutes,
      intensity_zone: session.intensity_zone,
      plan_id: planId,
      description: session.reason,
    })),
  );
}

function storedOutlineOf(row: repo.PlanRow): StoredOutline | null {
  const stored = (row.outline as StoredOutline | null | undefined) ?? null;
  if (!stored) return null;
  // Outlines stored before the goal's athlete facts, feasibility and review existed read as saying none.
  return {
    ...stored,
    goal_context: withGoalDefaults(stored.goal_context),
    feasibility: stored.feasibility ?? null,
    review: stored.review ?? null,
  };
}

export function createGeneratedPlans(
  db: Db,
  options: {
    workouts: GeneratedPlanWorkouts;
    toPlan: (row: repo.PlanRow) => TrainingPlan;
    /** The athlete's CTL today, to refresh the stored profile's on a rebuild; the stored one when absent. */
    currentCtl?: ((auth: AuthContext) => Promise<number | null>) | undefined;
    onChange?: ((athleteId: string) => void) | undefined;
    /** Records a rebuild as a plan change, in the rebuild's transaction (the adaptation service, wiring/training.ts). */
    recordRebuild?: RecordRebuild | undefined;
  },
) {
  /** Plan and workout reads are cached: every committed write tells both listeners. */
  function changed(athleteId: string) {
    options.workouts.changed(athleteId);
    options.onChange?.(athleteId);
  }

  /**
   * Stores a generated plan as the athlete's active plan, with its outline, and every session as a planned
   * workout linked to it (parsed with the athlete's thresholds, as a hand-made workout is), all on `conn`:
   * the caller's transaction, so that a failure anywhere leaves nothing. An active plan is a 409 unless
   * `replaceActive`; then it is archived and its planned workouts from today on removed (completed and skipped
   * ones stay). The cached reads are told at once; a caller whose transaction commits later should call
   * `changed(athleteId)` after its commit too.
   */
  async function adoptGeneratedPlan(
    conn: Conn,
    athleteId: string,
    input: AdoptGeneratedPlanInput,
  ): Promise<{ plan: TrainingPlan; workoutsCreated: number }> {
    const { plan, goalContext, profile } = input;
    await repo.lockAthlete(conn, athleteId);
    const active = await repo.findActivePlan(conn, athleteId);
    if (active && !input.replaceActive) {
      throw new AppError(
        'CONFLICT',
        `You already have an active plan ("${active.title}"). Approve again with replace_active_plan to archive it and remove its future planned sessions.`,
        { active_plan: { id: active.id, title: active.title, race_date: active.raceDate } },
      );
    }
    if (active) {
      const today = input.today ?? dateInTimeZone(new Date(), await findTimezone(conn, athleteId));
      await repo.archiveActivePlans(conn, athleteId);
      await options.workouts.removePlannedOfPlan(conn, athleteId, active.id, today);
    }
    const row = await repo.insertPlan(conn, athleteId, {
      title: input.title?.trim() || generatedPlanTitle(plan, goalContext),
      raceType: plan.race_type,
      raceDate: plan.race_date,
      targetTime: plan.target_time,
      startDate: plan.start_date,
      status: 'active',
      phases: plan.phases,
      outline: storedOutline(plan, goalContext, profile, new Date()),
    });
    const rows = await options.workouts.insertPlanned(conn, athleteId, sessionsOf(plan, row.id));
    changed(athleteId);
    return { plan: options.toPlan(row), workoutsCreated: rows.length };
  }

  async function own(auth: AuthContext, id: string): Promise<repo.PlanRow> {
    const row = await repo.findPlan(db, auth.athleteId, id);
    if (!row) throw notFound('Plan');
    return row;
  }

  return {
    adoptGeneratedPlan,
    changed,

    /** A generated plan's outline; null for a plan made by hand. */
    async outline(auth: AuthContext, id: string): Promise<PlanOutline | null> {
      const row = await own(auth, id);
      const outline = storedOutlineOf(row);
      return outline ? { plan_id: row.id, ...outline } : null;
    },

    /**
     * Drafts a generated plan again from today, from its stored goal context with the changes (which stop being
     * assumed) and its stored profile (CTL refreshed): its planned workouts from today on are replaced, past and
     * completed ones stay. One transaction.
     */
    async rebuild(
      auth: AuthContext,
      id: string,
      body: PlanRebuildRequest,
      now = new Date(),
    ): Promise<PlanRebuild> {
      const row = await own(auth, id);
      const stored = storedOutlineOf(row);
      if (!stored) {
        throw new AppError(
          'CONFLICT',
          'This plan was made by hand, not generated from a goal, so it cannot be rebuilt. Edit its dates instead.',
        );
      }
      if (row.status !== 'active') {
        throw new AppError('CONFLICT', `Only the active plan can be rebuilt; this one is ${row.status}.`);
      }
      const today = dateInTimeZone(now, auth.timezone);
      if (body.race_date !== undefined && body.race_date <= today) {
        throw new AppError(
          'VALIDATION_FAILED',
          `race_date (${body.race_date}) must be after today (${today}): a plan is rebuilt from today to race day`,
        );
      }
      const goal: GoalContextDto = {
        ...stored.goal_context,
        primary_event: {
          ...stored.goal_context.primary_event,
          ...(body.race_date !== undefined ? { date: body.race_date } : {}),
        },
        ...(body.weekly_hours !== undefined
          ? { weekly_hours: body.weekly_hours, weekly_hours_range: null }
          : {}),
        preferences: { ...stored.goal_context.preferences, ...definedOf(body.preferences ?? {}) },
        assumed: {
          ...stored.goal_context.assumed,
          ...(body.race_date !== undefined ? { date: false } : {}),
          ...(body.weekly_hours !== undefined ? { weekly_hours: false } : {}),
          ...Object.fromEntries(Object.keys(definedOf(body.preferences ?? {})).map((k) => [k, false])),
        },
      };
      if (daysBetween(today, goal.primary_event.date) > PLAN_MAX_DAYS) {
        throw new AppError(
          'VALIDATION_FAILED',
          `A plan can be at most 2 years long: race_date ${goal.primary_event.date} is more than ${PLAN_MAX_DAYS} days after today (${today})`,
        );
      }
      if (goal.primary_event.date <= today) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The plan's race day (${goal.primary_event.date}) has passed: send a new race_date to rebuild it`,
        );
      }
      const ctl = options.currentCtl ? await options.currentCtl(auth) : null;
      const profile: TrainingProfileDto = { ...stored.profile, ...(ctl !== null ? { ctl } : {}) };
      const plan = generatePlan(goal, planProfileOf(profile), {
        today,
        weekStart: athleteWeekStart(auth),
        units: athleteUnits(auth),
      });
      const outline = keepCompletedWeeks(storedOutline(plan, goal, profile, now), stored, today);
      // A day of the plan already done (or skipped) today is not drafted again.
      const doneToday = (
        await options.workouts.rows(auth.athleteId, {
          planId: row.id,
          dateFrom: today,
          dateTo: today,
          limit: 50,
        })
      ).filter((w) => w.status !== 'planned');
      const sessions = sessionsOf(plan, row.id).filter(
        (s) => !(s.workout_date === today && doneToday.some((w) => w.sport === s.sport)),
      );
      const result = await db.transaction(async (tx) => {
        // Two rebuilds at once take turns, so neither leaves the other's sessions beside its own.
        await repo.lockAthlete(tx, auth.athleteId);
        const removed = await options.workouts.removePlannedOfPlan(tx, auth.athleteId, row.id, today);
        const updated = await repo.updatePlan(tx, auth.athleteId, row.id, {
          raceDate: plan.race_date,
          targetTime: plan.target_time,
          phases: mergedPhases(row, plan, today),
          outline,
        });
        if (!updated) throw notFound('Plan');
        const created = await options.workouts.insertPlanned(tx, auth.athleteId, sessions);
        // docs/adaptation.md, "Changes to the goal": the rebuild is a plan change, in the history with its reason.
        await options.recordRebuild?.(tx, auth, {
          planId: row.id,
          date: today,
          reason: rebuildReason(stored.goal_context, goal, removed, created.length),
        });
        return { updated, removed, created: created.length };
      });
      changed(auth.athleteId);
      return {
        plan: options.toPlan(result.updated),
        outline: { plan_id: row.id, ...outline },
        workouts_removed: result.removed,
        workouts_created: result.created,
      };
    },
  };
}

export type RecordRebuild = (
  conn: Conn,
  auth: AuthContext,
  change: { planId: string; date: string; reason: string },
) => Promise<void>;

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The rebuilt outline keeps the weeks already over (docs/adaptation.md, "Changes to the goal"): they were
 * trained as they were planned. The new weeks follow them, numbered on.
 */
function keepCompletedWeeks(outline: StoredOutline, stored: StoredOutline, today: string): StoredOutline {
  const done = stored.weeks.filter((w) => w.end < today && w.end < (outline.weeks[0]?.start ?? today));
  if (done.length === 0) return outline;
  return {
    ...outline,
    weeks: [...done, ...outline.weeks].map((w, i) => ({ ...w, week: i + 1 })),
  };
}

/** What changed in the goal, in the athlete's words, and what the rebuild did. */
function rebuildReason(
  before: GoalContextDto,
  after: GoalContextDto,
  removed: number,
  created: number,
): string {
  const what: string[] = [];
  if (before.primary_event.date !== after.primary_event.date)
    what.push(`race day moved from ${before.primary_event.date} to ${after.primary_event.date}`);
  if (before.weekly_hours !== after.weekly_hours)
    what.push(`weekly hours changed from ${before.weekly_hours} to ${after.weekly_hours}`);
  if (JSON.stringify(before.preferences) !== JSON.stringify(after.preferences))
    what.push('day preferences changed');
  const cause = what.length ? `${what.join(', ')}` : 'rebuilt on request';
  return `Goal changed (${cause}): the weeks from today were drafted again (${removed} planned sessions replaced by ${created}); completed weeks are kept.`;
}

/**
 * The rebuilt plan keeps its first day: the phases of the new plan run from today, and the days between the
 * plan's start and today stay in the block they were in (the block in hand at today is extended back).
 */
function mergedPhases(row: repo.PlanRow, plan: GeneratedPlan, today: string): GeneratedPlan['phases'] {
  if (row.startDate >= today || plan.phases.length === 0) return plan.phases;
  const [first, ...rest] = plan.phases;
  return [{ ...first!, start_date: row.startDate }, ...rest];
}

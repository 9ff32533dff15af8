// Schemas of the Training API's plan calls (docs/training-load.md, "Plans") and of the plan
// progress that the Journey page (/plan) shows: phases, week X of Y, milestones and the current focus.
import { RACE_TYPES } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';

/**
 * The goal events of the profile form (docs/training-load.md, "Race types"); core knows each one's distance.
 */
export { RACE_TYPES };
export const ZRaceType = z.enum(RACE_TYPES, { error: `race_type must be one of: ${RACE_TYPES.join(', ')}` });
export type RaceType = z.infer<typeof ZRaceType>;

export const ZPlanPhaseName = z.enum(['base', 'build', 'peak', 'taper', 'race', 'recovery'], {
  error: 'phase name must be base, build, peak, taper, race or recovery',
});

/** One phase of a plan; both dates are included. `label` is what the Journey page's phase map shows. */
export const ZPlanPhase = z
  .object({
    name: ZPlanPhaseName,
    label: z.string().min(1).max(60),
    start_date: ZIsoDate,
    end_date: ZIsoDate,
    focus: z.string().max(500).nullable(),
  })
  .strict()
  .meta({ id: 'PlanPhase' });
export type PlanPhaseDto = z.infer<typeof ZPlanPhase>;

export const ZPlanStatus = z.enum(['active', 'completed', 'archived'], {
  error: 'status must be active, completed or archived',
});

/** h:mm:ss or m:ss, e.g. 3:30:00 or 45:00. */
export const ZTargetTime = z
  .string()
  .regex(/^(\d{1,2}:)?[0-5]?\d:[0-5]\d$/, 'target_time must look like 3:30:00 or 45:00');

export const ZTrainingPlan = z
  .object({
    id: z.string(),
    title: z.string(),
    race_type: ZRaceType.nullable(),
    race_date: z.string().nullable(),
    target_time: z.string().nullable(),
    start_date: z.string(),
    status: ZPlanStatus,
    phases: z.array(ZPlanPhase),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TrainingPlan' });
export type TrainingPlan = z.infer<typeof ZTrainingPlan>;

const planFields = {
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(200, 'title must be at most 200 characters'),
  race_type: ZRaceType.nullish(),
  race_date: ZIsoDate,
  target_time: ZTargetTime.nullish(),
  /** First day of the plan; default today in the athlete's time zone. */
  start_date: ZIsoDate.optional(),
  status: ZPlanStatus.optional(),
  /** Omitted: the phases are generated from the start and race dates (core `generatePlanPhases`). */
  phases: z.array(ZPlanPhase).max(30, 'At most 30 phases').optional(),
};

/** A new plan; creating an active plan (the default) archives the athlete's previous active plan. */
export const ZTrainingPlanCreateRequest = z
  .object(planFields)
  .strict()
  .meta({ id: 'TrainingPlanCreateRequest' });
export type TrainingPlanCreateRequest = z.infer<typeof ZTrainingPlanCreateRequest>;

/** Any subset of the fields; changing the dates without sending phases regenerates them. */
export const ZTrainingPlanUpdateRequest = z
  .object({
    title: planFields.title.optional(),
    race_type: planFields.race_type,
    race_date: ZIsoDate.optional(),
    target_time: planFields.target_time,
    start_date: ZIsoDate.optional(),
    status: ZPlanStatus.optional(),
    phases: planFields.phases,
  })
  .strict()
  .meta({ id: 'TrainingPlanUpdateRequest' });
export type TrainingPlanUpdateRequest = z.infer<typeof ZTrainingPlanUpdateRequest>;

export const ZPlanIdParam = z.object({ id: z.uuid({ error: 'id must be a plan id' }) });

export const ZPhaseStatus = z.enum(['completed', 'current', 'upcoming']);

/** A block of the Journey page's phase map: consecutive plan phases that share a label. */
export const ZPlanProgressPhase = z
  .object({
    label: z.string(),
    names: z.array(ZPlanPhaseName),
    start_date: z.string(),
    end_date: z.string(),
    weeks: z.number().int(),
    focus: z.string().nullable(),
    status: ZPhaseStatus,
    progress_percentage: z.number().describe('0-100: share of its days done, today included'),
  })
  .meta({ id: 'PlanProgressPhase' });

export const ZMilestone = z
  .object({
    title: z.string(),
    description: z.string(),
    date: z.string(),
    type: z.enum(['test', 'race', 'milestone', 'goal']),
    status: z.enum(['completed', 'current', 'future', 'goal']),
  })
  .meta({ id: 'Milestone' });

export const ZPlanProgress = z
  .object({
    plan_id: z.string(),
    today: z.string(),
    start_date: z.string(),
    race_date: z.string().nullable(),
    days_to_go: z.number().int().nullable().describe('Days from today to the race; negative once it passed'),
    total_weeks: z.number().int(),
    current_week: z.number().int().describe('1 to total_weeks; 0 before the plan starts'),
    progress_percentage: z.number().describe('Share of the plan days done, 0-100'),
    current_phase: ZPlanProgressPhase.nullable(),
    phases: z.array(ZPlanProgressPhase),
    milestones: z.array(ZMilestone),
    /** Goals of the current training week, each written from the plan's own numbers. */
    weekly_goals: z.array(
      z.object({ text: z.string(), current_value: z.number(), target_value: z.number(), unit: z.string() }),
    ),
    sessions: z.object({
      planned: z.number().int().describe('Workouts of the plan, every status'),
      completed: z.number().int(),
      skipped: z.number().int(),
    }),
  })
  .meta({ id: 'PlanProgress' });
export type PlanProgress = z.infer<typeof ZPlanProgress>;

// Plan changes (docs/adaptation.md): what the daily adaptation or a confirmed coach action changed in the
// athlete's plan, why, and how to undo it.
import { PLAN_CHANGE_KINDS, PLAN_CHANGE_SOURCES, SPORTS } from '@stamina/core';
import { z } from 'zod';
import { ZIsoDate } from './common.ts';

export const ZPlanChangeSource = z.enum(PLAN_CHANGE_SOURCES);
export type PlanChangeSource = z.infer<typeof ZPlanChangeSource>;

export const ZPlanChangeKind = z.enum(PLAN_CHANGE_KINDS);
export type PlanChangeKind = z.infer<typeof ZPlanChangeKind>;

/** A workout as the change saw it, before or after. */
export const ZPlanChangeWorkout = z
  .object({
    title: z.string(),
    workout_date: z.string(),
    sport: z.enum(SPORTS),
    duration_minutes: z.number().int().nullable(),
    intensity_zone: z.number().int().nullable(),
    status: z.enum(['planned', 'completed', 'skipped']),
  })
  .meta({ id: 'PlanChangeWorkout' });
export type PlanChangeWorkout = z.infer<typeof ZPlanChangeWorkout>;

export const ZPlanChange = z
  .object({
    id: z.string(),
    plan_id: z.string().nullable(),
    workout_id: z.string().nullable(),
    /** The day the change affects. */
    date: z.string(),
    source: ZPlanChangeSource,
    kind: ZPlanChangeKind,
    /** In words the athlete understands, e.g. "Readiness 38 after a 5-hour night: …". */
    reason: z.string(),
    /** Null: the workout did not exist before (a rebuild), or (after) was deleted. */
    before: ZPlanChangeWorkout.nullable(),
    after: ZPlanChangeWorkout.nullable(),
    undone_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PlanChange' });
export type PlanChange = z.infer<typeof ZPlanChange>;

export const ZPlanChangesQuery = z.object({
  /** Only the changes of one workout (the calendar's "Adapted" badge). */
  workout_id: z.uuid({ error: 'workout_id must be a workout id' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PlanChangesQuery = z.infer<typeof ZPlanChangesQuery>;

export const ZPlanChangeList = z
  .object({
    items: z.array(ZPlanChange),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'PlanChangeList' });
export type PlanChangeList = z.infer<typeof ZPlanChangeList>;

/** POST /training/plans/{id}/adapt: the changes the run made (none when nothing called for one). */
export const ZAdaptationRun = z
  .object({
    date: ZIsoDate,
    changes: z.array(ZPlanChange),
  })
  .meta({ id: 'AdaptationRun' });
export type AdaptationRun = z.infer<typeof ZAdaptationRun>;

export const ZPlanChangeIdParam = z.object({
  id: z.uuid({ error: 'id must be a plan id' }),
  changeId: z.uuid({ error: 'changeId must be a plan change id' }),
});

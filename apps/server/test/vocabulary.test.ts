// Shared vocabulary has one home, core (docs/storage.md, "Data model"): each database CHECK that lists words,
// the contract's enum for the same field and core's array agree, word for word and in order.
import {
  ZActivitySport,
  ZCoachAction,
  ZNotification,
  ZOnboardingStatus,
  ZPlanChangeKind,
  ZPlanChangeSource,
  ZSport,
  ZThresholdSport,
  ZWorkoutCategory,
  ZWorkoutTemplate,
  ZZoneKind,
} from '@stamina/contract';
import {
  COACH_ACTION_KINDS,
  NOTIFICATION_KINDS,
  ONBOARDING_STATUSES,
  PLAN_CHANGE_KINDS,
  PLAN_CHANGE_SOURCES,
  RECORDED_SPORTS,
  SPORTS,
  TEMPLATE_CATEGORY_TYPES,
  TEMPLATE_DISCIPLINES,
  THRESHOLD_SPORTS,
  ZONE_KINDS,
} from '@stamina/core';
import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  activities,
  coachActions,
  notifications,
  onboardingSessions,
  planChanges,
  sportMetrics,
  sportZones,
  workoutCategories,
  workouts,
} from '../src/db/schema/index.ts';

const dialect = new PgDialect();

/** The words a `column in ('a', 'b')` CHECK lets through, in the order written. */
function checkWords(table: PgTable, name: string): string[] {
  const check = getTableConfig(table).checks.find((c) => c.name === name);
  if (!check) throw new Error(`no check ${name}`);
  const text = dialect.sqlToQuery(check.value).sql;
  const list = /\bin \(([^)]*)\)/.exec(text)?.[1];
  if (list === undefined) throw new Error(`${name} is not an in-list: ${text}`);
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

const CASES = [
  { check: 'workouts_sport_check', table: workouts, core: SPORTS, contract: ZSport.options },
  {
    check: 'activities_sport_check',
    table: activities,
    core: RECORDED_SPORTS,
    contract: ZActivitySport.options,
  },
  {
    check: 'sport_metrics_sport_check',
    table: sportMetrics,
    core: THRESHOLD_SPORTS,
    contract: ZThresholdSport.options,
  },
  { check: 'sport_zones_kind_check', table: sportZones, core: ZONE_KINDS, contract: ZZoneKind.options },
  {
    check: 'coach_actions_kind_check',
    table: coachActions,
    core: COACH_ACTION_KINDS,
    contract: ZCoachAction.shape.kind.options,
  },
  {
    check: 'notifications_kind_check',
    table: notifications,
    core: NOTIFICATION_KINDS,
    contract: ZNotification.shape.kind.options,
  },
  {
    check: 'workout_categories_type_check',
    table: workoutCategories,
    core: TEMPLATE_CATEGORY_TYPES,
    contract: ZWorkoutCategory.shape.category_type.options,
  },
  {
    check: 'plan_changes_kind_check',
    table: planChanges,
    core: PLAN_CHANGE_KINDS,
    contract: ZPlanChangeKind.options,
  },
  {
    check: 'plan_changes_source_check',
    table: planChanges,
    core: PLAN_CHANGE_SOURCES,
    contract: ZPlanChangeSource.options,
  },
  {
    check: 'onboarding_sessions_status_check',
    table: onboardingSessions,
    core: ONBOARDING_STATUSES,
    contract: ZOnboardingStatus.options,
  },
] as const;

describe('shared vocabulary', () => {
  it.each(CASES)('$check, the contract enum and the core array list the same words', (c) => {
    expect(checkWords(c.table, c.check)).toEqual([...c.core]);
    expect([...c.contract]).toEqual([...c.core]);
  });

  it('the Workout Bank disciplines of the contract are core’s', () => {
    expect([...ZWorkoutTemplate.shape.discipline.options]).toEqual([...TEMPLATE_DISCIPLINES]);
  });
});

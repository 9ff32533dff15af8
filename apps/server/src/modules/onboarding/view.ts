// How a stored onboarding session is answered (contract ZOnboardingSession; docs/onboarding.md, "Statuses").
import type {
  GoalContextDto,
  OnboardingSession,
  OnboardingStatus,
  TrainingProfileDto,
} from '@stamina/contract';
import { type GeneratedPlan, roundTo, weekPlanDraft, withGoalDefaults } from '@stamina/core';
import type { SessionRow } from './repository.ts';

export const goalOf = (row: SessionRow) => {
  const goal = row.goalContext as unknown as GoalContextDto | null;
  return goal ? withGoalDefaults(goal) : null;
};
export const profileOf = (row: SessionRow) => row.profile as unknown as TrainingProfileDto | null;
export const planOf = (row: SessionRow) => row.plan as unknown as GeneratedPlan | null;

/** The plan's first week, day by day, with each session's date, title and reason. */
function draftOf(plan: GeneratedPlan): OnboardingSession['week_plan_draft'] {
  const sessions = plan.weeks[0]?.sessions ?? [];
  return {
    sessions: weekPlanDraft(plan).sessions.map((s, i) => ({
      ...s,
      sport: s.sport as 'run' | 'bike' | 'swim' | 'strength',
      date: sessions[i]!.date,
      title: sessions[i]!.title,
      reason: sessions[i]!.reason,
    })),
  };
}

function planSummaryOf(plan: GeneratedPlan): NonNullable<OnboardingSession['plan_summary']> {
  const hours = plan.weeks.map((w) => w.hours);
  return {
    start_date: plan.start_date,
    race_date: plan.race_date,
    weeks: plan.weeks.length,
    sessions: plan.weeks.reduce((n, w) => n + w.sessions.length, 0),
    total_hours: roundTo(
      hours.reduce((a, b) => a + b, 0),
      1,
    ),
    peak_week_hours: roundTo(Math.max(0, ...hours), 1),
  };
}

export function toSession(row: SessionRow): OnboardingSession {
  const plan = planOf(row);
  return {
    onboarding_session_id: row.id,
    status: row.status as OnboardingStatus,
    ready_for_review: row.status === 'PLAN_DRAFTED',
    consent_version: row.consentVersion,
    language: row.language,
    prompt: row.prompt,
    goal_context: goalOf(row),
    // Sessions parsed before the column existed were read by the rules.
    goal_parsed_by: (row.goalParsedBy as 'rules' | 'model' | null) ?? (row.goalContext ? 'rules' : null),
    profile: profileOf(row),
    week_plan_draft: plan ? draftOf(plan) : null,
    explainability: plan ? { bullets: [...plan.explainability.bullets] } : null,
    feasibility: plan?.feasibility ?? null,
    plan_review: plan?.review ?? null,
    plan_summary: plan ? planSummaryOf(plan) : null,
    devices_skipped: row.devicesSkipped,
    plan_id: row.planId,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// A generated plan's goal, profile and outline, as the onboarding approval stores them (docs/onboarding.md,
// "Adopting a generated plan"), for the suites that need a plan with an outline.
import type { GoalContextDto, TrainingProfileDto } from '@stamina/contract';
import { addDays, type GeneratedPlan, generatePlan, parseGoal } from '@stamina/core';
import { outlineWeeks } from '../src/modules/plans/generated.ts';

export function trainingProfile(today: string): TrainingProfileDto {
  return {
    ctl: 35,
    weekly_hours: 5,
    longest_session_minutes: { run: 90, bike: 0, swim: 0 },
    thresholds: {
      ftp_watts: null,
      threshold_pace_seconds_per_km: 270,
      css_seconds_per_100m: null,
      max_hr: null,
      lthr: null,
    },
    data: {
      from: addDays(today, -84),
      to: today,
      training_days: 40,
      activities: 40,
      completed_workouts: 0,
      wellness_days: 0,
      hrv_average: null,
      resting_hr_average: null,
      sleep_hours_average: null,
    },
  };
}

export function goalContext(today: string, text: string): GoalContextDto {
  return parseGoal(text, { today }) as GoalContextDto;
}

export function generatedPlan(today: string, goal: GoalContextDto): GeneratedPlan {
  return generatePlan(
    goal,
    { ctl: 35, weeklyHours: 5, thresholds: { thresholdPaceSecondsPerKm: 270 } },
    { today },
  );
}

/** The stored outline of a marathon plan from `today`; `label` goes in the event's name, to trace leaks. */
export function storedOutline(today: string, raceDate: string, label = ''): Record<string, unknown> {
  const goal = goalContext(today, `Marathon on ${raceDate}, 6 hours a week, intermediate`);
  const plan = generatedPlan(today, goal);
  const named = { ...goal, primary_event: { ...goal.primary_event, distance: `${label} marathon`.trim() } };
  return {
    goal_context: named,
    profile: trainingProfile(today),
    explainability: plan.explainability,
    weeks: outlineWeeks(plan),
    generated_at: new Date().toISOString(),
  };
}

// What each kind of write makes stale, in one registry: every mutation calls invalidateAfter(client, event) for
// the event it is, and each screen that shows data derived from that write refetches. A new query family that
// depends on a write is added here, not in the mutation. Keys are prefixes (TanStack Query matches by prefix).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { activityKeys } from './activities/keys.ts';
import { analyticsKeys } from './analytics/keys.ts';
import { coachKeys } from './coach/keys.ts';
import { athleteKeys, dashboardKeys } from './dashboard/keys.ts';
import { metricsKeys } from './metrics/keys.ts';
import { notificationKeys } from './notifications/notifications.ts';
import { onboardingKeys } from './onboarding/keys.ts';
import { planKeys } from './plan/keys.ts';
import { profileKeys } from './profile/keys.ts';
import { thresholdKeys } from './settings/keys.ts';
import { workoutBankKeys } from './workout-bank/keys.ts';
import { workoutKeys } from './workouts/keys.ts';
import { PARSE_WORKOUT_KEY } from './workouts/parse-workout.ts';

export type WriteEvent =
  | 'workout'
  | 'plan'
  | 'planSessions'
  | 'planChange'
  | 'wellness'
  | 'activity'
  | 'thresholds'
  | 'onboarding'
  | 'onboarding-reset'
  | 'templateFavorite'
  | 'templateRating'
  | 'templateUse'
  | 'ownTemplate';

/** Plan progress of every plan: `planKeys.progress(id)` without the id. */
const PLAN_PROGRESS: QueryKey = ['plans', 'progress'];

/**
 * Everything computed from the athlete's sessions: the workouts and the calendar themselves, the recorded
 * activities (their matched workout, training values and curves), training load and zones (analytics,
 * progress), plan progress (it counts the plan's workouts), the profile page's figures and the whole
 * dashboard (today's workout, the week, streaks, form, readiness).
 */
const SESSION_DERIVED: readonly QueryKey[] = [
  workoutKeys.all,
  activityKeys.all,
  workoutKeys.calendarAll,
  analyticsKeys.all,
  PLAN_PROGRESS,
  dashboardKeys.all,
  profileKeys.summary,
];

const INVALIDATES: Readonly<Record<WriteEvent, readonly QueryKey[]>> = {
  workout: SESSION_DERIVED,
  // An import, a match, a sport change or a deletion of a recording completes, adds, re-scores or removes
  // sessions, like a workout write.
  activity: SESSION_DERIVED,
  // Thresholds (FTP, threshold heart rate and pace) re-label planned workouts, re-score their TSS and zones, and
  // change how the editor's live parse reads a text; the thresholds and zone tables themselves too.
  // The Metrics page's FTP and threshold pace are the same dated thresholds (docs/zones.md).
  thresholds: [...SESSION_DERIVED, thresholdKeys.all, PARSE_WORKOUT_KEY, metricsKeys.all],
  // The active plan names the race: the dashboard's countdown and summary, and race readiness, read it.
  // The profile page's Current Goals card reads it too.
  plan: [planKeys.all, dashboardKeys.all, analyticsKeys.raceReadiness, profileKeys.summary],
  // A generated plan adopted or rebuilt writes the plan and its sessions at once: both of the above.
  planSessions: [...SESSION_DERIVED, planKeys.all, analyticsKeys.raceReadiness],
  // An adaptation run or an undo (docs/adaptation.md) changes sessions and the plan's history of changes, and
  // each change made is a notification. A confirmed coach action is a plan change too, and an undo shows on the
  // coach's action card (docs/coach.md, "Actions").
  planChange: [...SESSION_DERIVED, planKeys.all, notificationKeys.list, coachKeys.all],
  // Wellness feeds the metrics charts, recovery and readiness (dashboard) and the readiness series of the
  // fitness trends (Progress, Analytics); the body weight, an activity's W/kg (its analysis).
  wellness: [metricsKeys.all, dashboardKeys.all, ['analytics', 'fitness-trends'], activityKeys.analysisAll],
  // Approving an onboarding session adopts a generated plan (as planSessions) and completes onboarding (the
  // status and the athlete profile's onboarding_complete).
  onboarding: [
    ...SESSION_DERIVED,
    planKeys.all,
    analyticsKeys.raceReadiness,
    onboardingKeys.all,
    athleteKeys.me,
  ],
  // A reset only makes onboarding incomplete again.
  'onboarding-reset': [onboardingKeys.all, athleteKeys.me],
  // Workout Bank (docs/workout-bank.md, "Web page"): a favourite changes the Saved tab and the template's heart;
  // a rating changes the template's average, its reviews and what is recommended; a template put on the
  // calendar is a workout write (the 'workout' event) and a use, which ranks the popular lists.
  templateFavorite: [workoutBankKeys.favorites, workoutBankKeys.templates],
  templateRating: [workoutBankKeys.all],
  templateUse: [workoutBankKeys.templates, ['workout-bank', 'popular'], ['workout-bank', 'recommendations']],
  // An own template saved or edited: the searches, the Mine tab and the template itself.
  ownTemplate: [workoutBankKeys.all],
};

/** Marks stale, and refetches where shown, every query that `event` changes. */
export async function invalidateAfter(client: QueryClient, event: WriteEvent): Promise<void> {
  await Promise.all(INVALIDATES[event].map((queryKey) => client.invalidateQueries({ queryKey })));
}

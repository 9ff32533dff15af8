// Dashboard API answers for the dashboard, bell and celebrations tests, shaped by the contract's types, and a
// fetch mock routed by path. "Today" is Tuesday 18 November 2025; errors answer 400 so nothing is retried.
import type { AthleteProfile, DashboardSummary, NotificationDto, User } from '@stamina/contract';
import { defaultWidgetConfig } from '@stamina/core';
import type { ReadinessWidgetData } from '../src/api/dashboard/readiness-widget.ts';
import type { DashboardRecovery } from '../src/api/dashboard/recovery.ts';
import { writeSession } from '../src/lib/session-store.ts';
import { type Call, json, makeWorkout, mockFetch, toEvent } from './calendar-test-utils.tsx';

export const TODAY = '2025-11-18';

export const user = {
  id: '00000000-0000-4000-8000-000000000000',
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  name: 'Ana Runner',
  user_metadata: { name: 'Ana Runner', units: 'metric' as const },
  email_confirmed_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

/** Stores a session for `as` whose token (naming `as.id`) expires in an hour, as a signed-in browser has. */
export function signIn(as: User = user): void {
  const payload = btoa(JSON.stringify({ sub: as.id, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(
    /=+$/,
    '',
  );
  writeSession({
    access_token: `h.${payload}.s`,
    refresh_token: 'refresh',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: as,
  });
}

export const todaysWorkout = makeWorkout({
  title: 'Threshold Intervals',
  workout_date: TODAY,
  intensity_zone: 4,
  duration_minutes: 60,
});

export function summary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    athlete_id: user.athlete_id,
    date: TODAY,
    readiness_score: 85,
    recovery_score: 82,
    thresholds: { estimated: false, defaults: ['lthr'] },
    fitness_score: 48.4,
    fatigue_score: 36.2,
    form_score: 12.2,
    todays_workout: {
      id: todaysWorkout.id,
      title: todaysWorkout.title,
      description: '5 x 6 min at threshold with 2 min easy',
      sport: 'run',
      intensity: 4,
      duration: 60,
      target_heart_rate_min: 160,
      target_heart_rate_max: 172,
      status: 'planned',
      workout_date: TODAY,
      plan_id: null,
    },
    weekly_summary: {
      week_start: '2025-11-17',
      completed_sessions: 3,
      planned_sessions: 5,
      total_sessions: 5,
      total_duration_hours: 3.5,
      weekly_tss: 210,
    },
    current_training_streak: 4,
    longest_training_streak: 9,
    primary_race: null,
    active_plan: { id: 'plan-1', title: 'Spring Marathon', progress_percentage: 42 },
    trends: { readiness_trend: 4.2, volume_trend: 'stable', intensity_trend: 'stable' },
    recovery_insights: [
      'Sleep is below your baseline',
      'HRV is trending up',
      'Keep easy days easy',
      'Fourth',
    ],
    unread_notifications: 0,
    ...overrides,
  };
}

export function profile(overrides: Partial<AthleteProfile> = {}): AthleteProfile {
  return {
    id: user.athlete_id,
    layout_style: 'minimal',
    widget_config: defaultWidgetConfig(),
    onboarding_complete: true,
    notification_preferences: {
      missedSession: true,
      newWeekPlan: true,
      recoveryWarning: true,
      dailyEmail: false,
      pushPlanChanges: true,
      pushMissedKeySession: true,
    },
    adaptation_enabled: true,
    tracked_metrics: {
      heart_rate: true,
      pace: true,
      power: true,
      hrv: true,
      sleep: true,
      fatigue: true,
      rpe: true,
    },
    avatar_version: null,
    ...overrides,
  };
}

function factor(value: number | null) {
  return { value, baseline: null, weight: 0.2, points: 0 };
}

export function recovery(score: number | null = 72): DashboardRecovery {
  return {
    today:
      score === null
        ? null
        : {
            date: TODAY,
            score,
            label: 'Good Recovery',
            band: 'normal',
            factors: {
              hrv: factor(52),
              resting_hr: factor(48),
              sleep_duration: factor(6.5),
              sleep_quality: factor(4),
              subjective_readiness: factor(4),
              training_load: factor(null),
            },
            confidence: 1,
            baselines: { hrv: 45, resting_hr: 50, sleep_hours: 7.5, source: 'default', days: 3 },
            trends: { recovery: 'stable', hrv: 'stable', resting_hr: 'stable', sleep: 'stable' },
            recommendations: [],
          },
    analysis: {
      overall_score: score,
      daily_scores: [],
      trend: 'stable',
      factors: {
        hrv_average: 52,
        resting_hr_average: 48,
        sleep_hours_average: 6.5,
        sleep_quality_average: 4,
      },
      recommendations: [],
    },
  } as DashboardRecovery;
}

export function readinessWidget(readiness: number | null = 81): ReadinessWidgetData {
  return {
    readiness,
    readinessConfidence: 1,
    trends: { readiness_trend: 0 },
    recoveryFactors: { sleep_duration: 6.5, hrv: 52 },
    readinessTrends: { hrv: 'stable' },
    fitnessMetrics: { tsb: 12, atl: 36, ctl: 48, trainingReadiness: 80 },
    primaryRace: null,
    currentStreak: 4,
    weekSummary: { total_duration_hours: 3.5, weekly_tss: 210, planned_sessions: 5, completed_sessions: 3 },
    recoveryRecommendations: [],
  };
}

export function notification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: crypto.randomUUID(),
    kind: 'missed_session',
    title: 'Missed session',
    body: 'You missed Easy Run yesterday.',
    link: '/calendar',
    created_at: '2025-11-18T08:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

type Answer = unknown | ((call: Call) => Response);

export interface DashboardAnswers {
  summary?: Answer;
  profile?: Answer;
  recovery?: Answer;
  readiness?: Answer;
  weeklySummary?: Answer;
  streak?: Answer;
  raceCountdown?: Answer;
  current?: Answer;
  notifications?: Answer;
  calendar?: Answer;
  welcome?: Answer;
  estimates?: Answer;
}

export const failure =
  (message = 'Bad request') =>
  () =>
    json(400, { message, code: 'BAD_REQUEST' });

/** Routes every dashboard read; `answers` replace the defaults (a function answers the call itself). */
export function mockDashboard(answers: DashboardAnswers = {}) {
  const defaults: Required<DashboardAnswers> = {
    summary: summary(),
    profile: profile(),
    recovery: recovery(),
    readiness: readinessWidget(),
    weeklySummary: summary().weekly_summary,
    streak: { current_streak: 4, longest_streak: 9, streak_type: 'training_days' },
    raceCountdown: {
      plan_id: 'plan-1',
      name: 'Spring Marathon',
      race_type: 'Marathon',
      date: '2026-04-12',
      days_until: 145,
      target_time: null,
    },
    current: { fatigue: { value: 4, date: TODAY }, hrv: null, sleep_hours: null },
    notifications: { notifications: [], unread_count: 0 },
    calendar: { calendar_events: [toEvent(todaysWorkout)] },
    welcome: { first_visit: false, greeting: 'Welcome back' },
    estimates: { estimated: false, thresholds: [] },
  };
  const all = { ...defaults, ...answers };
  const routes: Record<string, Answer> = {
    '/api/dashboard/summary': all.summary,
    '/api/athletes/me': all.profile,
    '/api/dashboard/recovery': all.recovery,
    '/api/dashboard/widgets/readiness': all.readiness,
    '/api/dashboard/widgets/weekly-summary': all.weeklySummary,
    '/api/dashboard/widgets/streak': all.streak,
    '/api/dashboard/widgets/race-countdown': all.raceCountdown,
    '/api/v1/metrics/current': all.current,
    '/api/notifications': all.notifications,
    '/api/workout-planning/calendar': all.calendar,
    '/api/auth/me': user,
    '/api/dashboard/welcome': all.welcome,
    '/api/athletes/me/threshold-estimates': all.estimates,
  };
  return mockFetch((call) => {
    const answer = routes[call.url.pathname];
    if (answer === undefined) return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    return typeof answer === 'function'
      ? (answer as (c: Call) => Response)(call)
      : json(200, { data: answer });
  });
}

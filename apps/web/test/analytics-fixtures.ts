// Analytics API answers for the Analytics and Progress page tests, shaped by the contract's types, and a
// fetch mock routed by path. "Today" in these tests is Tuesday 18 November 2025.
import type {
  AchievementDto,
  AnalyticsWeeklyLoad,
  FitnessProjection,
  FitnessTrends,
  Polarization,
  RaceReadinessDto,
  ZonesDistribution,
} from '@stamina/contract';
import { addDays } from '@stamina/core';
import { vi } from 'vitest';
import type { Consistency } from '../src/api/analytics/consistency.ts';
import { type Call, json, mockFetch } from './calendar-test-utils.tsx';

export const TODAY = '2025-11-18';
const THIS_MONDAY = '2025-11-17';

/** Weeks ending with this week, oldest first; each number is that week's bike hours. */
export function weeklyLoad(hours: readonly number[]): AnalyticsWeeklyLoad[] {
  return hours.map((h, i) => {
    const swim = h > 0 ? 1 : 0;
    const bike = Math.max(0, h - swim);
    return {
      week: i + 1,
      week_start_date: addDays(THIS_MONDAY, (i - (hours.length - 1)) * 7),
      swim_hours: swim,
      bike_hours: bike,
      run_hours: 0,
      strength_hours: 0,
      swim_tss: swim * 50,
      bike_tss: bike * 60,
      run_tss: 0,
      strength_tss: 0,
      total_hours: h,
      total_tss: swim * 50 + bike * 60,
      sessions: h > 0 ? 3 : 0,
      acute_load: 50,
      chronic_load: 45,
      training_stress_balance: -5,
      planned_hours: h,
      completion_rate: h > 0 ? 100 : null,
    };
  });
}

const zoneSummary = {
  zone_1_percentage: 30,
  zone_2_percentage: 42,
  zone_3_percentage: 18,
  zone_4_percentage: 7,
  zone_5_percentage: 3,
  zone_1_2_percentage: 72,
  zone_4_5_percentage: 10,
  total_time_minutes: 600,
};

export function zones(overrides: Partial<ZonesDistribution> = {}): ZonesDistribution {
  return {
    period: '3months',
    start_date: '2025-08-19',
    end_date: TODAY,
    ...zoneSummary,
    by_sport: {
      run: zoneSummary,
      bike: zoneSummary,
      swim: zoneSummary,
      strength: zoneSummary,
      other: zoneSummary,
    },
    targets: { zone_1_2: 80, zone_3: 5, zone_4_5: 15 },
    ...overrides,
  };
}

export function polarized(overrides: Partial<Polarization> = {}): Polarization {
  return {
    period: '3months',
    current_distribution: { low: 80, moderate: 5, high: 15 },
    ideal_distribution: { low: 80, moderate: 5, high: 15 },
    polarization_score: 100,
    recommendations: ['Your training is polarized: mostly easy with some hard work. Keep it up.'],
    is_polarized: true,
    total_time_minutes: 600,
    ...overrides,
  };
}

export function fitnessTrends(days: number, recovery: number | null = null): FitnessTrends {
  return {
    records: Array.from({ length: days }, (_, i) => ({
      date: addDays(TODAY, i - (days - 1)),
      tss: 60,
      ctl: 40 + i * 0.1,
      atl: 45,
      tsb: -5 + i * 0.1,
      fitness_level: 'moderate' as const,
      fatigue_level: 'moderate' as const,
      form_level: 'neutral' as const,
      training_readiness: 70,
      recovery_score: recovery,
    })),
    ramp_rate: 2,
    trends: { fitness: 'improving', fatigue: 'stable', form: 'stable' },
  };
}

export function consistency(days: number, completion_percentage = 87, current_streak = 4): Consistency {
  const statuses = ['complete', 'complete', 'rest', 'partial', 'missed', 'complete', 'rest'] as const;
  return {
    daily_data: Array.from({ length: days }, (_, i) => {
      const date = addDays(TODAY, i - (days - 1));
      return {
        date,
        day: Number(date.slice(8)),
        status: statuses[i % 7]!,
        completion: 1,
        planned_sessions: 1,
        completed_sessions: 1,
        planned_minutes: 60,
        completed_minutes: 60,
      };
    }),
    summary: {
      total_days: days,
      rest_days: 8,
      complete_days: 12,
      partial_days: 4,
      missed_days: 4,
      training_days: days - 8,
      completion_percentage,
      average_completion: 80,
      current_streak,
      longest_streak: 9,
    },
  };
}

function achievement(overrides: Partial<AchievementDto>): AchievementDto {
  return {
    id: 'first_workout',
    name: 'First Workout',
    description: 'Complete your first workout',
    emoji: '🎉',
    category: 'milestone',
    earned: true,
    earned_date: '2025-09-02',
    progress_percentage: 100,
    current_value: 1,
    target_value: 1,
    unit: 'workouts',
    ...overrides,
  };
}

export function achievements(earned: number, total: number) {
  const list = Array.from({ length: total }, (_, i) =>
    i < earned
      ? achievement({ id: `earned_${i}`, name: `Earned ${i + 1}` })
      : achievement({
          id: `open_${i}`,
          name: `Open ${i + 1}`,
          earned: false,
          earned_date: null,
          progress_percentage: 40,
          current_value: 20,
          target_value: 50,
        }),
  );
  return { achievements: list, earned_count: earned, total_count: total };
}

export function raceReadiness(): RaceReadinessDto {
  return {
    readiness_score: 72,
    fitness_level: 'moderate',
    taper_recommendation: 'Start a 14-day taper on Dec 1: cut volume by about half and keep some intensity.',
    predicted_performance: {
      model: 'riegel',
      model_name: "Riegel's endurance model (1981): T2 = T1 × (D2 / D1)^1.06",
      exponent: 1.06,
      predictions: [
        {
          distance_meters: 21097.5,
          name: 'Half Marathon',
          predicted_time_seconds: 6300,
          predicted_time: '1:45:00',
          based_on: { distance_meters: 10000, time_seconds: 2900, date: '2025-11-01' },
        },
      ],
    },
    areas_to_focus: ['Build long-run endurance'],
    days_until_race: 27,
    race_day_load: { ctl: 55, atl: 40, tsb: 15 },
    race: { plan_id: 'p1', title: 'City Half', race_type: 'half_marathon', race_date: '2025-12-15' },
  };
}

export interface AnalyticsAnswers {
  weeklyHours: (weeks: number) => number[];
  earned: number;
  total: number;
  zones?: ZonesDistribution;
  polarized?: Polarization;
  recovery?: number | null;
  /** The fitness projection; default none (nothing planned). */
  projection?: FitnessProjection;
  /** Answers this path with a 400 error while it returns true. */
  fail?: (path: string) => boolean;
}

/** Routes every Analytics API call to a fixture; records the calls. */
export function mockAnalytics(answers: AnalyticsAnswers) {
  return mockFetch((call: Call) => {
    const path = call.url.pathname;
    const q = (name: string) => Number(call.url.searchParams.get(name));
    if (answers.fail?.(path))
      return json(400, { message: 'The analytics service is unavailable', code: 'X' });
    switch (path) {
      case '/api/analytics/weekly-load':
        return json(200, { data: weeklyLoad(answers.weeklyHours(q('weeks'))) });
      case '/api/analytics/zones':
        return json(200, { data: answers.zones ?? zones() });
      case '/api/analytics/polarized':
        return json(200, { data: answers.polarized ?? polarized() });
      case '/api/analytics/fitness-trends':
        return json(200, { data: fitnessTrends(q('days'), answers.recovery ?? null) });
      case '/api/analytics/fitness-projection':
        return json(200, {
          data: answers.projection ?? { end_date: null, ends_at: null, race_date: null, records: [] },
        });
      case '/api/analytics/consistency':
        return json(200, { data: consistency(q('days')) });
      case '/api/analytics/achievements':
        return json(200, { data: achievements(answers.earned, answers.total) });
      case '/api/analytics/race-readiness':
        return json(200, { data: raceReadiness() });
      case '/api/activities/curves':
        return json(200, {
          data: {
            type: call.url.searchParams.get('type'),
            period: call.url.searchParams.get('period'),
            points: [{ x: 300, label: '5 min', value: 280, activity_id: 'a-1', date: '2025-11-10' }],
          },
        });
      default:
        return json(404, { message: `No fixture for ${path}`, code: 'NOT_FOUND' });
    }
  });
}

// jsdom lays nothing out; this reports a 640×240 box so recharts draws.
class ResizeObserverStub {
  constructor(
    private readonly callback: (entries: { contentRect: { width: number; height: number } }[]) => void,
  ) {}
  observe() {
    this.callback([{ contentRect: { width: 640, height: 240 } }]);
  }
  unobserve() {}
  disconnect() {}
}

export function stubLayout() {
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
}

// A week of an athlete's data for the built-in coach's tests. Today is Thursday 26 Nov 2026; the week runs
// Monday 23 to Sunday 29.
import type { CoachSnapshot, CoachWorkout } from '../src/index.ts';

const w = (
  id: string,
  date: string,
  title: string,
  sport: string,
  minutes: number | null,
  zone: number | null,
  status: CoachWorkout['status'] = 'planned',
  text: string | null = null,
): CoachWorkout => ({
  id,
  title,
  date,
  sport,
  durationMinutes: minutes,
  intensityZone: zone,
  status,
  text,
  description: null,
});

export const TODAY = '2026-11-26';

export function snapshot(overrides: Partial<CoachSnapshot> = {}): CoachSnapshot {
  return {
    today: TODAY,
    readiness: {
      date: TODAY,
      score: 48,
      label: 'Take It Easy',
      recoveryScore: 52,
      ctl: 55.2,
      atl: 68.4,
      tsb: -13.2,
      acwr: 1.24,
      recommendations: [
        "Readiness 48: keep today's session easy and short.",
        'Sleep 8 hours tonight to recover.',
      ],
    },
    workouts: [
      w('sat-prev', '2026-11-21', 'Long ride', 'bike', 150, 2, 'completed'),
      w('mon', '2026-11-23', 'Easy run', 'run', 40, 2, 'completed'),
      w('tue', '2026-11-24', 'VO2 max intervals', 'bike', 60, 5),
      w('wed', '2026-11-25', 'Easy run', 'run', 45, 2),
      w(
        'thu',
        TODAY,
        'Threshold intervals',
        'run',
        60,
        4,
        'planned',
        '15min Z2, 3x 10min Z4 2min Z1, 10min Z2',
      ),
      w('sat', '2026-11-28', 'Long ride', 'bike', 180, 2, 'planned', '3h Z2'),
      w('sun', '2026-11-29', 'Easy run', 'run', 45, 2),
      w('tue2', '2026-12-01', 'Tempo run', 'run', 50, 3),
      w('thu2', '2026-12-03', 'Swim technique', 'swim', 45, 2),
      w('sat2', '2026-12-05', 'Long run', 'run', 120, 2),
    ],
    loadTrend: [
      { weekStart: '2026-10-26', totalTss: 380, ctl: 46, atl: 50, tsb: -4 },
      { weekStart: '2026-11-02', totalTss: 420, ctl: 48.5, atl: 55, tsb: -6.5 },
      { weekStart: '2026-11-09', totalTss: 450, ctl: 50.9, atl: 60, tsb: -9.1 },
      { weekStart: '2026-11-16', totalTss: 470, ctl: 53.4, atl: 64, tsb: -10.6 },
      { weekStart: '2026-11-23', totalTss: 300, ctl: 55.2, atl: 68.4, tsb: -13.2 },
    ],
    race: {
      title: 'Spring Marathon',
      raceDate: '2027-04-18',
      daysUntil: 143,
      score: 62,
      fitnessLevel: 'moderate',
      taperRecommendation: 'Keep training for now: start your taper 14 days before the race.',
      raceDayCtl: 71.3,
      raceDayTsb: 8.4,
      areasToFocus: ['Build aerobic fitness'],
      prediction: { name: 'Marathon', time: '3:28:45' },
    },
    plan: { id: 'plan-1', title: 'Spring Marathon plan', raceDate: '2027-04-18' },
    changes: [
      {
        id: 'c1',
        workoutId: 'thu',
        kind: 'ease',
        source: 'adaptation',
        reason: "Readiness 38 after a 5-hour night: today's VO2 session became threshold intervals.",
        createdAt: '2026-11-26T05:00:00Z',
        workoutDate: TODAY,
        undone: false,
      },
      {
        id: 'c0',
        workoutId: 'sat',
        kind: 'move',
        source: 'coach',
        reason: 'Moved at your request.',
        createdAt: '2026-11-20T05:00:00Z',
        workoutDate: '2026-11-28',
        undone: true,
      },
    ],
    ...overrides,
  };
}

// Generated plan cases for the plan reviewer's property tests: every event family, experience, hours from 3
// to 20, race dates from 3 weeks to a year ahead, day preferences, injuries, and what the athlete says of
// their training (a race result, weekly volume, thresholds) or nothing at all.
import fc from 'fast-check';
import {
  addDays,
  emptyAthleteFacts,
  type GeneratedPlan,
  type GoalAthleteFacts,
  generatePlan,
  INJURIES,
  type PlanGoal,
  type PlanProfile,
  type RaceType,
  WEEK_DAYS,
  type WeekDay,
} from '../src/index.ts';

export interface PlanCase {
  goal: PlanGoal;
  profile: PlanProfile;
  today: string;
}

/** Event, sport, distance. */
export const EVENTS: ReadonlyArray<[RaceType, 'triathlon' | 'run' | 'bike' | 'swim', number, string]> = [
  ['Ironman', 'triathlon', 226_000, 'Ironman'],
  ['Half Ironman', 'triathlon', 113_000, 'Half Ironman'],
  ['Olympic Triathlon', 'triathlon', 51_500, 'Olympic Triathlon'],
  ['Sprint Triathlon', 'triathlon', 25_750, 'Sprint Triathlon'],
  ['Marathon', 'run', 42_195, 'Marathon'],
  ['Custom Event', 'run', 50_000, '50 km'],
  ['Half Marathon', 'run', 21_097.5, 'Half Marathon'],
  ['10K', 'run', 10_000, '10K'],
  ['5K', 'run', 5_000, '5K'],
  ['Century Ride', 'bike', 160_934, 'Century Ride'],
  ['Custom Event', 'bike', 130_000, 'Gran Fondo'],
  ['Open Water Swim', 'swim', 3_800, 'Open Water Swim'],
  ['Open Water Swim', 'swim', 1_500, '1.5 km'],
];

const RACE_SECONDS_PER_KM: Record<string, [number, number]> = { run: [190, 420] };

const day = fc.constantFrom(...WEEK_DAYS);
export const planCaseArb: fc.Arbitrary<PlanCase> = fc
  .record({
    event: fc.constantFrom(...EVENTS),
    hours: fc.double({ min: 3, max: 20, noNaN: true }),
    todayOffset: fc.integer({ min: 0, max: 400 }),
    days: fc.integer({ min: 21, max: 365 }),
    experience: fc.constantFrom('beginner' as const, 'intermediate' as const, 'advanced' as const),
    injuries: fc.oneof(fc.constant([]), fc.subarray([...INJURIES], { maxLength: 2 })),
    longRun: day,
    longRide: day,
    noSwim: day,
    rest: fc.option(day, { nil: undefined }),
    ctl: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 110 })),
    recent: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 16, noNaN: true })),
    paceSecondsPerKm: fc.option(
      fc.integer({ min: RACE_SECONDS_PER_KM.run![0], max: RACE_SECONDS_PER_KM.run![1] }),
      {
        nil: undefined,
      },
    ),
    pbMeters: fc.constantFrom(5_000, 10_000, 21_097.5, 42_195),
    targetShare: fc.option(fc.double({ min: 0.85, max: 1.1, noNaN: true }), { nil: undefined }),
    statedHours: fc.option(fc.double({ min: 1, max: 15, noNaN: true }), { nil: undefined }),
    thresholds: fc.option(
      fc.record({
        ftpWatts: fc.integer({ min: 120, max: 380 }),
        thresholdPaceSecondsPerKm: fc.integer({ min: 200, max: 420 }),
        cssSecondsPer100m: fc.integer({ min: 70, max: 160 }),
      }),
      { nil: undefined },
    ),
  })
  .map((r) => {
    const [race, sport, meters, distance] = r.event;
    const today = addDays('2026-06-01', r.todayOffset);
    const athlete: GoalAthleteFacts = emptyAthleteFacts();
    let target = 'finish';
    if (r.paceSecondsPerKm !== undefined) {
      athlete.performances = [
        {
          sport: 'run',
          distance_meters: r.pbMeters,
          race_type: null,
          time_seconds: Math.round((r.paceSecondsPerKm * r.pbMeters) / 1000),
          date: null,
        },
      ];
      if (sport === 'run' && r.targetShare !== undefined) {
        const t = Math.round(((r.paceSecondsPerKm * 1.06 * meters) / 1000) * r.targetShare);
        target = `${Math.floor(t / 3600)}:${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
      }
    }
    if (r.statedHours !== undefined) athlete.current_weekly_hours = Math.round(r.statedHours * 10) / 10;
    const goal: PlanGoal = {
      primary_event: {
        sport,
        distance,
        distance_meters: meters,
        race_type: race,
        date: addDays(today, r.days),
        target,
      },
      weekly_hours: Math.round(r.hours * 2) / 2,
      experience: r.experience,
      injuries: r.injuries,
      preferences: {
        long_run_day: r.longRun,
        long_ride_day: r.longRide,
        no_swim_day: r.noSwim,
        rest_days: r.rest ? [r.rest] : [],
      },
      athlete,
    };
    const profile: PlanProfile = {
      ctl: r.ctl,
      weeklyHours: r.recent,
      ...(r.thresholds ? { thresholds: r.thresholds } : {}),
    };
    return { goal, profile, today };
  });

/** `count` cases drawn once with a fixed seed. */
export function planCases(count: number, seed = 26): PlanCase[] {
  return fc.sample(planCaseArb, { numRuns: count, seed });
}

/** Whole weeks before race week: seven days, the plan's first partial week and race week left out. */
export const wholeWeeks = (p: GeneratedPlan) =>
  p.weeks.filter((w) => w.kind !== 'race' && addDays(w.start, 6) === w.end);

/** The runs of a week, the race left out. */
export const weekRuns = (w: GeneratedPlan['weeks'][number]) =>
  w.sessions.filter((s) => s.sport === 'run' && s.kind !== 'race');

/**
 * A beginner's 5K or 10K plan, `weeks` whole weeks from a Monday `offset` days after 4 January 2027, with no
 * recorded training. `longestRun` (minutes) says they already run; without it they are a new runner.
 */
export function beginnerRunPlan(
  race: '5K' | '10K',
  hours: number,
  offset: number,
  weeks: number,
  options: { longestRun?: number; units?: 'imperial'; rest?: WeekDay[] } = {},
): GeneratedPlan {
  const today = addDays('2027-01-04', offset);
  const goal = runGoal(race, hours, addDays(today, weeks * 7), 'beginner', options.rest ?? [], {
    ...emptyAthleteFacts(),
    longest_recent_minutes: { run: options.longestRun ?? null, bike: null, swim: null },
  });
  return generatePlan(
    goal,
    { ctl: 0, weeklyHours: 0 },
    { today, ...(options.units ? { units: options.units } : {}) },
  );
}

/** A 5K or 10K goal to `date`, long run on Saturday, with the athlete facts given. */
export function runGoal(
  race: '5K' | '10K',
  hours: number,
  date: string,
  experience: PlanGoal['experience'],
  rest: WeekDay[],
  athlete: GoalAthleteFacts,
): PlanGoal {
  return {
    primary_event: {
      sport: 'run',
      distance: race,
      distance_meters: race === '5K' ? 5_000 : 10_000,
      race_type: race,
      date,
      target: 'finish',
    },
    weekly_hours: hours,
    experience,
    injuries: [],
    preferences: {
      long_run_day: 'saturday',
      long_ride_day: 'sunday',
      no_swim_day: 'sunday',
      rest_days: rest,
    },
    athlete,
  };
}

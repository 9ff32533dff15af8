// A plan's run paces as a coach reads them, and a plan written in miles for an imperial athlete.
// Paces keep Daniels' order whatever the target: interval faster than threshold, threshold faster than a half
// marathon's or marathon's race pace, a 5K's or 10K's race pace between interval and threshold, easy slowest
// (docs/plan-generator.md, "Knowing the athlete" and "Targets"). An imperial athlete's plan reads mi and /mi and
// parses back to the metric plan's sessions (docs/units.md, "Workout texts").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GeneratedPlan,
  generatePlan,
  METERS_PER_MILE,
  type PlanGoal,
  type PlanSession,
  parseGoal,
  parseWorkout,
  thresholdPaceFromTarget,
  workoutTss,
} from '../src/index.ts';

const TODAY = '2026-11-28';
const NONE = { ctl: 0, weeklyHours: 0 };

const hms = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};
const sessions = (plan: GeneratedPlan) => plan.weeks.flatMap((w) => w.sessions);
const runs = (plan: GeneratedPlan) => sessions(plan).filter((s) => s.sport === 'run');
/** Every pace a text writes, s/km (a range as its two ends), per km or per mile. */
function paces(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(\d+):(\d{2})(?:-(\d+):(\d{2}))?\/(km|mi)\b/g)) {
    const per = m[5] === 'mi' ? METERS_PER_MILE / 1000 : 1;
    out.push((Number(m[1]) * 60 + Number(m[2])) / per);
    if (m[3]) out.push((Number(m[3]) * 60 + Number(m[4])) / per);
  }
  return out;
}

const EVENTS = {
  '5K': { text: '5k on 2027-02-28, 5 hours a week', meters: 5000, from: 15 * 60, to: 40 * 60 },
  '10K': { text: '10k on 2027-03-14, 5 hours a week', meters: 10_000, from: 32 * 60, to: 80 * 60 },
  half: {
    text: 'half marathon on 2027-04-11, 6 hours a week',
    meters: 21_097.5,
    from: 70 * 60,
    to: 180 * 60,
  },
  marathon: {
    text: 'marathon on 2027-04-18, 8 hours a week',
    meters: 42_195,
    from: 150 * 60,
    to: 360 * 60,
  },
} as const;
type EventName = keyof typeof EVENTS;

function goalWithTarget(event: EventName, seconds: number): PlanGoal {
  const g = parseGoal(EVENTS[event].text, { today: TODAY });
  return { ...g, primary_event: { ...g.primary_event, target: hms(seconds) } };
}

/** The plan's run paces by what they are for, s/km as written. */
function planPaces(plan: GeneratedPlan) {
  const r = runs(plan);
  const pick = (pred: (s: PlanSession) => boolean, index: (p: number[]) => number) =>
    r.filter(pred).map((s) => index(paces(s.workout_language_text)));
  // The 30-min test is at T pace; threshold intervals too; race day and race-pace sessions at race pace.
  const threshold = [
    ...pick(
      (s) => s.kind === 'test',
      (p) => p[2]!,
    ),
    ...pick(
      (s) => s.title === 'Threshold intervals',
      (p) => p[2]!,
    ),
  ];
  const interval = pick(
    (s) => s.title === 'VO2max intervals',
    (p) => p[2]!,
  );
  const race = [
    ...pick(
      (s) => s.kind === 'race',
      (p) => p[0]!,
    ),
    ...pick(
      (s) => s.title === 'Race-pace intervals',
      (p) => p[2]!,
    ),
  ];
  const easy = pick(
    (s) => s.title === 'Easy run',
    (p) => p[0]!,
  );
  return { threshold, interval, race, easy };
}

describe('run paces keep their order (docs/plan-generator.md, "Knowing the athlete")', () => {
  it('a 1:35 half marathon with no result: threshold faster than the 4:30/km race pace (was 4:31)', () => {
    const plan = generatePlan(goalWithTarget('half', 95 * 60), NONE, { today: TODAY });
    const p = planPaces(plan);
    expect(p.race).toContain(270);
    expect(new Set(p.threshold)).toEqual(new Set([264])); // 4:24/km
    expect(Math.max(...p.threshold)).toBeLessThan(Math.min(...p.race));
    expect(plan.explainability.bullets.join(' ')).toContain('Race pace 4:30/km');
  });

  it('a 3:15 marathon with a 1:32 half: threshold 4:16/km from the result, marathon pace 4:37/km', () => {
    const g = parseGoal('marathon on 2027-04-18, goal 3:15, half marathon PB 1:32, 8 hours a week', {
      today: TODAY,
    });
    expect(g.athlete?.performances.length).toBeGreaterThan(0);
    const plan = generatePlan(g, NONE, { today: TODAY });
    const p = planPaces(plan);
    expect(new Set(p.threshold)).toEqual(new Set([256]));
    expect(new Set(p.race)).toEqual(new Set([277]));
  });

  it('for every target and distance: interval < threshold, threshold < half and marathon pace, easy slowest', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom<EventName>('5K', '10K', 'half', 'marathon')
          .chain((event) =>
            fc.tuple(fc.constant(event), fc.integer({ min: EVENTS[event].from, max: EVENTS[event].to })),
          ),
        ([event, seconds]) => {
          const plan = generatePlan(goalWithTarget(event, seconds), NONE, { today: TODAY });
          const p = planPaces(plan);
          expect(p.threshold.length).toBeGreaterThan(0);
          expect(p.race.length).toBeGreaterThan(0);
          const t = Math.min(...p.threshold);
          expect(Math.max(...p.threshold)).toBe(t);
          const race = p.race[0]!;
          // Goal-pace work at goal pace (to the second).
          expect(Math.abs(race - seconds / (EVENTS[event].meters / 1000))).toBeLessThanOrEqual(1);
          const interval = Math.round(t * 0.93);
          for (const i of p.interval) expect(i).toBe(interval);
          expect(interval).toBeLessThan(t);
          if (event === 'half' || event === 'marathon') expect(t).toBeLessThan(race);
          else {
            expect(interval).toBeLessThan(race);
            expect(race).toBeLessThan(t);
          }
          // Easy running is the slowest pace of the plan.
          expect(Math.min(...p.easy)).toBeGreaterThan(Math.max(t, race));
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
  });

  it('the first estimate is 3 % below the target where that keeps the order (a 3:15 marathon: 4:27/km)', () => {
    expect(thresholdPaceFromTarget(42_195, 195 * 60)).toBe(267);
    expect(thresholdPaceFromTarget(10_000, 45 * 60)).toBe(283);
    // A 20-min 5K: the interval pace no slower than 1 % faster than 4:00/km.
    expect(Math.round(thresholdPaceFromTarget(5000, 20 * 60)! * 0.93)).toBeLessThan(240);
  });

  it('a finish goal with nothing to pace from runs a marathon slower than a half', () => {
    const race = (event: EventName) =>
      planPaces(generatePlan(parseGoal(EVENTS[event].text, { today: TODAY }), NONE, { today: TODAY }))
        .race[0]!;
    expect(race('marathon')).toBeGreaterThan(race('half'));
    expect(race('half')).toBeGreaterThan(race('10K'));
    expect(race('10K')).toBeGreaterThan(race('5K'));
  });
});

describe('an imperial athlete reads the plan in miles (docs/units.md, "Workout texts")', () => {
  const PROFILE = {
    ctl: 40,
    weeklyHours: 7,
    longestSessionMinutes: { run: 90, bike: 150, swim: 45 },
    thresholds: { ftpWatts: 240, thresholdPaceSecondsPerKm: 285, cssSecondsPer100m: 105 },
  };
  const GOALS = [
    'marathon on 2027-04-18, goal 3:30, 8 hours a week',
    'half marathon on 2027-04-11, 6 hours a week',
    '5k on 2027-01-31, 4 hours a week',
    'half ironman on 2027-06-13, 10 hours a week',
  ];
  const pairs = GOALS.map((text) => {
    const goal = parseGoal(text, { today: TODAY });
    return {
      metric: generatePlan(goal, PROFILE, { today: TODAY }),
      imperial: generatePlan(goal, PROFILE, { today: TODAY, units: 'imperial' }),
    };
  });

  it('writes run paces per mile and run and ride distances in miles; swims stay in metres', () => {
    for (const { imperial } of pairs)
      for (const s of sessions(imperial)) {
        const text = s.workout_language_text;
        expect(text, text).not.toMatch(/km\b/);
        if (s.sport === 'run' && paces(text).length > 0) expect(text).toMatch(/\/mi\b/);
        if (s.sport === 'swim') expect(text).not.toMatch(/mi\b|yd\b/);
      }
    const marathon = sessions(pairs[0]!.imperial);
    expect(marathon.find((s) => s.kind === 'race')?.workout_language_text).toBe('26.2mi @ 8:01/mi');
    expect(marathon.some((s) => /, \d+mi @ 8:01\/mi$/.test(s.workout_language_text))).toBe(true);
    const racePaced = marathon.filter((s) => s.title === 'Long run with race pace');
    expect(racePaced.length).toBeGreaterThan(0);
    for (const s of racePaced) {
      const miles = /, (\d+(?:\.\d)?)mi @/.exec(s.workout_language_text)![1];
      expect(s.reason).toContain(`last ${miles} mi at race pace`);
    }
    const tri = sessions(pairs[3]!.imperial).filter((s) => s.kind === 'race');
    expect(tri.map((s) => s.workout_language_text.replace(/ @.*/, ''))).toEqual([
      '1900m',
      '55.9mi',
      '13.1mi',
    ]);
  });

  it('says the plan in miles: the result its threshold comes from and its race pace', () => {
    const goal = parseGoal('marathon on 2027-04-18, goal 3:15, half marathon PB 1:32, 8 hours a week', {
      today: TODAY,
    });
    const text = generatePlan(goal, NONE, { today: TODAY, units: 'imperial' }).explainability.bullets.join(
      ' ',
    );
    expect(text).toContain('from your 1:32:00 over 13.1 mi');
    expect(text).toContain('Race pace 7:26/mi');
    expect(text).not.toMatch(/km\b/);
  });

  it('parses back without a warning to the same sessions, durations and TSS as the metric plan', () => {
    for (const { metric, imperial } of pairs) {
      const a = sessions(metric);
      const b = sessions(imperial);
      expect(b.map((s) => `${s.date} ${s.sport} ${s.kind}`)).toEqual(
        a.map((s) => `${s.date} ${s.sport} ${s.kind}`),
      );
      let minutesA = 0;
      let minutesB = 0;
      a.forEach((sa, i) => {
        const sb = b[i]!;
        expect(
          Math.abs(sb.duration_minutes - sa.duration_minutes),
          sb.workout_language_text,
        ).toBeLessThanOrEqual(2);
        expect(sb.intensity_zone).toBe(sa.intensity_zone);
        if (sb.sport === 'strength') return;
        const parse = (s: PlanSession) =>
          parseWorkout(s.workout_language_text, { sport: s.sport, thresholds: PROFILE.thresholds });
        const pa = parse(sa);
        const pb = parse(sb);
        expect(pb.warnings, sb.workout_language_text).toEqual([]);
        const ma = pa.total_duration_estimated / 60;
        const mb = pb.total_duration_estimated / 60;
        // A marathon-pace long run's kilometres become miles to the half: up to 2 minutes more or less.
        expect(Math.abs(mb - ma), sb.workout_language_text).toBeLessThanOrEqual(2);
        minutesA += ma;
        minutesB += mb;
        const tss = (s: PlanSession, p: typeof pa) =>
          workoutTss({
            sport: s.sport,
            duration_minutes: p.total_duration_estimated / 60,
            zone_distribution: p.zone_distribution,
          }) ?? 0;
        expect(Math.abs(tss(sb, pb) - tss(sa, pa)), sb.workout_language_text).toBeLessThanOrEqual(
          Math.max(1, tss(sa, pa) * 0.03),
        );
      });
      expect(Math.abs(minutesB - minutesA)).toBeLessThanOrEqual(minutesA * 0.005);
      expect(imperial.review?.passed).toBe(metric.review?.passed);
    }
  });
});

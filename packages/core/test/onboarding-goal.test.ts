import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPERIENCE_LEVELS, type GoalAssumed, MAX_WEEKLY_HOURS, parseGoal, WEEK_DAYS } from '../src/index.ts';
import { GOAL_FIXTURES, TODAY } from './goal-fixtures.ts';

describe('parseGoal fixtures', () => {
  it('has at least 80 goal texts', () => {
    expect(GOAL_FIXTURES.length).toBeGreaterThanOrEqual(80);
  });

  it.each(GOAL_FIXTURES.map((f) => [f.text, f] as const))('%s', (_, f) => {
    const goal = parseGoal(f.text, { today: TODAY });
    const e = goal.primary_event;
    if (f.race !== undefined) expect(e.race_type).toBe(f.race);
    if (f.sport !== undefined) expect(e.sport).toBe(f.sport);
    if (f.meters !== undefined) expect(Math.abs(e.distance_meters - f.meters)).toBeLessThanOrEqual(1);
    if (f.distance !== undefined) expect(e.distance).toBe(f.distance);
    if (f.date !== undefined) expect(e.date).toBe(f.date);
    if (f.target !== undefined) expect(e.target).toBe(f.target);
    if (f.hours !== undefined) expect(goal.weekly_hours).toBeCloseTo(f.hours, 2);
    if (f.range !== undefined) expect(goal.weekly_hours_range).toEqual(f.range);
    if (f.weekdayMax !== undefined) expect(goal.preferences.weekday_max_minutes).toBe(f.weekdayMax);
    if (f.experience !== undefined) expect(goal.experience).toBe(f.experience);
    if (f.injuries !== undefined) expect(goal.injuries).toEqual(f.injuries);
    if (f.longRun !== undefined) expect(goal.preferences.long_run_day).toBe(f.longRun);
    if (f.longRide !== undefined) expect(goal.preferences.long_ride_day).toBe(f.longRide);
    if (f.noSwim !== undefined) expect(goal.preferences.no_swim_day).toBe(f.noSwim);
    if (f.rest !== undefined) expect(goal.preferences.rest_days).toEqual(f.rest);
    if (f.others !== undefined) expect(goal.other_events.map((o) => o.race_type)).toEqual(f.others);
    if (f.assumed !== undefined) {
      const assumed = (Object.keys(goal.assumed) as (keyof GoalAssumed)[]).filter((k) => goal.assumed[k]);
      expect(assumed.sort()).toEqual([...f.assumed].sort());
    }
  });
});

describe('parseGoal', () => {
  it('marks every field assumed for a text that gives nothing, with the review defaults', () => {
    const goal = parseGoal('hello there, coach', { today: TODAY });
    expect(Object.values(goal.assumed).every(Boolean)).toBe(true);
    expect(goal.weekly_hours).toBe(6);
    expect(goal.experience).toBe('intermediate');
    expect(goal.preferences).toMatchObject({
      long_run_day: 'saturday',
      long_ride_day: 'friday',
      no_swim_day: 'sunday',
    });
  });

  it('reads the date in the athlete time zone when no day is given', () => {
    // 23:30 UTC on the 22nd is already the 23rd in Auckland.
    const now = new Date('2026-11-22T23:30:00Z');
    expect(parseGoal('marathon in 1 week', { now, timezone: 'Pacific/Auckland' }).primary_event.date).toBe(
      '2026-11-30',
    );
    expect(parseGoal('marathon in 1 week', { now, timezone: 'UTC' }).primary_event.date).toBe('2026-11-29');
  });

  it("aims a race named only by its season at the season's middle, in the athlete's hemisphere, still assumed", () => {
    const at = (text: string, timezone = 'UTC') => {
      const goal = parseGoal(text, { today: '2026-11-29', timezone });
      return [goal.primary_event.date, goal.assumed.date, goal.notes.some((n) => /until you set/.test(n))];
    };
    expect(at('a sub-45 10k in spring')).toEqual(['2027-04-11', true, true]);
    expect(at('marathon next autumn')).toEqual(['2027-10-10', true, true]);
    expect(at('late summer century ride')).toEqual(['2027-08-08', true, true]);
    expect(at('half marathon in spring', 'Australia/Sydney')).toEqual(['2027-10-10', true, true]);
    // "Fall" as a verb is no season; a text with no race is no race in a season.
    expect(at('I fall a lot on trails, 50k race')[2]).toBe(false);
    expect(at('I want to get fitter this summer')[2]).toBe(false);
  });

  it('never takes a date in the past or a weekday name as race day', () => {
    const goal = parseGoal('marathon on 2025-04-01, long run on Sunday', { today: TODAY });
    expect(goal.assumed.date).toBe(true);
    expect(goal.primary_event.date > TODAY).toBe(true);
  });

  it("reads the week's running distance after how often the athlete runs, and not a ride's or a swim's", () => {
    const km = (text: string) =>
      parseGoal(`10K on March 14th 2027. ${text}`, { today: TODAY }).athlete.current_weekly_km;
    expect(km('I run 3 times a week, about 25 km.')).toBe(25);
    expect(km('I run 3x/week, ~25 km total')).toBe(25);
    expect(km('Running 4 days a week, roughly 30 kilometres.')).toBe(30);
    expect(km('I run 3 times a week, about 15 miles.')).toBe(24.1);
    expect(km('I ride 3 times a week, about 100 km.')).toBeNull();
    expect(km('I swim 3 times a week, about 6 km.')).toBeNull();
    expect(km('I run 3 times a week for 20 years.')).toBeNull();
    // A race or a result after the count is no weekly distance.
    expect(km('I run 4 times a week, 10K PB 48:00, 5 hours a week.')).toBeNull();
    expect(km('I run 4 times a week, 10k in 45:30.')).toBeNull();
    expect(km('Running 3 times a week, 5k pb 22:10.')).toBeNull();
    expect(km('I run 3 times a week, 5k race next month.')).toBeNull();
  });

  it("reads a bare time after another, undated event as that event's result, and a swimmer's pace as CSS", () => {
    const goal = parseGoal(
      'Half Ironman on 2027-06-13, 8 hours a week, swim 1:50/100m, FTP 230, half marathon 1:45',
      {
        today: TODAY,
      },
    );
    expect(goal.primary_event.race_type).toBe('Half Ironman');
    expect(goal.primary_event.target).not.toBe('1:45:00');
    expect(goal.athlete.performances).toEqual([
      { sport: 'run', distance_meters: 21_097.5, race_type: 'Half Marathon', time_seconds: 6300, date: null },
    ]);
    expect(goal.other_events).toEqual([]);
    expect(goal.athlete.css_seconds_per_100m).toBe(110);
    // The goal's own event keeps a bare time as its target; a dated second race keeps its own.
    expect(parseGoal('Half marathon 1:45 on 2027-04-18', { today: TODAY }).primary_event.target).toBe(
      '1:45:00',
    );
    expect(
      parseGoal('Olympic triathlon on 2027-06-13, 10k 45:00', { today: TODAY }).athlete.performances[0]
        ?.time_seconds,
    ).toBe(2700);
    // An easy or a goal swim pace is no CSS.
    expect(
      parseGoal('Sprint tri in June, easy swim 2:10/100m', { today: TODAY }).athlete.css_seconds_per_100m,
    ).toBeNull();
  });

  it('plans from what the athlete trains now when they give no hours: km or sessions a week, still assumed', () => {
    const fast = parseGoal('Marathon on 2027-04-18, goal 2:55, I run 6 times a week about 95 km', {
      today: TODAY,
    });
    // 95 km at an intermediate's easy 6:00/km: 9.5 hours, not the default 6.
    expect(fast.weekly_hours).toBe(9.5);
    expect(fast.assumed.weekly_hours).toBe(true);
    const four = parseGoal('10K on 2027-03-14, I run 4 times a week', { today: TODAY });
    expect(four.weekly_hours).toBe(3);
    expect(four.assumed.weekly_hours).toBe(true);
    // Hours given stay the athlete's.
    expect(
      parseGoal('Marathon on 2027-04-18, I run about 95 km a week, 7 hours a week', { today: TODAY })
        .weekly_hours,
    ).toBe(7);
  });

  it('reads how often the athlete trains each sport now, not what they can or want to do, nor strength', () => {
    const sessions = (text: string) =>
      parseGoal(`10K on March 14th 2027. ${text}`, { today: TODAY }).athlete.current_weekly_sessions;
    const runs = (text: string) => sessions(text).run;
    expect(runs('I run 3 times a week, about 25 km.')).toBe(3);
    expect(runs('I run 3x/week, ~25 km total')).toBe(3);
    expect(runs('I run 4 x per week.')).toBe(4);
    expect(runs('Running 4 days a week, roughly 30 kilometres.')).toBe(4);
    expect(runs('Currently three runs a week.')).toBe(3);
    expect(runs('I run 30 minutes 3 times a week.')).toBe(3);
    expect(sessions('I ride twice a week and swim once a week.')).toEqual({ run: null, bike: 2, swim: 1 });
    expect(sessions('I do 3 strength sessions a week and run twice a week.')).toEqual({
      run: 2,
      bike: null,
      swim: null,
    });
    // Not now, no sport, or not endurance training.
    expect(sessions('I can train 4 days a week.')).toEqual({ run: null, bike: null, swim: null });
    expect(runs('45 minutes a day, 6 days a week.')).toBeNull();
    expect(runs('I want to run 5 times a week.')).toBeNull();
    expect(runs('I used to run 5 times a week.')).toBeNull();
    expect(runs("I run twice a week but I'd like to run 4 times a week.")).toBe(2);
    expect(runs('I do 3 sessions of strength a week.')).toBeNull();
    expect(runs('I race 3 times a week.')).toBeNull();
  });

  it('reads the sports the athlete names as their weakness, not injuries, terrain or strengths', () => {
    const limiters = (text: string) =>
      parseGoal(`Olympic triathlon in June, 8 hours a week. ${text}`, { today: TODAY }).athlete.limiters;
    expect(
      parseGoal('Olympic triathlon in June, 8 hours a week, weak swimmer', { today: TODAY }).athlete.limiters,
    ).toEqual(['swim']);
    expect(limiters('Swimming is my weakness.')).toEqual(['swim']);
    expect(limiters('My limiter is the bike.')).toEqual(['bike']);
    expect(limiters('Not a strong swimmer.')).toEqual(['swim']);
    expect(limiters('Poor runner.')).toEqual(['run']);
    expect(limiters('I struggle with the swim.')).toEqual(['swim']);
    expect(limiters('I can barely swim.')).toEqual(['swim']);
    expect(limiters("I'm new to swimming.")).toEqual(['swim']);
    expect(limiters('Bike is my weak leg.')).toEqual(['bike']);
    expect(limiters('My biggest weakness is definitely the run.')).toEqual(['run']);
    expect(limiters('Weak on the bike and a slow runner.')).toEqual(['bike', 'run']);
    expect(limiters('Strong cyclist but weak swimmer.')).toEqual(['swim']);
    // Strengths, injuries, terrain, a denial, a bad day: no limiter.
    expect(limiters('Strong cyclist, ex-swimmer with a swim background.')).toEqual([]);
    expect(limiters('Weak knees and a weak ankle.')).toEqual([]);
    expect(limiters("I'm weak at hills.")).toEqual([]);
    expect(limiters("I'm not a weak swimmer.")).toEqual([]);
    expect(limiters('Had a bad run last week.')).toEqual([]);
    expect(limiters('New to triathlon.')).toEqual([]);
  });

  it('reads the hours the athlete can do after what they train now', () => {
    const read = (text: string) => {
      const goal = parseGoal(`Gran fondo on June 20th 2027. ${text}`, { today: TODAY });
      return [goal.weekly_hours, goal.athlete.current_weekly_hours];
    };
    expect(read('I ride about 7 hours a week now, can do 9.')).toEqual([9, 7]);
    expect(read('I train 6 hours a week now, could do 8 hours')).toEqual([8, 6]);
    // Not hours: sessions, a distance, more of something, a count past any week.
    expect(read('Currently 5 hours a week, I can do 2 more')).toEqual([5, 5]);
    expect(read('Training 5 hours a week now, I can do 10k in 45 min')).toEqual([5, 5]);
    expect(read('Training 5 hours a week now, I can do 100 push-ups')).toEqual([5, 5]);
  });

  it("reads the longest session's distance, never as the event, and 'never more than X' as no beginner's word", () => {
    const read = (text: string) => {
      const goal = parseGoal(text, { today: TODAY });
      return {
        km: goal.athlete.longest_recent_km,
        race: goal.primary_event.distance,
        beginner: goal.assumed.experience ? null : goal.experience,
      };
    };
    const none = { run: null, bike: null, swim: null };
    expect(read('Sub-3:15 marathon on April 26th, longest run 28km')).toMatchObject({
      km: { ...none, run: 28 },
      race: 'Marathon',
    });
    expect(read('half in May, have done a half before, longest run 18 k').km.run).toBe(18);
    expect(read('10k in March, the furthest I have run is 15 km').km.run).toBe(15);
    // A limit, not a beginner: experience stays to the rest of the text.
    expect(read('Century ride in June, never ridden more than 60 miles')).toEqual({
      km: { ...none, bike: 96.6 },
      race: 'Century Ride',
      beginner: null,
    });
    expect(read('never raced before, never run further than 5 km, 10k in April').beginner).toBe('beginner');
    // The distance is the athlete's: the gran fondo keeps its own.
    expect(read('my longest ride so far is 100 km, gran fondo in september')).toMatchObject({
      km: { ...none, bike: 100 },
      race: 'Gran Fondo',
    });
    // Metres are a swim's unit only; a week's distance or a plan is no longest session.
    expect(read('olympic tri, longest swim 1500m, longest run 28m').km).toEqual({ ...none, swim: 1.5 });
    expect(read('marathon in april, I run 40 km a week, long run 20 km planned').km).toEqual(none);
  });

  it('does not throw on hostile input', () => {
    for (const text of ['', ' ', '\u0000', 'x'.repeat(100_000), '9'.repeat(400), '💥 ironman 💥']) {
      expect(() => parseGoal(text, { today: TODAY })).not.toThrow();
    }
  });
});

describe('parseGoal properties', () => {
  const words = fc.constantFrom(
    'ironman',
    'marathon',
    'half',
    '10k',
    'in',
    '16',
    'weeks',
    'hours',
    'a',
    'week',
    'sub',
    '3:30',
    'on',
    'sundays',
    'no',
    'swimming',
    'knee',
    'first',
    '5th',
    'april',
    '12th',
    '2027',
    'and',
    'B race',
    'long run',
    '45',
    'minutes',
    'weekdays',
    '999',
    'day',
    ',',
    '.',
    '-',
    '/',
    'tri',
    'ride',
    'km',
    'mile',
  );
  const texts = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(words, { maxLength: 40 }).map((w) => w.join(' ')),
  );

  it('always answers a complete, sane goal context', () => {
    fc.assert(
      fc.property(texts, (text) => {
        const goal = parseGoal(text, { today: TODAY });
        expect(goal.primary_event.date > TODAY).toBe(true);
        expect(goal.weekly_hours).toBeGreaterThan(0);
        expect(goal.weekly_hours).toBeLessThanOrEqual(MAX_WEEKLY_HOURS);
        expect(EXPERIENCE_LEVELS).toContain(goal.experience);
        expect(goal.primary_event.distance_meters).toBeGreaterThan(0);
        expect(goal.primary_event.target).toMatch(/^(finish|\d+:\d{2}:\d{2})$/);
        for (const day of [
          goal.preferences.long_run_day,
          goal.preferences.long_ride_day,
          goal.preferences.no_swim_day,
        ])
          expect(WEEK_DAYS).toContain(day);
      }),
      { numRuns: 400 },
    );
  });
});

describe('a race date followed by an amount', () => {
  it('keeps its day whatever amount follows it ("5K on 28 february, 3 hours a week")', () => {
    const months = ['january', 'february', 'march', 'april', 'may', 'june'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom('3 hours a week', '4-5 hrs per week', '40 km a week', '6h/week', '30 miles weekly'),
        fc.constantFrom('5K', 'half marathon', 'marathon'),
        (day, month, amount, race) => {
          const text = `${race} on ${day} ${months[month]}, ${amount}`;
          const goal = parseGoal(text, { today: TODAY });
          const expected = `2027-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(goal.primary_event.date, text).toBe(expected);
          expect(goal.assumed.date, text).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

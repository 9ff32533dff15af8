// The goal parser on the tuning part of the goal corpus (per-field accuracy floors), on the phrasings issue
// 27 named, and its properties: dates never in the past, hours within the review's range, a time alone is
// never a distance. The held-out part is scored by `npm run bench -- goal-parser`, never here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_WEEKLY_HOURS, MIN_WEEKLY_HOURS, parseGoal } from '../src/index.ts';
import { MONTHS } from '../src/onboarding/goal-text.ts';
import { CORPUS_FIELDS, CORPUS_TODAY, loadCorpus, scoreCorpus } from './goal-corpus.ts';

const read = (text: string) => parseGoal(text, { today: CORPUS_TODAY });

describe('goal corpus (tuning part)', () => {
  const entries = loadCorpus('tuning');

  it('holds at least 320 texts, and the held-out part a fifth of the whole', () => {
    const held = loadCorpus('held-out');
    expect(entries.length).toBeGreaterThanOrEqual(320);
    expect(held.length * 5).toBeGreaterThanOrEqual(entries.length + held.length);
    expect(new Set([...entries, ...held].map((e) => e.text)).size).toBe(entries.length + held.length);
  });

  it('reads every field right in at least 97 % of the texts', () => {
    const score = scoreCorpus(entries, read);
    for (const field of CORPUS_FIELDS) {
      const share = score.right[field] / score.entries;
      expect({ field, share, wrong: score.wrong[field].slice(0, 5) }).toMatchObject({
        share: expect.toSatisfy((s: number) => s >= 0.97),
      });
    }
  }, 60_000);
});

describe('parseGoal on the phrasings of issue 27', () => {
  it('reads targets written as goals, wants, hours-and-minutes and "under"', () => {
    expect(read('Goal 3:15 to qualify for Boston').primary_event).toMatchObject({
      race_type: 'Marathon',
      target: '3:15:00',
    });
    expect(read('want 1:45 in the half').primary_event.target).toBe('1:45:00');
    expect(read('Olympic tri, Goal 2:20').primary_event.target).toBe('2:20:00');
    expect(read('half ironman, Target 5h30').primary_event.target).toBe('5:30:00');
    expect(read('half marathon under 1h20').primary_event.target).toBe('1:20:00');
    expect(read('10 mile race in 80 min').primary_event.target).toBe('1:20:00');
  });

  it('reads "June 20th" as the 20th of June and a stated gran fondo distance', () => {
    expect(read("half marathon, it's on June 20th").primary_event.date).toBe('2027-06-20');
    expect(read('Gran Fondo on 3 Oct 2027, 160km').primary_event).toMatchObject({
      sport: 'bike',
      distance_meters: 160_000,
      date: '2027-10-03',
    });
  });

  it('takes the number after a month for a day only when no unit follows it', () => {
    const tri = read('70.3 in June, 8-10 hrs/week');
    expect(tri.primary_event.date).toBe('2027-06-13');
    expect(tri.weekly_hours).toBe(9);
    expect(read('marathon in may, 6-8 hours a week').primary_event.date).toBe('2027-05-09');
    expect(read('marathon on June 8, 6 hours a week').primary_event.date).toBe('2027-06-08');
  });

  it('reads "about 3 hours in total" as 3 hours a week', () => {
    expect(read('10k, about 3 hours in total').weekly_hours).toBe(3);
  });

  it('keeps a denied injury out and a past one apart', () => {
    const goal = read('Knees and lower back are fine, but I had a stress fracture. 10k in May');
    expect(goal.injuries).toEqual(['stress_fracture']);
    const past = read('marathon in May, had a stress fracture in 2025, ACL surgery 2023');
    expect(past.injuries).toEqual([]);
    expect(past.assumed.injuries).toBe(false);
    expect(past.athlete.past_injuries).toEqual(['knee', 'stress_fracture']);
  });

  it('reads day exclusions and the athlete facts', () => {
    const goal = read(
      'Olympic tri. Pool is closed on Fridays, no running on Mondays. PB 2:41, FTP 250, running 40 km a week now',
    );
    expect(goal.preferences.no_swim_day).toBe('friday');
    expect(goal.preferences.sport_exclusions).toHaveLength(2);
    expect(goal.preferences.sport_exclusions).toEqual(
      expect.arrayContaining([
        { sport: 'swim', day: 'friday' },
        { sport: 'run', day: 'monday' },
      ]),
    );
    expect(goal.athlete).toMatchObject({ ftp_watts: 250, current_weekly_km: 40 });
    expect(goal.athlete.performances).toEqual([
      {
        sport: 'triathlon',
        distance_meters: 51_500,
        race_type: 'Olympic Triathlon',
        time_seconds: 9660,
        date: null,
      },
    ]);
  });

  it('sets a Boston qualifier from the age and sex given, and leaves it to the athlete otherwise', () => {
    expect(read('BQ attempt, I am a 52 year old male, marathon in May').primary_event.target).toBe('3:20:00');
    const unknown = read('BQ attempt at the marathon in May');
    expect(unknown.assumed.target).toBe(true);
    expect(unknown.notes.join(' ')).toMatch(/age and sex/);
  });

  it('takes minutes off a stated PB, and asks when the PB is not given', () => {
    expect(read('Marathon PB 3:40, I want to take 10 minutes off my PB in April').primary_event.target).toBe(
      '3:30:00',
    );
    const goal = read('take 5 minutes off my PB at the marathon in May');
    expect(goal.assumed.target).toBe(true);
    expect(goal.notes).toHaveLength(1);
  });

  it('tells current volume from the hours available', () => {
    const goal = read('half ironman in June, about 6 h a week now, can go up to 9');
    expect(goal.athlete.current_weekly_hours).toBe(6);
    expect(goal.weekly_hours).toBe(9);
    const only = read('century ride in June, riding about 6 h a week now');
    expect(only.athlete.current_weekly_hours).toBe(6);
    expect(only.assumed.weekly_hours).toBe(true);
  });
});

describe('parseGoal properties', () => {
  const todays = fc
    .date({
      min: new Date('2025-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it('never reads a race day on or before today, whatever the form of the date', () => {
    const phrases = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom(...MONTHS)).map(([d, m]) => `on ${m} ${d}th`),
      fc
        .tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom(...MONTHS))
        .map(([d, m]) => `the ${d}th of ${m}`),
      fc
        .tuple(
          fc.integer({ min: 1, max: 28 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 2024, max: 2032 }),
        )
        .map(([d, m, y]) => `on ${d}/${m}/${y}`),
      fc.constantFrom(...MONTHS).map((m) => `end of ${m}`),
      fc.constantFrom(...MONTHS).map((m) => `next ${m}`),
      fc.integer({ min: 1, max: 60 }).map((n) => `in ${n} weeks`),
      fc.integer({ min: 1, max: 31 }).map((n) => `on the ${n}th`),
    );
    fc.assert(
      fc.property(
        todays,
        phrases,
        fc.constantFrom('marathon', 'half ironman', '10k', 'century'),
        (today, phrase, event) => {
          const goal = parseGoal(`${event} ${phrase}`, { today });
          expect(goal.primary_event.date > today).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads weekly hours within the range the review offers and the plan generator takes', () => {
    const amounts = fc.oneof(
      fc.double({ min: 0, max: 100, noNaN: true }).map((h) => `${h.toFixed(1)} hours a week`),
      fc
        .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
        .map(([a, b]) => `${a}-${b} hours per week`),
      fc
        .tuple(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 5, max: 300 }))
        .map(([n, m]) => `${n} sessions of ${m} minutes a week`),
      fc.integer({ min: 1, max: 600 }).map((m) => `${m} minutes a day`),
      fc.integer({ min: 0, max: 80 }).map((h) => `about ${h} hours in total`),
    );
    fc.assert(
      fc.property(amounts, (text) => {
        const goal = parseGoal(`marathon, ${text}`, { today: CORPUS_TODAY });
        expect(goal.weekly_hours).toBeGreaterThanOrEqual(MIN_WEEKLY_HOURS);
        expect(goal.weekly_hours).toBeLessThanOrEqual(MAX_WEEKLY_HOURS);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a decimal distance whole, with a point or a comma, never as the 5K or 10K in its tail', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('5', '10', '05'),
        fc.constantFrom('.', ','),
        fc.constantFrom('open water swim', 'swim', 'run', 'ride'),
        (whole, tail, point, sport) => {
          const meters = Number(`${whole}.${tail}`) * 1000;
          const goal = parseGoal(`${sport} ${whole}${point}${tail} km on 4 july 2027`, {
            today: CORPUS_TODAY,
          });
          expect(goal.primary_event.sport).toBe(
            sport === 'ride' ? 'bike' : sport.endsWith('swim') ? 'swim' : 'run',
          );
          expect(Math.abs(goal.primary_event.distance_meters - meters)).toBeLessThanOrEqual(meters * 0.02);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never reads a time with no event as a distance', () => {
    const times = fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${h}:${String(m).padStart(2, '0')}`),
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${h}h${String(m).padStart(2, '0')}`),
      fc.integer({ min: 1, max: 300 }).map((m) => `${m} min`),
      fc.integer({ min: 1, max: 24 }).map((h) => `${h} hours`),
    );
    const cue = fc.constantFrom('sub', 'under', 'goal', 'want', 'target', 'in', '');
    fc.assert(
      fc.property(cue, times, (c, t) => {
        const goal = parseGoal(`${c} ${t}`.trim(), { today: CORPUS_TODAY });
        expect(goal.assumed.distance).toBe(true);
        expect(goal.other_events).toEqual([]);
        expect(goal.athlete.performances).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

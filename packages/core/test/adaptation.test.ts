// The daily adaptation's rules (docs/adaptation.md): scenarios an athlete would recognise, and properties
// that hold for any plan: the athlete's own workouts and days are never touched, each workout changes at
// most once, and a moved session stays in its week on a free day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdaptationInput,
  type AdaptationWorkout,
  addDays,
  coachDay,
  proposeAdaptations,
  weekStartOf,
} from '../src/index.ts';

// A Wednesday, so that a missed Monday session has days left in its week.
const TODAY = '2026-03-11';

let n = 0;
function workout(values: Partial<AdaptationWorkout> & { date: string; title: string }): AdaptationWorkout {
  n += 1;
  return {
    id: `w${n}`,
    sport: 'run',
    durationMinutes: 45,
    intensityZone: 2,
    status: 'planned',
    tss: 45,
    actualTss: null,
    inPlan: true,
    byAthlete: false,
    changed: false,
    ...values,
  };
}

function input(workouts: AdaptationWorkout[], extra: Partial<AdaptationInput> = {}): AdaptationInput {
  return { today: TODAY, workouts, readiness: [], decidedDays: [], raceDate: null, ...extra };
}

describe('poor readiness', () => {
  const vo2 = () =>
    workout({ date: TODAY, title: 'VO2max intervals', intensityZone: 5, durationMinutes: 45, tss: 70 });

  it("swaps today's hard session for an easy, shorter one, saying why in plain words", () => {
    const w = vo2();
    const changes = proposeAdaptations(
      input([w], { readiness: [{ date: TODAY, score: 38, sleepHours: 5 }] }),
    );
    expect(changes).toEqual([
      {
        workoutId: w.id,
        kind: 'swap',
        reason: "Readiness 38 after a 5-hour night: today's VO2max intervals became a 35-min Z2 run.",
        patch: { title: 'Easy run', workoutLanguageText: '35min Z2', durationMinutes: 35, intensityZone: 2 },
      },
    ]);
  });

  it('shortens a long session to 60 % of its length in zone 2: its load changes, not only its name', () => {
    const long = workout({ date: TODAY, title: 'Long run', durationMinutes: 60, tss: 60 });
    const [change] = proposeAdaptations(input([long], { readiness: [{ date: TODAY, score: 35 }] }));
    expect(change!.patch).toEqual({
      title: 'Easy run',
      workoutLanguageText: '35min Z2',
      durationMinutes: 35,
      intensityZone: 2,
    });
    const ride = workout({ date: TODAY, title: 'Long ride', sport: 'bike', durationMinutes: 240 });
    const [eased] = proposeAdaptations(input([ride], { readiness: [{ date: TODAY, score: 35 }] }));
    expect(eased!.patch.durationMinutes).toBe(145);
  });

  it('never leaves a hard or long session longer than 60 % (long) or 75 % (hard) of its length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 360 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (minutes, zone, long) => {
          const w = workout({
            date: TODAY,
            title: long ? 'Long run' : 'Session',
            durationMinutes: minutes,
            intensityZone: zone,
          });
          const [c] = proposeAdaptations(input([w], { readiness: [{ date: TODAY, score: 30 }] }));
          const hard = zone >= 4;
          if (!long && !hard && minutes < 90) {
            expect(c).toBeUndefined();
            return;
          }
          const share = hard ? 0.75 : 0.6;
          expect(c!.patch.intensityZone).toBe(2);
          expect(c!.patch.durationMinutes!).toBeLessThanOrEqual(Math.max(5, minutes * share + 2.5));
        },
      ),
    );
  });

  it('counts two days below 55 as poor, and one day below 55 as fine', () => {
    const w = vo2();
    const two = proposeAdaptations(
      input([w], {
        readiness: [
          { date: addDays(TODAY, -1), score: 50 },
          { date: TODAY, score: 52 },
        ],
      }),
    );
    expect(two.map((c) => c.kind)).toEqual(['swap']);
    expect(two[0]!.reason).toMatch(/^Readiness 50 yesterday and 52 today/);
    const one = proposeAdaptations(
      input([w], {
        readiness: [
          { date: addDays(TODAY, -1), score: 70 },
          { date: TODAY, score: 52 },
        ],
      }),
    );
    expect(one).toEqual([]);
  });

  it('makes the day a rest day when readiness is very poor', () => {
    const w = vo2();
    const easy = workout({ date: TODAY, title: 'Easy swim', sport: 'swim' });
    const changes = proposeAdaptations(input([w, easy], { readiness: [{ date: TODAY, score: 20 }] }));
    expect(changes.map((c) => [c.workoutId, c.kind, c.patch])).toEqual([
      [w.id, 'rest', { status: 'skipped' }],
      [easy.id, 'rest', { status: 'skipped' }],
    ]);
  });

  it('leaves an easy session alone when readiness is merely poor, and any session without a score', () => {
    const easy = workout({ date: TODAY, title: 'Easy run' });
    expect(proposeAdaptations(input([easy], { readiness: [{ date: TODAY, score: 35 }] }))).toEqual([]);
    expect(proposeAdaptations(input([vo2()], { readiness: [{ date: TODAY, score: null }] }))).toEqual([]);
  });
});

describe('missed sessions', () => {
  it('moves a missed long run to the next free day of its week', () => {
    const monday = weekStartOf(TODAY);
    const long = workout({ date: monday, title: 'Long run', durationMinutes: 100, tss: 100 });
    const today = workout({ date: TODAY, title: 'Easy run' });
    const changes = proposeAdaptations(input([long, today]));
    expect(changes).toEqual([
      {
        workoutId: long.id,
        kind: 'move',
        reason: `Missed long run on Monday: moved to ${coachDay(addDays(TODAY, 1))}, the next free day this week.`,
        patch: { workoutDate: addDays(TODAY, 1) },
      },
    ]);
  });

  it("drops a missed long run when the week's remaining load has no room for it", () => {
    const monday = weekStartOf(TODAY);
    const long = workout({ date: monday, title: 'Long run', durationMinutes: 100, tss: 100 });
    // An extra session the athlete did, not in the plan, filled the week.
    const extra = workout({
      date: addDays(monday, 1),
      title: 'Race with friends',
      status: 'completed',
      tss: 150,
      actualTss: 150,
      inPlan: false,
    });
    const changes = proposeAdaptations(input([long, extra]));
    expect(changes.map((c) => [c.kind, c.patch])).toEqual([['drop', { status: 'skipped' }]]);
    expect(changes[0]!.reason).toContain("this week's remaining load has no room for it");
  });

  it('drops a missed easy run', () => {
    const easy = workout({ date: addDays(TODAY, -1), title: 'Easy run' });
    const changes = proposeAdaptations(input([easy]));
    expect(changes.map((c) => [c.workoutId, c.kind])).toEqual([[easy.id, 'drop']]);
    expect(changes[0]!.reason).toBe(
      'Missed easy run on Tuesday: dropped, since an easy session is not worth catching up on.',
    );
  });

  it('does not put a moved key session beside another key session', () => {
    const monday = weekStartOf(TODAY);
    const missed = workout({ date: monday, title: 'Threshold intervals', intensityZone: 4, tss: 60 });
    const thursday = workout({ date: addDays(TODAY, 1), title: 'Tempo run', intensityZone: 3, tss: 50 });
    const friday = workout({ date: addDays(TODAY, 2), title: 'VO2max intervals', intensityZone: 5, tss: 60 });
    const changes = proposeAdaptations(input([missed, thursday, friday]));
    // Today (Wednesday) is free and not beside a key session: Thursday holds a tempo (zone 3, not key).
    expect(changes[0]!.patch).toEqual({ workoutDate: TODAY });
    const busyToday = workout({ date: TODAY, title: 'Easy run' });
    const next = proposeAdaptations(input([missed, thursday, friday, busyToday]));
    // Thursday and Friday are taken, Saturday sits beside Friday's VO2: Sunday.
    expect(next[0]!.patch).toEqual({ workoutDate: addDays(monday, 6) });
  });
});

describe('over-reaching', () => {
  it('eases the next hard session when the last week ran well ahead of the plan', () => {
    const past = [1, 2, 3].map((d) =>
      workout({ date: addDays(TODAY, -d), title: 'Easy run', status: 'completed', tss: 40, actualTss: 90 }),
    );
    const next = workout({
      date: addDays(TODAY, 2),
      title: 'Threshold intervals',
      intensityZone: 4,
      durationMinutes: 60,
    });
    const changes = proposeAdaptations(input([...past, next]));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      workoutId: next.id,
      kind: 'ease',
      patch: { workoutLanguageText: '60min Z3', intensityZone: 3, durationMinutes: 60 },
    });
    expect(changes[0]!.reason).toMatch(/^You did 270 TSS in the last 7 days against 120 planned/);
  });

  it('eases a long run by shortening it when the CTL ramp is above the cap', () => {
    const long = workout({ date: addDays(TODAY, 3), title: 'Long run', durationMinutes: 120, tss: 110 });
    const changes = proposeAdaptations(input([long], { ctlRamp: 8.2, ctlRampCap: 6 }));
    expect(changes[0]).toMatchObject({
      kind: 'ease',
      patch: { title: 'Shorter long run', workoutLanguageText: '90min Z2', durationMinutes: 90 },
    });
    expect(changes[0]!.reason).toContain('rose 8.2 points in a week, above the safe 6');
    expect(proposeAdaptations(input([long], { ctlRamp: 5, ctlRampCap: 6 }))).toEqual([]);
  });
});

describe("the athlete's choices win", () => {
  it('leaves a hand-edited workout, a decided day and the race day alone', () => {
    const edited = workout({ date: TODAY, title: 'VO2max intervals', intensityZone: 5, byAthlete: true });
    const poor = { readiness: [{ date: TODAY, score: 30 }] };
    expect(proposeAdaptations(input([edited], poor))).toEqual([]);
    const hard = workout({ date: TODAY, title: 'VO2max intervals', intensityZone: 5 });
    expect(proposeAdaptations(input([hard], { ...poor, decidedDays: [TODAY] }))).toEqual([]);
    expect(proposeAdaptations(input([hard], { ...poor, raceDate: TODAY }))).toEqual([]);
    // After an undo the workout is back as it was, and its day decided: the next run leaves it.
    const missed = workout({ date: addDays(TODAY, -1), title: 'Easy run' });
    expect(proposeAdaptations(input([missed], { decidedDays: [missed.date] }))).toEqual([]);
  });
});

// ——— Properties ———

const arbWorkout = fc.record({
  offset: fc.integer({ min: -8, max: 8 }),
  sport: fc.constantFrom('run', 'bike', 'swim', 'strength') as fc.Arbitrary<AdaptationWorkout['sport']>,
  title: fc.constantFrom('Easy run', 'Long ride', 'VO2max intervals', 'Threshold', 'Recovery', 'Race'),
  durationMinutes: fc.option(fc.integer({ min: 10, max: 240 }), { nil: null }),
  intensityZone: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  status: fc.constantFrom('planned', 'completed', 'skipped') as fc.Arbitrary<AdaptationWorkout['status']>,
  tss: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  actualTss: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  inPlan: fc.boolean(),
  byAthlete: fc.boolean(),
  changed: fc.boolean(),
});

const arbInput = fc
  .record({
    workouts: fc.array(arbWorkout, { maxLength: 25 }),
    today: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    yesterday: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    sleep: fc.option(fc.double({ min: 2, max: 11, noNaN: true }), { nil: null }),
    decided: fc.array(fc.integer({ min: -8, max: 8 }), { maxLength: 4 }),
    race: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
    ctlRamp: fc.option(fc.double({ min: -5, max: 15, noNaN: true }), { nil: null }),
  })
  .map(
    (r): AdaptationInput => ({
      today: TODAY,
      workouts: r.workouts.map((w, i) => ({ ...w, id: `p${i}`, date: addDays(TODAY, w.offset) })),
      readiness: [
        { date: addDays(TODAY, -1), score: r.yesterday },
        { date: TODAY, score: r.today, sleepHours: r.sleep },
      ],
      decidedDays: r.decided.map((d) => addDays(TODAY, d)),
      raceDate: r.race === null ? null : addDays(TODAY, r.race),
      ctlRamp: r.ctlRamp,
    }),
  );

describe('properties', () => {
  it('never touches what the athlete made, decided or finished, nor the race day; one change per workout', () => {
    fc.assert(
      fc.property(arbInput, (given) => {
        const changes = proposeAdaptations(given);
        const byId = new Map(given.workouts.map((w) => [w.id, w]));
        expect(new Set(changes.map((c) => c.workoutId)).size).toBe(changes.length);
        for (const change of changes) {
          const w = byId.get(change.workoutId)!;
          expect(w.inPlan && w.status === 'planned' && !w.byAthlete && !w.changed).toBe(true);
          expect(given.decidedDays).not.toContain(w.date);
          expect(w.date).not.toBe(given.raceDate);
          expect(change.reason.length).toBeGreaterThan(10);
        }
      }),
    );
  });

  it('moves a session only forward to today or later, inside its own week, onto a free, undecided day', () => {
    fc.assert(
      fc.property(arbInput, (given) => {
        const changes = proposeAdaptations(given);
        const byId = new Map(given.workouts.map((w) => [w.id, w]));
        for (const change of changes.filter((c) => c.kind === 'move')) {
          const w = byId.get(change.workoutId)!;
          const to = change.patch.workoutDate!;
          expect(to >= given.today).toBe(true);
          expect(weekStartOf(to)).toBe(weekStartOf(w.date));
          expect(given.decidedDays).not.toContain(to);
          expect(to).not.toBe(given.raceDate);
          const others = given.workouts.filter(
            (x) => x.date === to && x.status !== 'skipped' && !changes.some((c) => c.workoutId === x.id),
          );
          expect(others).toEqual([]);
        }
      }),
    );
  });

  it('changes nothing of today when readiness is fine, and swaps keep the zone easy and the length similar', () => {
    fc.assert(
      fc.property(arbInput, (given) => {
        const changes = proposeAdaptations(given);
        const [yesterday, today] = given.readiness;
        const fine =
          today!.score === null ||
          (today!.score >= 40 && !(today!.score < 55 && yesterday!.score !== null && yesterday!.score < 55));
        if (fine) expect(changes.filter((c) => c.kind === 'swap' || c.kind === 'rest')).toEqual([]);
        // Easy, and never longer than the session it replaces: a hard one at most 75 % (60 min at most), a long
        // one 60 % of its length (docs/adaptation.md, "Readiness": a 4-hour ride becomes 145 min).
        for (const swap of changes.filter((c) => c.kind === 'swap')) {
          const original = given.workouts.find((w) => w.id === swap.workoutId)!;
          expect(swap.patch.intensityZone).toBe(2);
          expect(swap.patch.durationMinutes).toBeLessThanOrEqual(original.durationMinutes ?? 45);
          if ((original.intensityZone ?? 0) >= 4) expect(swap.patch.durationMinutes).toBeLessThanOrEqual(60);
        }
      }),
    );
  });
});

describe('illness and injury from the wellness note', () => {
  const week = () => [
    workout({ date: TODAY, title: 'Threshold run', intensityZone: 4, durationMinutes: 60 }),
    workout({ date: addDays(TODAY, 1), title: 'Easy swim', sport: 'swim', durationMinutes: 40 }),
    workout({ date: addDays(TODAY, 2), title: 'Long ride', sport: 'bike', durationMinutes: 180 }),
    workout({ date: addDays(TODAY, 3), title: 'Easy run', durationMinutes: 60 }),
    workout({ date: addDays(TODAY, 5), title: 'Easy run', durationMinutes: 40 }),
  ];

  it('a fever rests two days, then comes back over two days at reduced volume', () => {
    const ws = week();
    const changes = proposeAdaptations(
      input(ws, { readiness: [{ date: TODAY, score: 70, notes: 'Fever and sore throat, staying in bed' }] }),
    );
    expect(changes.map((c) => [c.workoutId, c.kind, c.patch.durationMinutes ?? c.patch.status])).toEqual([
      [ws[0]!.id, 'rest', 'skipped'],
      [ws[1]!.id, 'rest', 'skipped'],
      [ws[2]!.id, 'ease', 90],
      [ws[3]!.id, 'ease', 45],
    ]);
    expect(changes[0]!.reason).toMatch(/You noted you are ill/);
  });

  it('a cold (above the neck) keeps training, easy and short', () => {
    const ws = week();
    const changes = proposeAdaptations(
      input(ws, { readiness: [{ date: TODAY, score: 70, notes: 'bit of a runny nose' }] }),
    );
    expect(changes.map((c) => [c.workoutId, c.patch.durationMinutes, c.patch.intensityZone])).toEqual([
      [ws[0]!.id, 45, 2],
    ]);
  });

  it("yesterday's note counts from yesterday: one rest day left, then the return", () => {
    const ws = week();
    const changes = proposeAdaptations(
      input(ws, { readiness: [{ date: addDays(TODAY, -1), score: null, notes: 'sick, flu' }] }),
    );
    expect(changes.map((c) => c.kind)).toEqual(['rest', 'ease', 'ease']);
  });

  it('a sore knee keeps runs and rides off it for three days, then the first run comes back at half', () => {
    const ws = week();
    const changes = proposeAdaptations(
      input(ws, { readiness: [{ date: TODAY, score: 80, notes: 'knee hurts after yesterday' }] }),
    );
    expect(changes.map((c) => [c.workoutId, c.kind])).toEqual([
      [ws[0]!.id, 'rest'],
      [ws[2]!.id, 'rest'],
      [ws[3]!.id, 'ease'],
    ]);
    expect(changes[2]!.patch.durationMinutes).toBe(30);
  });

  it('a note without illness or injury changes nothing', () => {
    const changes = proposeAdaptations(
      input(week(), { readiness: [{ date: TODAY, score: 80, notes: 'felt great, new shoes' }] }),
    );
    expect(changes).toEqual([]);
  });
});

describe('a missed long session', () => {
  it('is never stacked onto the day before a key session', () => {
    // Monday's long run missed; Thursday holds intervals, so Wednesday (today) is not a day for it.
    const monday = addDays(TODAY, -2);
    const long = workout({ date: monday, title: 'Long run', durationMinutes: 120, tss: 120 });
    const key = workout({ date: addDays(TODAY, 1), title: 'Intervals', intensityZone: 5, tss: 80 });
    const [change] = proposeAdaptations(input([long, key]));
    expect(change!.workoutId).toBe(long.id);
    expect(change!.patch.workoutDate).not.toBe(TODAY);
    expect(change!.patch.workoutDate).not.toBe(addDays(key.date, -1));
  });
});

// FIT workout import (docs/workout-parser.md, "Workout files"): FIT files written with the FIT SDK's Encoder from
// readable descriptions — repeats (nested too), time, distance and open durations, power as % FTP and watts, heart
// rate, speed and cadence targets, and the four intensities — read into steps and plain-language text; and
// any workout written as text goes through a FIT file and back with every duration to the second, every power
// target to 1 % FTP, the same rest/work split and the same main zone.
import {
  Decoder,
  Encoder,
  type FileIdMesg,
  Profile,
  Stream,
  type WorkoutMesg,
  type WorkoutStepMesg,
} from '@garmin/fitsdk';
import {
  type Interval,
  parseWorkout,
  primaryZone,
  renderWorkout,
  type Sport,
  WorkoutFileError,
} from '@stamina/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFitWorkout, readFitWorkout } from '../src/modules/workouts/fit.ts';

/** The numeric value of a FIT profile enum, by its name. */
function fitEnum(type: string, name: string): number {
  const entry = Object.entries(Profile.types[type] ?? {}).find(([, value]) => value === name);
  if (!entry) throw new Error(`no ${type} ${name}`);
  return Number(entry[0]);
}

type Intensity = 'warmup' | 'active' | 'rest' | 'cooldown';
/** One step as a person describes it; targets in the units people use. */
type StepDesc =
  | {
      time?: number;
      meters?: number;
      open?: true;
      intensity?: Intensity;
      name?: string;
      /** % FTP range, or watts range, or bpm range, or a zone, or pace s/km, or rpm range. */
      percentFtp?: [number, number];
      watts?: [number, number];
      bpm?: [number, number];
      powerZone?: number;
      hrZone?: number;
      paceSecondsPerKm?: number;
      rpm?: [number, number];
    }
  | { repeatFrom: number; times: number };

interface FitDesc {
  name: string;
  sport: 'cycling' | 'running' | 'swimming' | 'training';
  steps: StepDesc[];
  /** What the import must give. */
  expected: { total: number; steps: number; rests: number; mainZone: number | null; text?: RegExp[] };
}

/** Writes a FIT workout file from a description with the SDK's Encoder. */
function writeFit(desc: FitDesc): Uint8Array {
  const encoder = new Encoder();
  const fileId: FileIdMesg = {
    type: fitEnum('file', 'workout'),
    manufacturer: fitEnum('manufacturer', 'development'),
    product: 0,
    serialNumber: 7,
    timeCreated: new Date('2026-11-01T10:00:00Z'),
  };
  encoder.onMesg(Profile.MesgNum.FILE_ID!, fileId);
  const workout: WorkoutMesg = {
    wktName: desc.name,
    sport: fitEnum('sport', desc.sport),
    numValidSteps: desc.steps.length,
  };
  encoder.onMesg(Profile.MesgNum.WORKOUT!, workout);
  desc.steps.forEach((step, messageIndex) => {
    if ('repeatFrom' in step) {
      const repeat: WorkoutStepMesg = {
        messageIndex,
        durationType: fitEnum('wktStepDuration', 'repeatUntilStepsCmplt'),
        durationValue: step.repeatFrom,
        targetType: fitEnum('wktStepTarget', 'open'),
        targetValue: step.times,
      };
      encoder.onMesg(Profile.MesgNum.WORKOUT_STEP!, repeat);
      return;
    }
    const duration =
      step.time !== undefined
        ? { durationType: fitEnum('wktStepDuration', 'time'), durationValue: step.time * 1000 }
        : step.meters !== undefined
          ? { durationType: fitEnum('wktStepDuration', 'distance'), durationValue: step.meters * 100 }
          : { durationType: fitEnum('wktStepDuration', 'open') };
    const custom = (type: string, low: number, high: number) => ({
      targetType: fitEnum('wktStepTarget', type),
      targetValue: 0,
      customTargetValueLow: low,
      customTargetValueHigh: high,
    });
    const target = step.percentFtp
      ? custom('power', ...step.percentFtp)
      : step.watts
        ? custom('power', step.watts[0] + 1000, step.watts[1] + 1000)
        : step.bpm
          ? custom('heartRate', step.bpm[0] + 100, step.bpm[1] + 100)
          : step.paceSecondsPerKm
            ? custom(
                'speed',
                Math.round(1e6 / step.paceSecondsPerKm),
                Math.round(1e6 / step.paceSecondsPerKm),
              )
            : step.rpm
              ? custom('cadence', ...step.rpm)
              : step.powerZone
                ? { targetType: fitEnum('wktStepTarget', 'power'), targetValue: step.powerZone }
                : step.hrZone
                  ? { targetType: fitEnum('wktStepTarget', 'heartRate'), targetValue: step.hrZone }
                  : { targetType: fitEnum('wktStepTarget', 'open') };
    const mesg: WorkoutStepMesg = {
      messageIndex,
      ...(step.name ? { wktStepName: step.name } : {}),
      ...duration,
      ...target,
      intensity: fitEnum('intensity', step.intensity ?? 'active'),
    };
    encoder.onMesg(Profile.MesgNum.WORKOUT_STEP!, mesg);
  });
  return encoder.close();
}

const wu = (time: number, percentFtp?: [number, number]): StepDesc => ({
  time,
  intensity: 'warmup',
  ...(percentFtp ? { percentFtp } : {}),
});
const cd = (time: number): StepDesc => ({ time, intensity: 'cooldown', powerZone: 1 });
const rest = (time: number): StepDesc => ({ time, intensity: 'rest' });

const FILES: FitDesc[] = [
  {
    name: 'Sweet spot 3x12',
    sport: 'cycling',
    steps: [
      wu(600, [45, 75]),
      { time: 720, percentFtp: [88, 94] },
      rest(300),
      { repeatFrom: 1, times: 3 },
      cd(300),
    ],
    expected: { total: 600 + 3 * 1020 + 300, steps: 8, rests: 3, mainZone: 4, text: [/88-94% FTP/] },
  },
  {
    name: 'Anaerobic 300%',
    sport: 'cycling',
    steps: [
      wu(600),
      { time: 10, percentFtp: [293, 308] },
      { time: 170, intensity: 'rest', percentFtp: [49, 51] },
      { repeatFrom: 1, times: 6 },
      cd(300),
    ],
    expected: { total: 600 + 6 * 180 + 300, steps: 14, rests: 6, mainZone: 5, text: [/10s Z5 300% FTP/] },
  },
  {
    name: 'Over-unders nested',
    sport: 'cycling',
    steps: [
      wu(600),
      { time: 120, percentFtp: [88, 92] },
      { time: 60, percentFtp: [103, 107] },
      { repeatFrom: 1, times: 3 },
      rest(300),
      { repeatFrom: 1, times: 2 },
      cd(600),
    ],
    expected: {
      total: 600 + 2 * (3 * 180 + 300) + 600,
      steps: 2 + 2 * 7,
      rests: 2,
      mainZone: 4,
      // 88-92 is what our writer makes of 90 (± 2.5 %), so it reads back as 90.
      text: [/2min Z4 90% FTP/, /103-107% FTP/],
    },
  },
  {
    name: 'VO2 in watts',
    sport: 'cycling',
    steps: [
      wu(900),
      { time: 240, watts: [290, 310] },
      { time: 240, intensity: 'rest', watts: [120, 130] },
      { repeatFrom: 1, times: 5 },
    ],
    expected: { total: 900 + 5 * 480, steps: 11, rests: 5, mainZone: 5, text: [/290-310w/] },
  },
  {
    name: 'Ramp named',
    sport: 'cycling',
    steps: [
      { time: 600, name: 'Ramp 50-90% FTP', percentFtp: [50, 90] },
      { time: 300, percentFtp: [95, 95] },
    ],
    expected: { total: 900, steps: 2, rests: 0, mainZone: 2, text: [/ramp 50-90% FTP/] },
  },
  {
    name: 'Power zones',
    sport: 'cycling',
    steps: [
      { time: 1200, powerZone: 2 },
      { time: 600, powerZone: 3 },
      { time: 1200, powerZone: 2 },
    ],
    expected: { total: 3000, steps: 3, rests: 0, mainZone: 2 },
  },
  {
    name: 'Cadence drills',
    sport: 'cycling',
    steps: [{ time: 120, rpm: [105, 115] }, rest(60), { repeatFrom: 0, times: 5 }],
    expected: { total: 900, steps: 10, rests: 5, mainZone: 2, text: [/110rpm/] },
  },
  {
    name: 'Open warmup',
    sport: 'cycling',
    steps: [{ open: true, intensity: 'warmup' }, { time: 1200, percentFtp: [95, 100] }, cd(600)],
    expected: { total: 60 + 1200 + 600, steps: 3, rests: 0, mainZone: 4 },
  },
  {
    name: 'Tabata',
    sport: 'cycling',
    steps: [wu(600), { time: 20, percentFtp: [165, 175] }, rest(10), { repeatFrom: 1, times: 8 }, cd(300)],
    expected: { total: 600 + 240 + 300, steps: 18, rests: 8, mainZone: 5 },
  },
  {
    name: 'Heart rate ride',
    sport: 'cycling',
    steps: [{ time: 3600, bpm: [130, 145] }],
    expected: { total: 3600, steps: 1, rests: 0, mainZone: 3, text: [/130-145bpm/] },
  },
  {
    name: 'Track 400s',
    sport: 'running',
    steps: [
      wu(900),
      { meters: 400, paceSecondsPerKm: 225 },
      { meters: 200, intensity: 'rest' },
      { repeatFrom: 1, times: 8 },
      { time: 600, intensity: 'cooldown' },
    ],
    // 400 m at 3:45/km is 90 s; a 200 m rest in zone 1 at 6:30/km is 78 s.
    expected: { total: 900 + 8 * (90 + 78) + 600, steps: 18, rests: 8, mainZone: 5, text: [/3:45\/km/] },
  },
  {
    name: 'Tempo by pace',
    sport: 'running',
    steps: [
      { time: 900, hrZone: 2 },
      { time: 1200, paceSecondsPerKm: 270 },
      { time: 600, hrZone: 1 },
    ],
    expected: { total: 2700, steps: 3, rests: 0, mainZone: 5 },
  },
  {
    name: 'Mile repeats',
    sport: 'running',
    steps: [
      { meters: 1609, paceSecondsPerKm: 250 },
      { time: 120, intensity: 'rest' },
      { repeatFrom: 0, times: 4 },
    ],
    expected: { total: 4 * (402 + 120), steps: 8, rests: 4, mainZone: 5 },
  },
  {
    name: 'Easy run by heart rate',
    sport: 'running',
    steps: [{ time: 2700, bpm: [135, 145] }],
    expected: { total: 2700, steps: 1, rests: 0, mainZone: 3 },
  },
  {
    name: 'Hill repeats',
    sport: 'running',
    steps: [
      wu(900),
      { time: 60, hrZone: 5 },
      { time: 120, intensity: 'rest' },
      { repeatFrom: 1, times: 10 },
      { time: 600, intensity: 'cooldown' },
    ],
    expected: { total: 900 + 1800 + 600, steps: 22, rests: 10, mainZone: 5 },
  },
  {
    name: 'Fartlek nested',
    sport: 'running',
    steps: [
      { time: 60, hrZone: 4 },
      { time: 60, intensity: 'rest' },
      { repeatFrom: 0, times: 4 },
      { time: 180, hrZone: 2 },
      { repeatFrom: 0, times: 3 },
    ],
    expected: { total: 3 * (8 * 60 + 180), steps: 27, rests: 12, mainZone: 4 },
  },
  {
    name: 'Swim CSS',
    sport: 'swimming',
    steps: [
      { meters: 400, intensity: 'warmup' },
      { meters: 100, paceSecondsPerKm: 1050 },
      { time: 15, intensity: 'rest' },
      { repeatFrom: 1, times: 10 },
      { meters: 200, intensity: 'cooldown' },
    ],
    // 400 m warm-up at zone 2 (117.6 s/100 m) is 470 s; 100 m at 1:45 is 105 s; 200 m cool-down 235 s.
    expected: { total: 470 + 10 * 120 + 235, steps: 22, rests: 10, mainZone: 4, text: [/1:45\/100m/] },
  },
  {
    name: 'Swim open',
    sport: 'swimming',
    steps: [{ time: 1800 }],
    expected: { total: 1800, steps: 1, rests: 0, mainZone: 2 },
  },
  {
    name: 'Strength circuit',
    sport: 'training',
    steps: [
      { time: 45, name: 'Squats' },
      { time: 45, name: 'Push-ups' },
      { time: 60, intensity: 'rest' },
      { repeatFrom: 0, times: 3 },
    ],
    expected: { total: 3 * 150, steps: 9, rests: 3, mainZone: 2 },
  },
  {
    name: 'Long ride with efforts',
    sport: 'cycling',
    steps: [
      { time: 3600, percentFtp: [65, 70] },
      { time: 600, percentFtp: [85, 88] },
      { time: 300, percentFtp: [65, 70] },
      { repeatFrom: 1, times: 3 },
    ],
    expected: { total: 3600 + 3 * 900, steps: 7, rests: 0, mainZone: 2 },
  },
];

const sportOf: Record<FitDesc['sport'], Sport> = {
  cycling: 'bike',
  running: 'run',
  swimming: 'swim',
  training: 'strength',
};

describe('hand-described FIT workout files', () => {
  it('has at least 20', () => expect(FILES.length).toBeGreaterThanOrEqual(20));

  it.each(FILES)('$name', (desc) => {
    const bytes = writeFit(desc);
    // The SDK reads the file we wrote: its repeat steps, durations and intensities are as described.
    const { messages, errors } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read();
    expect(errors).toEqual([]);
    const decoded = messages.workoutStepMesgs ?? [];
    expect(decoded).toHaveLength(desc.steps.length);
    desc.steps.forEach((step, i) => {
      const got = decoded[i]!;
      if ('repeatFrom' in step) {
        expect(got).toMatchObject({
          durationType: 'repeatUntilStepsCmplt',
          durationStep: step.repeatFrom,
          repeatSteps: step.times,
        });
      } else {
        expect(got.intensity).toBe(step.intensity ?? 'active');
        if (step.time !== undefined) expect(got.durationTime).toBe(step.time);
      }
    });

    const content = readFitWorkout(bytes);
    const sport = sportOf[desc.sport];
    expect(content).toMatchObject({ title: desc.name, sport });
    const { intervals } = content;
    expect(intervals).toHaveLength(desc.expected.steps);
    expect(intervals.reduce((sum, s) => sum + s.duration_seconds, 0)).toBe(desc.expected.total);
    expect(intervals.filter((s) => s.isRest)).toHaveLength(desc.expected.rests);
    expect(primaryZone(intervals)).toBe(desc.expected.mainZone);

    // Into plain-language text, as the import route stores it, and the parser reads it back.
    const text = renderWorkout(intervals);
    for (const pattern of desc.expected.text ?? []) expect(text).toMatch(pattern);
    const parsed = parseWorkout(text, { sport });
    expect(parsed.warnings).toEqual([]);
    expect(parsed.intervals.map((s) => s.duration_seconds)).toEqual(intervals.map((s) => s.duration_seconds));
    expect(parsed.intervals.map((s) => s.isRest)).toEqual(intervals.map((s) => s.isRest));
    expect(primaryZone(parsed.intervals)).toBe(desc.expected.mainZone);
  });

  it('refuses files that are not FIT workouts with a WorkoutFileError', () => {
    expect(() => readFitWorkout(new TextEncoder().encode('hello'))).toThrow(WorkoutFileError);
    const good = writeFit(FILES[0]!);
    const damaged = good.slice();
    damaged[damaged.length - 5] = (damaged[damaged.length - 5]! + 1) % 256;
    expect(() => readFitWorkout(damaged)).toThrow(/checksum/);
    const backwards = writeFit({ ...FILES[0]!, steps: [{ repeatFrom: 3, times: 2 }, wu(60)] });
    expect(() => readFitWorkout(backwards)).toThrow(/repeats steps that do not come before it/);
    // Repeats of repeats that would expand past any real workout are refused before they expand.
    const bomb = writeFit({
      ...FILES[0]!,
      steps: [{ time: 1 }, { repeatFrom: 0, times: 60_000 }, { repeatFrom: 0, times: 60_000 }],
    });
    expect(() => readFitWorkout(bomb)).toThrow(/repeats its steps too many times/);
  });
});

/** Percent of FTP a step holds (the mean of a range or ramp). */
const percentOf = (s: Interval) => {
  const t = s.targets;
  if (t.power_percent_ftp === undefined) return undefined;
  return (
    (t.power_percent_ftp + (t.ramp_to_percent_ftp ?? t.power_percent_ftp_max ?? t.power_percent_ftp)) / 2
  );
};

const arbStep = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 1800 }), fc.integer({ min: 30, max: 400 }))
    .map(([s, p]) => `${s}s @ ${p}% FTP on`),
  fc
    .tuple(
      fc.integer({ min: 30, max: 900 }),
      fc.integer({ min: 40, max: 150 }),
      fc.integer({ min: 40, max: 150 }),
    )
    .map(([s, a, b]) => (a === b ? `${s}s @ ${a}% FTP on` : `${s}s ramp ${a}-${b}% FTP on`)),
  fc
    .tuple(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 30, max: 55 }))
    .map(([s, p]) => `${s}s rest @ ${p}% FTP`),
  fc
    .tuple(
      fc.integer({ min: 2, max: 4 }),
      fc.integer({ min: 30, max: 240 }),
      fc.integer({ min: 85, max: 95 }),
      fc.integer({ min: 100, max: 115 }),
    )
    .map(([n, s, under, over]) => `${n}x (${s}s @ ${under}% FTP on, ${s}s @ ${over}% FTP on)`),
);

describe('text → FIT → text round trip on generated workouts', () => {
  it('keeps durations to the second, power to 1 % FTP, the rest/work split and the main zone', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 60, max: 1200 })),
        fc.array(arbStep, { minLength: 1, maxLength: 10 }),
        fc.option(fc.integer({ min: 60, max: 1200 })),
        (warmup, main, cooldown) => {
          const text = [
            warmup ? `Warmup: ${warmup}s ramp 45-75% FTP` : '',
            `Main: ${main.join(', ')}`,
            cooldown ? `Cooldown: ${cooldown}s @ 50% FTP` : '',
          ]
            .filter(Boolean)
            .join('\n');
          const original = parseWorkout(text, { sport: 'bike' });
          expect(original.warnings).toEqual([]);
          const bytes = encodeFitWorkout({
            title: 'Generated',
            sport: 'bike',
            intervals: original.intervals,
          });
          const back = parseWorkout(renderWorkout(readFitWorkout(bytes).intervals), { sport: 'bike' });
          expect(back.warnings).toEqual([]);
          const a = original.intervals;
          const b = back.intervals;
          expect(b.map((s) => s.duration_seconds)).toEqual(a.map((s) => s.duration_seconds));
          expect(b.map((s) => s.isRest)).toEqual(a.map((s) => s.isRest));
          expect(b.map((s) => s.phase)).toEqual(a.map((s) => s.phase));
          a.forEach((step, i) => {
            const before = percentOf(step);
            if (before !== undefined)
              expect(Math.abs((percentOf(b[i]!) ?? Number.NaN) - before)).toBeLessThanOrEqual(1);
          });
          expect(primaryZone(b)).toBe(primaryZone(a));
        },
      ),
      { numRuns: 150 },
    );
  });
});

// Workout files keep what they carry (docs/workout-parser.md, "Workout files"): hand-written .zwo, .mrc and .erg
// files (fixtures/workout-files, written to the formats' published references, with their expected totals in
// expected.json) import into plain-language text that parses back to the same steps; and any workout written as
// text goes through each format and back to text with every duration to the second, every power target to 1 %
// FTP, the same rest/work split and the same main zone. FIT, which needs the FIT SDK, has the same checks in
// apps/server/test/workout-fit-import.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromErg,
  fromMrc,
  fromZwo,
  type Interval,
  parseWorkout,
  primaryZone,
  renderWorkout,
  toErg,
  toMrc,
  toZwo,
  type WorkoutFileContent,
  type WorkoutFileInput,
  type Zone,
} from '../src/index.ts';

const DIR = fileURLToPath(new URL('./fixtures/workout-files/', import.meta.url));

interface Expected {
  title: string;
  total: number;
  steps: number;
  rests: number;
  maxPercent: number | null;
  mainZone: Zone;
  ftp?: number;
}
const EXPECTED = JSON.parse(readFileSync(`${DIR}expected.json`, 'utf8')) as Record<string, Expected>;

type Format = 'zwo' | 'mrc' | 'erg';
const READ: Record<Format, (text: string) => WorkoutFileContent> = {
  zwo: fromZwo,
  mrc: fromMrc,
  erg: fromErg,
};
const WRITE: Record<Format, (w: WorkoutFileInput, t?: { ftpWatts?: number }) => string> = {
  zwo: toZwo,
  mrc: toMrc,
  erg: toErg,
};

/** The % FTP a step holds (its mean, for a ramp or range), from % targets or watts over FTP. */
function percentOf(step: Interval, ftp: number): number | undefined {
  const t = step.targets;
  if (t.power_percent_ftp !== undefined) {
    const end = t.ramp_to_percent_ftp ?? t.power_percent_ftp_max ?? t.power_percent_ftp;
    return (t.power_percent_ftp + end) / 2;
  }
  if (t.power_watts !== undefined)
    return ((t.power_watts + (t.power_watts_max ?? t.power_watts)) / 2 / ftp) * 100;
  return undefined;
}

/** Text → parsed steps, and what a round trip must keep of them. */
const parse = (text: string) => parseWorkout(text, { sport: 'bike' });

function expectSameWorkout(back: readonly Interval[], original: readonly Interval[], ftp: number): void {
  expect(back.map((s) => s.duration_seconds)).toEqual(original.map((s) => s.duration_seconds));
  expect(back.map((s) => s.isRest)).toEqual(original.map((s) => s.isRest));
  expect(back.map((s) => s.phase)).toEqual(original.map((s) => s.phase));
  back.forEach((step, i) => {
    const before = percentOf(original[i]!, ftp);
    if (before === undefined) return;
    expect(Math.abs((percentOf(step, ftp) ?? Number.NaN) - before), `step ${i}`).toBeLessThanOrEqual(1);
  });
  expect(primaryZone(back)).toBe(primaryZone(original));
}

describe('hand-written workout files', () => {
  for (const format of ['zwo', 'mrc', 'erg'] as const) {
    const files = readdirSync(`${DIR}${format}`).sort();

    it(`has at least 20 .${format} files`, () => {
      expect(files.length).toBeGreaterThanOrEqual(20);
    });

    it.each(files)(`.${format} %s imports to text that parses back to its steps`, (file) => {
      const expected = EXPECTED[`${format}/${file}`]!;
      const ftp = expected.ftp ?? 250;
      const content = READ[format](readFileSync(`${DIR}${format}/${file}`, 'utf8'));
      expect(content.title).toBe(expected.title);
      const { intervals } = content;
      expect(intervals).toHaveLength(expected.steps);
      expect(intervals.reduce((sum, s) => sum + s.duration_seconds, 0)).toBe(expected.total);
      expect(intervals.filter((s) => s.isRest)).toHaveLength(expected.rests);
      const percents = intervals.flatMap((s) => {
        const t = s.targets;
        const values = [t.power_percent_ftp, t.ramp_to_percent_ftp, t.power_percent_ftp_max].filter(
          (v): v is number => v !== undefined,
        );
        if (t.power_watts !== undefined) values.push((t.power_watts / ftp) * 100);
        return values;
      });
      if (expected.maxPercent !== null) expect(Math.max(...percents)).toBeCloseTo(expected.maxPercent, 0);
      expect(primaryZone(intervals)).toBe(expected.mainZone);

      // Into the plain-language text and back: the parser reads exactly what the file said.
      const text = renderWorkout(intervals);
      const parsed = parse(text);
      expect(parsed.warnings).toEqual([]);
      expectSameWorkout(parsed.intervals, intervals, ftp);

      // And out to the same format again.
      const again = READ[format](
        WRITE[format](
          { title: content.title, sport: 'bike', intervals: parsed.intervals },
          { ftpWatts: ftp },
        ),
      );
      expectSameWorkout(parse(renderWorkout(again.intervals)).intervals, parsed.intervals, ftp);
    });
  }
});

/** A generated workout as its text: steady steps, ramps, over-unders and sprints up to 400 % FTP, with rests. */
const arbStep = fc.oneof(
  fc.record({
    kind: fc.constant('steady' as const),
    seconds: fc.integer({ min: 5, max: 1800 }),
    percent: fc.integer({ min: 30, max: 400 }),
  }),
  fc.record({
    kind: fc.constant('ramp' as const),
    seconds: fc.integer({ min: 30, max: 1200 }),
    percent: fc.integer({ min: 30, max: 150 }),
    to: fc.integer({ min: 30, max: 150 }),
  }),
  fc.record({
    kind: fc.constant('rest' as const),
    seconds: fc.integer({ min: 5, max: 600 }),
    percent: fc.integer({ min: 30, max: 60 }),
  }),
  fc.record({
    kind: fc.constant('overUnder' as const),
    seconds: fc.integer({ min: 30, max: 300 }),
    percent: fc.integer({ min: 85, max: 95 }),
    to: fc.integer({ min: 100, max: 115 }),
    repeat: fc.integer({ min: 2, max: 5 }),
  }),
);

function stepText(s: StepSpec): string {
  switch (s.kind) {
    case 'steady':
      return `${s.seconds}s @ ${s.percent}% FTP on`;
    case 'ramp':
      return s.to === s.percent
        ? `${s.seconds}s @ ${s.percent}% FTP on`
        : `${s.seconds}s ramp ${s.percent}-${s.to}% FTP on`;
    case 'rest':
      return `${s.seconds}s rest @ ${s.percent}% FTP`;
    case 'overUnder':
      return `${s.repeat}x (${s.seconds}s @ ${s.percent}% FTP on, ${s.seconds}s @ ${s.to}% FTP on)`;
  }
}
type StepSpec =
  | { kind: 'steady' | 'rest'; seconds: number; percent: number }
  | { kind: 'ramp'; seconds: number; percent: number; to: number }
  | { kind: 'overUnder'; seconds: number; percent: number; to: number; repeat: number };

const arbWorkoutText = fc
  .record({
    warmup: fc.option(fc.integer({ min: 60, max: 1200 })),
    main: fc.array(arbStep, { minLength: 1, maxLength: 12 }),
    cooldown: fc.option(fc.integer({ min: 60, max: 1200 })),
  })
  .map(({ warmup, main, cooldown }) =>
    [
      warmup ? `Warmup: ${warmup}s ramp 45-75% FTP` : '',
      `Main: ${main.map((s) => stepText(s as StepSpec)).join(', ')}`,
      cooldown ? `Cooldown: ${cooldown}s ramp 65-45% FTP` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );

describe('text → file → text round trip on generated workouts', () => {
  for (const format of ['zwo', 'mrc', 'erg'] as const) {
    it(`.${format}: durations to the second, power to 1 % FTP, rest/work split and main zone`, () => {
      fc.assert(
        fc.property(arbWorkoutText, fc.integer({ min: 150, max: 400 }), (text, ftpWatts) => {
          const original = parse(text);
          expect(original.warnings).toEqual([]);
          const file = WRITE[format](
            { title: 'Generated', sport: 'bike', intervals: original.intervals },
            { ftpWatts },
          );
          const back = parse(renderWorkout(READ[format](file).intervals));
          expect(back.warnings).toEqual([]);
          expectSameWorkout(back.intervals, original.intervals, ftpWatts);
        }),
        { numRuns: 150 },
      );
    });
  }
});

// Workout parser throughput: typical workout texts parsed in a loop on this one thread for a fixed time.
import { parseWorkout, type Sport } from '@stamina/core';
import { budgeted, type Figure } from './report.ts';

/** What athletes actually write, across the four sports. */
const TYPICAL_WORKOUTS: readonly { text: string; sport: Sport }[] = [
  { sport: 'run', text: 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min' },
  { sport: 'run', text: 'WU 2km easy\n6x 800m @ 3:50/km, 400m jog\nCD 2km easy' },
  { sport: 'run', text: '10min warm up, 3x(1km @ 4:00/km, 90s rest), 10min cool down' },
  { sport: 'run', text: 'Easy run 45min Z2' },
  { sport: 'run', text: 'Long run 1h30 easy, last 20min at marathon pace' },
  { sport: 'run', text: 'Warmup 15min\nMain set 4x\n - 5min threshold\n - 2min easy jog\nCooldown 10min' },
  { sport: 'run', text: '20min easy + 6x 20s strides, 40s walk' },
  { sport: 'run', text: "WU 10', 8x 400m @ 5k pace w/ 200m jog, CD 10'" },
  { sport: 'run', text: 'Tempo: 15min WU, 20min @ 4:30/km, 10min CD' },
  { sport: 'run', text: 'Fartlek 10x 1min on, 1min off; 10min easy either side' },
  { sport: 'run', text: 'Hill repeats 8x 60s hard, jog down recovery' },
  { sport: 'run', text: 'Recovery run 30min @ 150bpm' },
  {
    sport: 'bike',
    text: 'Warmup: 10min Z1-Z2\nMain: 3x 10min @ 90% FTP, 5min easy spin\nCooldown: 10min Z1',
  },
  { sport: 'bike', text: '2x20min @ 250-270w w/ 5min rest' },
  { sport: 'bike', text: 'Endurance ride 2h Z2, 90rpm' },
  { sport: 'bike', text: 'WU 15min, 5x 5min VO2max @ 120% FTP RI 5min, CD 15min' },
  { sport: 'bike', text: 'Sweet spot: 3x 12min @ 88-94% FTP, 4min easy spin' },
  { sport: 'bike', text: 'Warm up 10 min, 10x 30s sprint / 4min30s easy, cool down 10 min' },
  { sport: 'bike', text: '40km steady Z3' },
  { sport: 'bike', text: 'Over-unders: 4x (2min @ 95% FTP, 1min @ 105% FTP), 5min recovery' },
  { sport: 'swim', text: 'WU 400m easy, 10x100m @ 1:40/100m RI 20s, CD 200m' },
  { sport: 'swim', text: '300 choice, 8x50 kick, 4x200 pull @ CSS, 200 easy' },
  { sport: 'swim', text: 'Warmup: 200m free\nMain: 5x 200m @ 1:45/100m, 30s rest\nCooldown: 100m easy' },
  { sport: 'swim', text: '1500m continuous aerobic' },
  { sport: 'swim', text: '4x(100m drill, 100m swim), 20s float' },
  { sport: 'strength', text: '3x10 squats, 90s rest' },
  { sport: 'strength', text: '5x5 deadlift @ RPE 8, 3min rest' },
  { sport: 'strength', text: '3 rounds: 10 push-ups, 15 air squats, 20 lunges, 1min rest' },
  { sport: 'strength', text: 'Warmup 10min easy\nPlank 3x 45s, 30s rest\nCooldown: 5min stretch' },
  { sport: 'strength', text: '4x8 bench press @ 75%, 2min rest' },
];

export interface ParserBench {
  textsPerSecond: number;
  texts: number;
  seconds: number;
  /** Time for a 480-line text over time for a 120-line one: about 4 if the parser is linear, 16 if quadratic. */
  scaling: number;
}

/**
 * The parser is linear in the text: the fastest of five samples (ten parses each) of a 480-line text against a
 * 120-line one, both under the parser's cap of 5,000 intervals. A ratio, so the machine's speed cancels out; it
 * lives here and not in a unit test because a ratio of times still moves with the other work on the machine.
 */
function measureScaling(): number {
  const fastest = (lines: number) => {
    const text = '5x 3min Z4, 2min rest\n'.repeat(lines);
    let best = Number.POSITIVE_INFINITY;
    for (let sample = 0; sample < 5; sample++) {
      const started = performance.now();
      for (let n = 0; n < 10; n++) parseWorkout(text, { sport: 'run' });
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  fastest(50); // warm up the JIT
  return fastest(480) / fastest(120);
}

/** Parses the typical texts round and round for `seconds` and reports texts per second. */
export function measureParser(seconds = 2): ParserBench {
  // Warm up the JIT first so the figure is the steady state.
  for (let i = 0; i < 2000; i++) {
    const w = TYPICAL_WORKOUTS[i % TYPICAL_WORKOUTS.length]!;
    parseWorkout(w.text, { sport: w.sport });
  }
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let texts = 0;
  let sink = 0;
  while (performance.now() < deadline) {
    for (const w of TYPICAL_WORKOUTS) sink += parseWorkout(w.text, { sport: w.sport }).intervals.length;
    texts += TYPICAL_WORKOUTS.length;
  }
  const elapsed = (performance.now() - started) / 1000;
  if (sink < 0) console.log(sink);
  return { textsPerSecond: texts / elapsed, texts, seconds: elapsed, scaling: measureScaling() };
}

export function parserFigures(result: ParserBench): Figure[] {
  return [
    budgeted(
      {
        id: 'parser.throughput',
        label: 'workout parser (typical texts, one core)',
        value: result.textsPerSecond,
        unit: 'texts/s',
        note: `${result.texts.toLocaleString('en-US')} texts in ${result.seconds.toFixed(1)} s`,
      },
      { min: 20_000, text: '>= 20,000 texts/s' },
    ),
    budgeted(
      {
        id: 'parser.scaling',
        label: 'workout parser, 4x the text (time ratio)',
        value: result.scaling,
        unit: 'x',
        digits: 1,
        note: '480 lines against 120: linear is about 4, quadratic 16',
      },
      { max: 8, text: '<= 8x' },
    ),
  ];
}

// Progressions of the key sessions: each time a key session comes back it takes the next step, so the work
// grows (threshold reps from 3×8 min toward 2×20 min, VO2max intervals from 5×3 min toward 5×5 min, race-pace
// blocks toward race-specific lengths, sweet spot to threshold to race simulation on the bike, CSS sets from
// 100 m reps toward 400 m reps). Sources and figures: docs/plan-generator.md, "Progressions".

/** One step: `reps` × `work` with `rest` between (minutes; for swim sets metres and seconds). */
export interface IntervalStep {
  reps: number;
  work: number;
  rest: number;
}

const steps = (list: ReadonlyArray<[number, number, number]>): IntervalStep[] =>
  list.map(([reps, work, rest]) => ({ reps, work, rest }));

export const RUN_STEPS = {
  /** Daniels' cruise intervals growing into Pfitzinger's longer lactate-threshold runs. */
  threshold: steps([
    [3, 8, 2],
    [4, 8, 2],
    [3, 10, 2],
    [4, 10, 2],
    [3, 12, 3],
    [2, 15, 3],
    [3, 15, 3],
    [2, 20, 4],
  ]),
  /** Daniels' I-pace intervals: 3-5 minute reps, about equal jog. */
  vo2: steps([
    [5, 3, 2],
    [6, 3, 2],
    [5, 4, 3],
    [6, 4, 3],
    [4, 5, 3],
    [5, 5, 3],
  ]),
  /** 5K-10K: reps at goal race pace, growing toward the race's length. */
  shortPace: steps([
    [5, 3, 2],
    [4, 4, 2],
    [5, 4, 2],
    [4, 5, 2],
    [5, 5, 2],
    [4, 6, 2],
    [3, 8, 2],
  ]),
  /** Half marathon: goal-pace blocks growing from 3×10 min to 2×25 min. */
  halfPace: steps([
    [3, 10, 2],
    [2, 15, 3],
    [3, 12, 2],
    [3, 15, 3],
    [2, 20, 3],
    [3, 18, 3],
    [2, 25, 3],
  ]),
  /** Marathon: Hansons-style goal-pace runs, growing from 2×15 min to 2×40 min. */
  marathonPace: steps([
    [2, 15, 3],
    [3, 12, 3],
    [2, 20, 3],
    [3, 15, 3],
    [2, 25, 3],
    [2, 30, 3],
    [3, 25, 3],
    [2, 40, 4],
  ]),
} as const;

export const BIKE_STEPS = {
  /** Sweet spot (88-93 % FTP): 3×10 min toward 3×20 min. */
  sweetSpot: steps([
    [3, 10, 5],
    [3, 12, 5],
    [2, 20, 5],
    [3, 15, 5],
    [4, 15, 5],
    [3, 20, 5],
  ]),
  /** Threshold (95-100 % FTP): 4×8 min toward 2×20 min. */
  threshold: steps([
    [4, 8, 4],
    [3, 10, 5],
    [4, 10, 5],
    [3, 12, 5],
    [3, 15, 5],
    [2, 20, 5],
  ]),
  /** VO2max (110-115 % FTP): 5×3 min toward 5×5 min. */
  vo2: steps([
    [5, 3, 3],
    [6, 3, 3],
    [5, 4, 4],
    [4, 5, 5],
    [5, 5, 5],
  ]),
  /** Race simulation at race power: 2×20 min toward 2×60 min. */
  raceSim: steps([
    [2, 20, 5],
    [3, 20, 5],
    [2, 30, 5],
    [3, 30, 5],
    [2, 45, 5],
    [2, 60, 5],
  ]),
} as const;

export const SWIM_STEPS = {
  /** CSS sets (metres, seconds of rest): 8×100 m toward 4×400 m, as in Swim Smooth's CSS work. */
  css: steps([
    [8, 100, 15],
    [10, 100, 15],
    [6, 200, 20],
    [12, 100, 15],
    [5, 300, 20],
    [8, 200, 20],
    [4, 400, 30],
  ]),
  /** Race pace: 4×400 m toward one continuous race-length block. */
  racePace: steps([
    [4, 400, 30],
    [3, 600, 30],
    [2, 800, 30],
    [3, 800, 30],
    [2, 1200, 45],
    [1, 1500, 0],
    [1, 2000, 0],
  ]),
} as const;

/**
 * One step of a new runner's run/walk block: `reps` × (`run` minutes of easy running, `walk` minutes of walking),
 * between a 5-minute brisk walk and a cool-down walk, `minutes` in all (a continuous step has one rep, no walk).
 */
export interface RunWalkStep {
  reps: number;
  run: number;
  walk: number;
  minutes: number;
}

/**
 * A new runner's run/walk block, one step a whole load week, in the spirit of the NHS Couch to 5K programme (a
 * minute's running with walks between in week 1, about 30 minutes of continuous running by week 9) and Jeff
 * Galloway's run/walk method: the run spells grow (8 → 30 minutes of running a session) while a session's length
 * grows gently (30 → 40 minutes, never more than about 10 % a step). Our figures; docs/plan-generator.md, "A new
 * runner runs and walks".
 */
export const RUN_WALK_STEPS: readonly RunWalkStep[] = [
  { reps: 8, run: 1, walk: 1.5, minutes: 30 },
  { reps: 6, run: 1.5, walk: 2, minutes: 31 },
  { reps: 6, run: 2, walk: 1.5, minutes: 32 },
  { reps: 5, run: 3, walk: 1, minutes: 33 },
  { reps: 3, run: 6, walk: 2, minutes: 34 },
  { reps: 2, run: 10, walk: 2, minutes: 35 },
  { reps: 1, run: 25, walk: 0, minutes: 35 },
  { reps: 1, run: 28, walk: 0, minutes: 38 },
  { reps: 1, run: 30, walk: 0, minutes: 40 },
];

// The plan generator's session library: plain-language workouts the workout parser reads without a warning,
// with targets from the athlete (threshold pace, FTP, CSS, and the goal's race pace), scaled to the minutes
// the plan gives them and grown step by step (session-progressions.ts). Which session goes where is
// plan-generator.ts; texts, zones and progressions: docs/plan-generator.md, "Session library".
import { clamp, roundTo } from '../numbers.ts';
import { METERS_PER_MILE } from '../units.ts';
import type { Sport } from '../workouts/types.ts';
import {
  BIKE_STEPS,
  type IntervalStep,
  RUN_STEPS,
  RUN_WALK_STEPS,
  SWIM_STEPS,
} from './session-progressions.ts';
import {
  BIKE,
  distanceText,
  fiveDown,
  mmss,
  type Part,
  paceText,
  powerZone,
  RUN,
  runRange,
  type SessionTargets,
  SWIM,
  speedZone,
  wattRange,
  writtenPace,
  type Z,
} from './session-targets.ts';

/** What a session is for; the generator picks kinds by phase, the library writes them. */
export type SessionKind =
  | 'easy'
  | 'recovery'
  | 'long'
  | 'strides'
  | 'tempo'
  | 'threshold'
  | 'vo2'
  | 'race_pace'
  | 'technique'
  | 'brick'
  | 'strength'
  | 'core'
  | 'test'
  | 'race';

export interface LibrarySession {
  sport: Sport;
  kind: SessionKind;
  title: string;
  workout_language_text: string;
  /**
   * The session's minutes by zone, as the library wrote them (the parser reads the text to the same figures,
   * checked by the library's tests): the generator scores the plan from them without parsing every text.
   */
  parts: Part[];
  /** The session's main zone: its hardest sustained work (strides do not count). */
  zone: 1 | 2 | 3 | 4 | 5;
}

/** The session's shape options: the progression step and the event it prepares. */
export interface SessionOptions {
  /** How many times this key session came before: its place on the progression. */
  step?: number;
  /** Loaded leg work ruled out (an injury): strength becomes core and mobility. */
  noLegs?: boolean;
  /** The race distance, metres (its family picks the race-pace progression). */
  raceMeters?: number;
  /** A race-week opener: a few short efforts at race pace. */
  opener?: boolean;
  /** Kilometres of race pace inside a long run (marathon-pace long runs), 0 for none. */
  raceKm?: number;
  /** A new runner's run/walk session at this step of RUN_WALK_STEPS (docs/plan-generator.md, "A new runner runs and walks"). */
  runWalk?: number;
}

/**
 * The largest step of `steps` at or below `step` whose work and recoveries fit `mainMinutes`; when none fits,
 * the first step with fewer reps.
 */
export function fitStep(steps: readonly IntervalStep[], step: number, mainMinutes: number): IntervalStep {
  for (let i = Math.min(step, steps.length - 1); i >= 0; i--) {
    const s = steps[i]!;
    if (s.reps * (s.work + s.rest) <= mainMinutes) return s;
  }
  // Not even the first step fits: fewer of its reps.
  const first = steps[0]!;
  return { ...first, reps: Math.max(1, Math.floor(mainMinutes / (first.work + first.rest))) };
}

/** A session from its title, text and parts; its main zone is the hardest part of at least `minWork` minutes. */
function made(
  sport: Sport,
  kind: SessionKind,
  title: string,
  text: string,
  parts: Part[],
  main?: Z,
): LibrarySession {
  const zone = main ?? (parts.reduce<Z>((z, [m, pz]) => (m >= 1 && pz > z ? pz : z), 1) as Z);
  return { sport, kind, title, workout_language_text: text, parts, zone };
}

/** The text and parts of `reps` × `work` at `target` with `rest` between, after a warm-up and before a cool-down. */
function intervals(
  wu: [string, number, Z],
  s: IntervalStep,
  target: string,
  zone: Z,
  rest: [string, Z],
  cd: [string, number, Z],
): { text: string; parts: Part[] } {
  const set =
    s.reps === 1
      ? `${s.work}min @ ${target}`
      : `${s.reps}x ${s.work}min @ ${target} w/ ${s.rest}min ${rest[0]}`;
  const parts: Part[] = [
    [wu[1], wu[2]],
    [s.reps * s.work, zone],
  ];
  if (s.reps > 1) parts.push([s.reps * s.rest, rest[1]]);
  parts.push([cd[1], cd[2]]);
  return { text: `${wu[0]}, ${set}, ${cd[0]}`, parts };
}

/**
 * The longest cool-down of a run or ride with a set, minutes: a key session is as long as its set needs, and
 * minutes beyond it go to the week's easy sessions, not to a padded cool-down (docs/plan-generator.md, "Load").
 */
export const MAX_COOL_DOWN = { run: 15, bike: 20 } as const;

const mid = ([a, b]: readonly [number, number]) => (a + b) / 2;

/**
 * Efforts that stand for the paces when a run is written by effort (a new runner, docs/plan-generator.md, "A new
 * runner runs and walks"), with the zone the parser gives each RPE (docs/workout-parser.md, "Zones"): the same
 * zone as the pace each replaces.
 */
export const RUN_EFFORT = {
  z1: ['RPE 2', 1],
  z2: ['RPE 3-4', 2],
  steady: ['RPE 5-6', 3],
  threshold: ['RPE 7', 4],
  vo2: ['RPE 9', 5],
  race: ['RPE 7', 4],
} as const satisfies Record<string, readonly [string, Z]>;

/** The title of a new runner's run/walk session (the reviewer knows their weeks by it). */
export const RUN_WALK_TITLE = 'Run/walk';

/** Minutes as the text writes them: '5min', '90s' under two minutes, '5min30s'. */
function span(minutes: number): string {
  if (Number.isInteger(minutes)) return `${minutes}min`;
  if (minutes < 2) return `${Math.round(minutes * 60)}s`;
  return `${Math.floor(minutes)}min${Math.round((minutes % 1) * 60)}s`;
}

/**
 * A new runner's run/walk session at `stepIndex` of RUN_WALK_STEPS, in `minutes` at most: a 5-minute brisk walk,
 * the step's run spells with walks between, a cool-down walk. Shorter than the step (a deload, race week), it
 * keeps the step's spells and holds fewer of them (docs/plan-generator.md, "A new runner runs and walks").
 */
function runWalk(stepIndex: number, minutes: number): LibrarySession {
  const st = RUN_WALK_STEPS[clamp(stepIndex, 0, RUN_WALK_STEPS.length - 1)]!;
  const m = Math.floor(minutes);
  const cycle = st.run + st.walk;
  let { reps, run: spell } = st;
  let cd = st.minutes - 5 - st.reps * cycle;
  if (m < st.minutes && st.walk > 0) {
    reps = clamp(Math.floor((m - 10) / cycle), 1, st.reps);
    cd = clamp(m - 5 - reps * cycle, 3, 10);
  } else if (m < st.minutes) {
    spell = Math.max(10, m - 10);
    cd = 5;
  }
  const [walk, walkZone] = RUN_EFFORT.z1;
  const [easy, easyZone] = RUN_EFFORT.z2;
  const set =
    st.walk > 0
      ? `${reps}x ${span(spell)} easy run @ ${easy} w/ ${span(st.walk)} walk`
      : `${span(spell)} easy run @ ${easy}`;
  const parts: Part[] = [
    [5, walkZone],
    [reps * spell, easyZone],
  ];
  if (st.walk > 0) parts.push([reps * st.walk, 1]);
  parts.push([cd, 1]);
  return made(
    'run',
    'easy',
    RUN_WALK_TITLE,
    `WU 5min brisk walk @ ${walk}, ${set}, CD ${span(cd)} walk`,
    parts,
  );
}

function run(kind: SessionKind, minutes: number, t: SessionTargets, o: SessionOptions): LibrarySession {
  if (o.runWalk !== undefined) return { ...runWalk(o.runWalk, minutes), kind };
  const effort = t.runByEffort;
  // Easy and recovery running: a pace range, or an effort.
  const range = (paces: readonly [number, number], e: keyof typeof RUN_EFFORT): [string, Z] =>
    effort ? [RUN_EFFORT[e][0], RUN_EFFORT[e][1]] : [runRange(t, paces), speedZone(1 / mid(paces))];
  const [easy, z2] = range(RUN.z2, 'z2');
  const m = fiveDown(minutes);
  const step = o.step ?? 0;
  const zoneOf = (pace: number) => speedZone(t.thresholdPace / pace);
  // A target: the pace as the athlete's units write it, or its effort.
  const at = (pace: number, e: keyof typeof RUN_EFFORT): [string, Z] =>
    effort ? [RUN_EFFORT[e][0], RUN_EFFORT[e][1]] : [paceText(pace, t.units), zoneOf(pace)];
  const s = (title: string, text: string, parts: Part[], main?: Z) =>
    made('run', kind, title, text, parts, main);
  const interval = (title: string, steps: readonly IntervalStep[], target: [string, Z]) => {
    const st = fitStep(steps, step, Math.max(10, m - 25));
    const cd = clamp(m - 15 - st.reps * (st.work + st.rest), 10, MAX_COOL_DOWN.run);
    const r = intervals(
      [`WU 15min @ ${easy}`, 15, z2],
      st,
      target[0],
      target[1],
      ['jog', 1],
      [`CD ${cd}min @ ${easy}`, cd, z2],
    );
    return s(title, r.text, r.parts);
  };
  const racePace = t.racePace ?? t.runPace(1.04);
  switch (kind) {
    case 'recovery': {
      const [text, zone] = range(RUN.z1, 'z1');
      return s('Recovery run', `Recovery run ${m}min @ ${text}`, [[m, zone]]);
    }
    case 'long': {
      const raceKm = o.raceKm ?? 0;
      if (raceKm > 0) {
        // An imperial athlete's race-pace kilometres are miles to the half (4 km: 2.5 mi; 16 km: 10 mi); the
        // easy part keeps the metric plan's minutes, so the plan holds the same sessions in either units (the
        // miles may add or take up to 2 minutes).
        const imperial = t.units === 'imperial';
        const distance = imperial ? Math.max(1, Math.round((raceKm * 2000) / METERS_PER_MILE) / 2) : raceKm;
        const meters = imperial ? distance * METERS_PER_MILE : raceKm * 1000;
        const paced = writtenPace(racePace, t.units);
        const raceMinutes = (meters / 1000) * (paced / 60);
        const easyMinutes = fiveDown(Math.max(20, m - (raceKm * racePace) / 60));
        return s(
          'Long run with race pace',
          `Long run ${easyMinutes}min @ ${easy}, ${distance}${imperial ? 'mi' : 'km'} @ ${paceText(racePace, t.units)}`,
          [
            [easyMinutes, z2],
            [raceMinutes, zoneOf(paced)],
          ],
        );
      }
      return s('Long run', `Long run ${m}min @ ${easy}`, [[m, z2]]);
    }
    case 'strides': {
      const base = Math.max(15, m - 6);
      return s(
        'Easy run with strides',
        `Easy run ${base}min @ ${easy}, 6x 20s strides, 40s walk`,
        [
          [base, z2],
          [2, 5],
          [4, 1],
        ],
        2,
      );
    }
    case 'brick':
      return s('Brick run off the bike', `Easy run ${m}min @ ${easy}`, [[m, z2]]);
    case 'tempo': {
      // By effort (a new runner), a short "comfortably hard" part (RPE 5-6) of 10 minutes growing to 20, after a
      // 10-minute warm-up, so that the session fits a short week before the race.
      const wu = effort ? 10 : 15;
      const work = Math.min(
        fiveDown(Math.max(10, m - wu - 10)),
        (effort ? 10 : 15) + 5 * step,
        effort ? 20 : 45,
      );
      const cd = clamp(m - wu - work, effort ? 5 : 10, MAX_COOL_DOWN.run);
      const [target, zone] = at(t.runPace(RUN.steady), 'steady');
      return s(
        'Steady run',
        `WU ${wu}min @ ${easy}, ${work}min ${effort ? 'comfortably hard ' : ''}@ ${target}, CD ${cd}min @ ${easy}`,
        [
          [wu, z2],
          [work, zone],
          [cd, z2],
        ],
      );
    }
    case 'threshold':
      return interval('Threshold intervals', RUN_STEPS.threshold, at(t.runPace(RUN.threshold), 'threshold'));
    case 'vo2':
      return interval('VO2max intervals', RUN_STEPS.vo2, at(t.runPace(RUN.vo2), 'vo2'));
    case 'race_pace': {
      const meters = o.raceMeters ?? 21_097;
      const steps =
        meters > 30_000 ? RUN_STEPS.marathonPace : meters > 15_000 ? RUN_STEPS.halfPace : RUN_STEPS.shortPace;
      const [target, zone] = at(racePace, 'race');
      if (o.opener) {
        // Race week: a short opener at race pace.
        // Six short efforts with a minute's jog: sharp without tiring (docs/plan-generator.md, "Load").
        const base = Math.max(15, m - 12);
        return s('Race-pace opener', `Easy run ${base}min @ ${easy}, 6x 1min @ ${target} w/ 1min jog`, [
          [base, z2],
          [6, zone],
          [6, 1],
        ]);
      }
      return interval('Race-pace intervals', steps, [target, zone]);
    }
    case 'test': {
      const pace = t.runPace(RUN.threshold);
      return s(
        '30-min run test',
        `WU 15min @ ${easy}, 30min @ ${paceText(pace, t.units)}, CD 10min @ ${runRange(t, RUN.z1)}`,
        [
          [15, z2],
          [30, zoneOf(pace)],
          [10, 1],
        ],
      );
    }
    default:
      return s('Easy run', `Easy run ${m}min @ ${easy}`, [[m, z2]]);
  }
}

function bike(kind: SessionKind, minutes: number, t: SessionTargets, o: SessionOptions): LibrarySession {
  const easy = wattRange(t, BIKE.z2);
  const spin = wattRange(t, BIKE.z1);
  const m = fiveDown(minutes);
  const step = o.step ?? 0;
  const s = (title: string, text: string, parts: Part[]) => made('bike', kind, title, text, parts);
  const interval = (
    title: string,
    steps: readonly IntervalStep[],
    target: string,
    zone: Z,
    wuMinutes = 15,
  ) => {
    const st = fitStep(steps, step, Math.max(10, m - wuMinutes - 10));
    const cd = clamp(m - wuMinutes - st.reps * (st.work + st.rest), 10, MAX_COOL_DOWN.bike);
    const r = intervals(
      [`WU ${wuMinutes}min @ ${easy}`, wuMinutes, 2],
      st,
      target,
      zone,
      [`easy spin @ ${spin}`, 1],
      [`CD ${cd}min @ ${easy}`, cd, 2],
    );
    return s(title, r.text, r.parts);
  };
  switch (kind) {
    case 'recovery':
      return s('Recovery spin', `Recovery spin ${m}min @ ${spin}`, [[m, 1]]);
    case 'long':
    case 'brick':
      return s(kind === 'brick' ? 'Brick ride' : 'Long ride', `Endurance ride ${m}min @ ${easy}`, [[m, 2]]);
    case 'tempo':
      return interval('Sweet spot intervals', BIKE_STEPS.sweetSpot, wattRange(t, BIKE.sweet), 4);
    case 'threshold':
      return interval('Threshold intervals', BIKE_STEPS.threshold, wattRange(t, BIKE.threshold), 4);
    case 'vo2':
      return interval('VO2max intervals', BIKE_STEPS.vo2, wattRange(t, BIKE.vo2), 5);
    case 'race_pace': {
      const watts = t.raceWatts ?? t.watts(0.8);
      const zone = powerZone(watts / t.ftp);
      const target = t.bikeByZone ? `Z${zone}` : `${watts}W`;
      if (o.opener) {
        const base = Math.max(15, m - 15);
        return s(
          'Race-pace opener',
          `Endurance ride ${base}min @ ${easy}, 3x 3min @ ${target} w/ 2min easy spin @ ${spin}`,
          [
            [base, 2],
            [9, zone],
            [6, 1],
          ],
        );
      }
      // Race simulation: long blocks at race power (a long race's power sits in zone 2-3).
      return interval('Race simulation', BIKE_STEPS.raceSim, target, zone, 20);
    }
    case 'test':
      return s(
        'FTP test',
        `WU 20min @ ${easy}, 5min @ ${t.watts(1.1)}W, 10min @ ${spin}, 20min @ ${t.watts(1)}W, CD 15min @ ${spin}`,
        [
          [20, 2],
          [5, 5],
          [10, 1],
          [20, 4],
          [15, 1],
        ],
      );
    default:
      return s('Endurance ride', `Endurance ride ${m}min @ ${easy}`, [[m, 2]]);
  }
}

/** Metres swum in `minutes` at `pace` s/100 m, to whole 100 m. */
function swimMeters(minutes: number, pace: number): number {
  return Math.max(100, Math.floor((minutes * 60) / pace) * 100);
}

function swim(kind: SessionKind, minutes: number, t: SessionTargets, o: SessionOptions): LibrarySession {
  const easyPace = t.swimPace(SWIM.easy);
  const steadyPace = t.swimPace(SWIM.steady);
  const easy = `${mmss(easyPace)}/100m`;
  const steady = `${mmss(steadyPace)}/100m`;
  const step = o.step ?? 0;
  const zoneOf = (pace: number) => speedZone(t.css / pace);
  const at = (meters: number, pace: number): Part => [(meters * pace) / 6000, zoneOf(pace)];
  const s = (title: string, text: string, parts: Part[]) => made('swim', kind, title, text, parts);
  // Warm-up and cool-down take 300 m and 200 m at easy pace.
  const mainMinutes = Math.max(5, minutes - (500 * easyPace) / 6000);
  const wu = `WU 300m @ ${easy}`;
  const cd = `CD 200m @ ${easy}`;
  const ends: Part[] = [at(300, easyPace), at(200, easyPace)];
  // Swim sets in metres: a step's `work` is metres, `rest` seconds.
  const set = (title: string, steps: readonly IntervalStep[], pace: number) => {
    const minutesOf = (c: IntervalStep) => (c.reps * (c.work * (pace / 100) + c.rest)) / 60;
    // When not even the first step fits: as many 100 m reps as do (at least three: a set worth the name).
    const hundreds = Math.max(3, Math.floor(mainMinutes / minutesOf({ reps: 1, work: 100, rest: 15 })));
    let chosen: IntervalStep =
      minutesOf(steps[0]!) <= mainMinutes ? steps[0]! : { reps: hundreds, work: 100, rest: 15 };
    for (let i = Math.min(step, steps.length - 1); i >= 0; i--) {
      const c = steps[i]!;
      if (minutesOf(c) <= mainMinutes) {
        chosen = c;
        break;
      }
    }
    const used = (chosen.reps * (chosen.work * (pace / 100) + chosen.rest)) / 60;
    const extraMeters = mainMinutes - used >= 4 ? swimMeters(mainMinutes - used, steadyPace) : 0;
    const extra = extraMeters > 0 ? `, ${extraMeters}m @ ${steady}` : '';
    const reps =
      chosen.reps === 1
        ? `${chosen.work}m @ ${mmss(pace)}/100m`
        : `${chosen.reps}x ${chosen.work}m @ ${mmss(pace)}/100m w/ ${chosen.rest}s rest`;
    const parts: Part[] = [
      ...ends,
      at(chosen.reps * chosen.work, pace),
      [(chosen.reps * chosen.rest) / 60, 1],
    ];
    if (extraMeters > 0) parts.push(at(extraMeters, steadyPace));
    return s(title, `${wu}, ${reps}${extra}, ${cd}`, parts);
  };
  switch (kind) {
    case 'technique': {
      const drills = 8;
      const drillMinutes = (drills * (50 * easyPace + 15 * 100)) / 6000;
      const rest = swimMeters(Math.max(2, mainMinutes - drillMinutes), steadyPace);
      return s(
        'Technique swim',
        `${wu}, ${drills}x 50m drill @ ${easy} w/ 15s rest, ${rest}m @ ${steady}, ${cd}`,
        [...ends, at(drills * 50, easyPace), [(drills * 15) / 60, 1], at(rest, steadyPace)],
      );
    }
    case 'threshold':
    case 'vo2':
      return set('CSS intervals', SWIM_STEPS.css, t.swimPace(kind === 'vo2' ? SWIM.fast : SWIM.css));
    case 'race_pace':
      // A race-week opener: a few 100 m at race pace.
      return o.opener
        ? set('Race-pace opener', [{ reps: 4, work: 100, rest: 20 }], t.raceSwimPace ?? t.swimPace(1.05))
        : set('Race-pace swim', SWIM_STEPS.racePace, t.raceSwimPace ?? t.swimPace(1.05));
    case 'test':
      return s(
        'CSS test',
        `WU 400m @ ${easy}, 400m @ ${mmss(t.swimPace(0.97))}/100m, 200m @ ${easy}, 200m @ ${mmss(t.swimPace(SWIM.fast))}/100m, CD 200m @ ${easy}`,
        [
          at(400, easyPace),
          at(400, t.swimPace(0.97)),
          at(200, easyPace),
          at(200, t.swimPace(SWIM.fast)),
          at(200, easyPace),
        ],
      );
    default: {
      const meters = swimMeters(mainMinutes, steadyPace);
      return s(kind === 'long' ? 'Long swim' : 'Endurance swim', `${wu}, ${meters}m @ ${steady}, ${cd}`, [
        ...ends,
        at(meters, steadyPace),
      ]);
    }
  }
}

function strength(kind: SessionKind, minutes: number, noLegs: boolean): LibrarySession {
  const m = fiveDown(minutes);
  if (kind === 'core' || noLegs) {
    const stretch = Math.max(5, m - 14);
    return made(
      'strength',
      kind,
      'Core and mobility',
      `Warmup 10min easy\nPlank 3x 45s, 30s rest\nCooldown: ${stretch}min stretch`,
      [[10 + 3.75 + stretch, 1]],
      1,
    );
  }
  return made('strength', kind, 'Strength circuit', `${m}min strength circuit`, [[m, 2]], 2);
}

/** The library session of `sport` and `kind` lasting about `minutes` (never more), with the athlete's targets. */
export function librarySession(
  sport: Sport,
  kind: SessionKind,
  minutes: number,
  targets: SessionTargets,
  options: SessionOptions = {},
): LibrarySession {
  if (sport === 'run') return run(kind, minutes, targets, options);
  if (sport === 'bike') return bike(kind, minutes, targets, options);
  if (sport === 'swim') return swim(kind, minutes, targets, options);
  return strength(kind, minutes, options.noLegs ?? false);
}

/** Race day: the event at the target (or predicted) pace, or at an effort that suits its length. */
export function raceSession(
  sport: Sport,
  meters: number,
  title: string,
  targets: SessionTargets,
  targetSeconds: number | null,
): LibrarySession {
  const km = Math.round(meters / 100) / 10;
  if (sport === 'swim') {
    const pace = Math.round(
      targetSeconds ? targetSeconds / (meters / 100) : (targets.raceSwimPace ?? targets.swimPace(1.05)),
    );
    const zone = speedZone(targets.css / pace);
    return made('swim', 'race', title, `${Math.round(meters)}m @ ${mmss(pace)}/100m`, [
      [(meters * pace) / 6000, zone],
    ]);
  }
  if (sport === 'bike') {
    const watts = targets.raceWatts ?? targets.watts(meters > 150_000 ? 0.7 : meters > 60_000 ? 0.78 : 0.88);
    // Time at race power: about 30 km/h on a long course, 33 on a short one.
    const hours = km / (meters > 60_000 ? 30 : 33);
    return made('bike', 'race', title, `${distanceText(meters, targets.units)} @ ${watts}W`, [
      [hours * 60, powerZone(watts / targets.ftp)],
    ]);
  }
  if (targets.runByEffort && !targetSeconds) {
    // A new runner with no target time races by effort; the parser times a distance at an effort in zone 4 at
    // threshold pace (docs/workout-parser.md), and so do the parts.
    const [effort, zone] = RUN_EFFORT.race;
    const writtenKm =
      targets.units === 'imperial' ? (roundTo(meters / METERS_PER_MILE, 1) * METERS_PER_MILE) / 1000 : km;
    return made('run', 'race', title, `${distanceText(meters, targets.units)} @ ${effort}`, [
      [(writtenKm * targets.thresholdPace) / 60, zone],
    ]);
  }
  const pace = Math.round(
    targetSeconds ? targetSeconds / (meters / 1000) : (targets.racePace ?? targets.runPace(1.04)),
  );
  // The distance and pace as written (to a tenth of a mile, a second a mile for an imperial athlete).
  const written = writtenPace(pace, targets.units);
  const writtenKm =
    targets.units === 'imperial' ? (roundTo(meters / METERS_PER_MILE, 1) * METERS_PER_MILE) / 1000 : km;
  return made(
    'run',
    'race',
    title,
    `${distanceText(meters, targets.units)} @ ${paceText(pace, targets.units)}`,
    [[(writtenKm * written) / 60, speedZone(targets.thresholdPace / written)]],
  );
}

// The plan generator's session library: plain-language workouts the workout parser reads without a warning,
// written with targets in the athlete's zones (their thresholds, or the parser's documented defaults) and
// scaled to the minutes the plan gives them. Which session goes where is plan-generator.ts; the texts and
// their zones are described in docs/plan-generator.md, "Session library".
import { resolveThresholds } from '../workouts/parser/intensity.ts';
import type { AthleteThresholds, Sport } from '../workouts/types.ts';

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
}

/** Targets of one athlete: run pace, bike power and swim pace per intensity, from their thresholds. */
export interface SessionTargets {
  /** Run pace in seconds per km at a multiple of threshold pace. */
  runPace: (factor: number) => number;
  /** Bike power in watts at a share of FTP. */
  watts: (share: number) => number;
  /** Swim pace in seconds per 100 m at a multiple of CSS. */
  swimPace: (factor: number) => number;
}

export function sessionTargets(thresholds: AthleteThresholds | undefined): SessionTargets {
  const t = resolveThresholds(thresholds);
  return {
    runPace: (factor) => Math.round(t.thresholdPaceSecondsPerKm * factor),
    watts: (share) => Math.round((t.ftpWatts * share) / 5) * 5,
    swimPace: (factor) => Math.round(t.cssSecondsPer100m * factor),
  };
}

// Intensities as multiples of threshold. The parser's zones (docs/workout-parser.md, "Zones"): run speed
// below 78 % of threshold speed is Z1, below 88 % Z2, below 95 % Z3, below 101 % Z4; bike power to 55 % FTP
// Z1, to 75 % Z2, to 87 % Z3, to 105 % Z4. Each range below sits well inside its zone.
const RUN = { z1: [1.34, 1.42], z2: [1.16, 1.26], tempo: 1.1, threshold: 1.01, vo2: 0.94 } as const;
const BIKE = {
  z1: [0.45, 0.52],
  z2: [0.62, 0.72],
  tempo: [0.78, 0.84],
  sweet: [0.88, 0.93],
  threshold: [0.95, 1],
  vo2: [1.1, 1.15],
} as const;
// Swim pace zones follow speed as run pace does: easy (Z1) at 1.32 × CSS, steady (Z2) at 1.2 × CSS.
const SWIM = { easy: 1.32, steady: 1.2, css: 1, fast: 0.96 } as const;

const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
const fiveMinutes = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);

function runRange(t: SessionTargets, [fast, slow]: readonly [number, number]): string {
  return `${mmss(t.runPace(fast))}-${mmss(t.runPace(slow))}/km`;
}
function wattRange(t: SessionTargets, [lo, hi]: readonly [number, number]): string {
  return `${t.watts(lo)}-${t.watts(hi)}W`;
}

/** Work minutes of a set and its repeats: as many `rep`-minute repeats (plus their recovery) as fit. */
function repeatsFor(mainMinutes: number, rep: number, recovery: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(mainMinutes / (rep + recovery))));
}

function run(kind: SessionKind, minutes: number, t: SessionTargets): LibrarySession {
  const easy = runRange(t, RUN.z2);
  const m = fiveMinutes(minutes);
  const session = (title: string, text: string): LibrarySession => ({
    sport: 'run',
    kind,
    title,
    workout_language_text: text,
  });
  switch (kind) {
    case 'recovery':
      return session('Recovery run', `Recovery run ${m}min @ ${runRange(t, RUN.z1)}`);
    case 'long':
      return session('Long run', `Long run ${m}min @ ${easy}`);
    case 'strides': {
      const base = Math.max(15, m - 6);
      return session('Easy run with strides', `Easy run ${base}min @ ${easy}, 6x 20s strides, 40s walk`);
    }
    case 'brick':
      return session('Brick run off the bike', `Easy run ${m}min @ ${easy}`);
    case 'tempo': {
      const work = fiveMinutes(Math.min(40, Math.max(15, (m - 25) * 0.6)));
      const cd = Math.max(10, m - 15 - work);
      return session(
        'Tempo run',
        `WU 15min @ ${easy}, ${work}min @ ${mmss(t.runPace(RUN.tempo))}/km, CD ${cd}min @ ${easy}`,
      );
    }
    case 'threshold': {
      const reps = repeatsFor(Math.min(40, (m - 25) * 0.8), 8, 2, 2, 5);
      const cd = Math.max(10, m - 15 - reps * 10);
      return session(
        'Threshold intervals',
        `WU 15min @ ${easy}, ${reps}x 8min @ ${mmss(t.runPace(RUN.threshold))}/km w/ 2min jog, CD ${cd}min @ ${easy}`,
      );
    }
    case 'vo2': {
      const reps = repeatsFor(Math.min(30, (m - 25) * 0.8), 3, 2, 3, 6);
      const cd = Math.max(10, m - 15 - reps * 5);
      return session(
        'VO2max intervals',
        `WU 15min @ ${easy}, ${reps}x 3min @ ${mmss(t.runPace(RUN.vo2))}/km w/ 2min jog, CD ${cd}min @ ${easy}`,
      );
    }
    case 'race_pace': {
      const work = fiveMinutes(Math.min(60, Math.max(15, m * 0.3)));
      return session(
        'Long run with race pace',
        `${m - work}min @ ${easy}, ${work}min @ ${mmss(t.runPace(RUN.tempo))}/km`,
      );
    }
    case 'test':
      return session(
        '30-min run test',
        `WU 15min @ ${easy}, 30min @ ${mmss(t.runPace(RUN.threshold))}/km, CD 10min @ ${runRange(t, RUN.z1)}`,
      );
    default:
      return session('Easy run', `Easy run ${m}min @ ${easy}`);
  }
}

function bike(kind: SessionKind, minutes: number, t: SessionTargets): LibrarySession {
  const easy = wattRange(t, BIKE.z2);
  const m = fiveMinutes(minutes);
  const session = (title: string, text: string): LibrarySession => ({
    sport: 'bike',
    kind,
    title,
    workout_language_text: text,
  });
  const intervals = (
    title: string,
    rep: number,
    rec: number,
    range: readonly [number, number],
    max: number,
  ) => {
    const reps = repeatsFor(Math.min(max * (rep + rec), (m - 25) * 0.8), rep, rec, 2, max);
    const cd = Math.max(10, m - 15 - reps * (rep + rec));
    return session(
      title,
      `WU 15min @ ${easy}, ${reps}x ${rep}min @ ${wattRange(t, range)} w/ ${rec}min easy spin @ ${wattRange(t, BIKE.z1)}, CD ${cd}min @ ${easy}`,
    );
  };
  switch (kind) {
    case 'recovery':
      return session('Recovery spin', `Recovery spin ${m}min @ ${wattRange(t, BIKE.z1)}`);
    case 'long':
    case 'brick':
      return session(kind === 'brick' ? 'Brick ride' : 'Long ride', `Endurance ride ${m}min @ ${easy}`);
    case 'tempo':
      return intervals('Tempo intervals', 10, 5, BIKE.tempo, 4);
    case 'threshold':
      return intervals('Sweet spot intervals', 12, 4, BIKE.sweet, 4);
    case 'vo2':
      return intervals('VO2max intervals', 4, 4, BIKE.vo2, 6);
    case 'race_pace':
      return intervals('Threshold intervals', 10, 5, BIKE.threshold, 4);
    case 'test':
      return session(
        'FTP test',
        `WU 20min @ ${easy}, 5min @ ${t.watts(1.1)}W, 10min @ ${wattRange(t, BIKE.z1)}, 20min @ ${t.watts(1)}W, CD 15min @ ${wattRange(t, BIKE.z1)}`,
      );
    default:
      return session('Endurance ride', `Endurance ride ${m}min @ ${easy}`);
  }
}

/** Meters swum in `minutes` at `factor` × CSS, to whole 100 m. */
function swimMeters(minutes: number, factor: number, t: SessionTargets): number {
  return Math.max(100, Math.round((minutes * 60) / t.swimPace(factor)) * 100);
}

function swim(kind: SessionKind, minutes: number, t: SessionTargets): LibrarySession {
  const easy = `${mmss(t.swimPace(SWIM.easy))}/100m`;
  const steady = `${mmss(t.swimPace(SWIM.steady))}/100m`;
  const session = (title: string, text: string): LibrarySession => ({
    sport: 'swim',
    kind,
    title,
    workout_language_text: text,
  });
  // Warm-up and cool-down take 300 m and 200 m at easy pace, about 6 and 4 minutes.
  const mainMinutes = Math.max(5, minutes - (500 * t.swimPace(SWIM.easy)) / 6000);
  switch (kind) {
    case 'technique': {
      const drills = 8;
      const drillMinutes = (drills * (50 * t.swimPace(SWIM.easy) + 15 * 100)) / 6000;
      const rest = swimMeters(Math.max(2, mainMinutes - drillMinutes), SWIM.steady, t);
      return session(
        'Technique swim',
        `WU 300m @ ${easy}, ${drills}x 50m drill @ ${easy} w/ 15s rest, ${rest}m @ ${steady}, CD 200m @ ${easy}`,
      );
    }
    case 'threshold':
    case 'vo2':
    case 'race_pace': {
      const per = (100 * t.swimPace(SWIM.css)) / 100 + 15;
      const reps = Math.min(30, Math.max(4, Math.floor((mainMinutes * 60) / per)));
      return session(
        'CSS intervals',
        `WU 300m @ ${easy}, ${reps}x 100m @ ${mmss(t.swimPace(SWIM.css))}/100m w/ 15s rest, CD 200m @ ${easy}`,
      );
    }
    case 'test':
      return session(
        'CSS test',
        `WU 400m @ ${easy}, 400m @ ${mmss(t.swimPace(0.97))}/100m, 200m @ ${easy}, 200m @ ${mmss(t.swimPace(SWIM.fast))}/100m, CD 200m @ ${easy}`,
      );
    case 'long':
      return session(
        'Long swim',
        `WU 300m @ ${easy}, ${swimMeters(mainMinutes, SWIM.steady, t)}m @ ${steady}, CD 200m @ ${easy}`,
      );
    default:
      return session(
        'Endurance swim',
        `WU 300m @ ${easy}, ${swimMeters(mainMinutes, SWIM.steady, t)}m @ ${steady}, CD 200m @ ${easy}`,
      );
  }
}

function strength(kind: SessionKind, minutes: number, noLegs: boolean): LibrarySession {
  const m = fiveMinutes(minutes);
  if (kind === 'core' || noLegs)
    return {
      sport: 'strength',
      kind,
      title: 'Core and mobility',
      workout_language_text: `Warmup 10min easy\nPlank 3x 45s, 30s rest\nCooldown: ${Math.max(5, m - 14)}min stretch`,
    };
  return {
    sport: 'strength',
    kind,
    title: 'Strength circuit',
    workout_language_text: `${m}min strength circuit`,
  };
}

/**
 * The library session of `sport` and `kind` lasting about `minutes`, with targets from `targets`. `noLegs`
 * gives the core-and-mobility variant of strength (an injury that rules out loaded leg work).
 */
export function librarySession(
  sport: Sport,
  kind: SessionKind,
  minutes: number,
  targets: SessionTargets,
  noLegs = false,
): LibrarySession {
  if (sport === 'run') return run(kind, minutes, targets);
  if (sport === 'bike') return bike(kind, minutes, targets);
  if (sport === 'swim') return swim(kind, minutes, targets);
  return strength(kind, minutes, noLegs);
}

/** Race day: the event itself at the target pace, or at an effort that suits its length. */
export function raceSession(
  sport: Sport,
  meters: number,
  title: string,
  targets: SessionTargets,
  targetSeconds: number | null,
): LibrarySession {
  const km = Math.round(meters / 100) / 10;
  if (sport === 'swim') {
    const pace = targetSeconds ? targetSeconds / (meters / 100) : targets.swimPace(SWIM.steady);
    return {
      sport,
      kind: 'race',
      title,
      workout_language_text: `${Math.round(meters)}m @ ${mmss(pace)}/100m`,
    };
  }
  if (sport === 'bike') {
    const share = meters > 150_000 ? 0.7 : meters > 60_000 ? 0.78 : 0.88;
    return { sport, kind: 'race', title, workout_language_text: `${km}km @ ${targets.watts(share)}W` };
  }
  const factor =
    meters > 42_500 ? 1.2 : meters > 30_000 ? 1.08 : meters > 15_000 ? 1.03 : meters > 7_000 ? 0.99 : 0.96;
  const pace = targetSeconds ? targetSeconds / (meters / 1000) : targets.runPace(factor);
  return { sport: 'run', kind: 'race', title, workout_language_text: `${km}km @ ${mmss(pace)}/km` };
}

// Pure rules of the Workout Bank (docs/workout-bank.md): labels, duration format, scaling a session's text,
// similarity between templates, reading a plain-language search, and scoring recommendations.
import { SPORT_LABELS } from '../activities/recording.ts';
import { type ParseOptions, parseWorkout } from '../workouts/parser/index.ts';

export const TEMPLATE_DISCIPLINES = ['swim', 'bike', 'run', 'brick', 'strength', 'recovery'] as const;
export type TemplateDiscipline = (typeof TEMPLATE_DISCIPLINES)[number];
/** A discipline's name: the sport's label, and 'Recovery'. */
export const DISCIPLINE_LABELS: Readonly<Record<TemplateDiscipline, string>> = {
  swim: SPORT_LABELS.swim,
  bike: SPORT_LABELS.bike,
  run: SPORT_LABELS.run,
  brick: SPORT_LABELS.brick,
  strength: SPORT_LABELS.strength,
  recovery: 'Recovery',
};
export const PRIMARY_TARGETS = [
  'endurance',
  'tempo',
  'threshold',
  'vo2max',
  'speed',
  'race_pace',
  'technique',
  'strength',
  'recovery',
  'testing',
] as const;
export type PrimaryTarget = (typeof PRIMARY_TARGETS)[number];
export const TRAINING_PHASES = [
  'aerobic_endurance',
  'muscular_endurance',
  'muscular_force',
  'speed_neuromuscular',
  'anaerobic_endurance',
  'threshold_development',
  'technique_drills',
  'recovery_regeneration',
  'testing_benchmark',
] as const;
export const INTENSITY_LEVELS = ['low', 'moderate', 'high', 'very_high'] as const;
/** The four groups of categories: the contract's enum and the `workout_categories_type_check` constraint. */
export const TEMPLATE_CATEGORY_TYPES = ['discipline', 'target', 'phase', 'intensity'] as const;

/** docs/workout-bank.md, "Labels": 1 Beginner … 5 Expert. */
export const DIFFICULTY_LABELS = { 1: 'Beginner', 2: 'Easy', 3: 'Moderate', 4: 'Hard', 5: 'Expert' } as const;

export function difficultyLabel(level: number): string {
  const rounded = Math.min(5, Math.max(1, Math.round(level))) as 1 | 2 | 3 | 4 | 5;
  return DIFFICULTY_LABELS[rounded];
}

/** 'Nmin' under an hour, else 'Xh Ym' ('1h 0m' for exactly an hour). */
export function formatTemplateDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total}min`;
  return `${Math.floor(total / 60)}h ${total % 60}m`;
}

/**
 * The parser's sport for a template's discipline: a brick is read as its ride, a recovery session as a run
 * (docs/workout-bank.md, "Bricks", "Recovery", "Own templates"). The server parses an athlete's own template
 * with it and sends the sport with every template, so the web page reads the text as the server did.
 */
export function disciplineSport(discipline: string): 'swim' | 'bike' | 'run' | 'strength' {
  switch (discipline) {
    case 'swim':
    case 'bike':
    case 'run':
    case 'strength':
      return discipline;
    case 'brick':
      return 'bike';
    default:
      return 'run';
  }
}

const QUANTITY = /(\d+(?:\.\d+)?)(\s?)(hours?|hrs?|h|minutes?|mins?|min|secs?|s|km|m)\b/gi;

/** A friendly step for a scaled quantity: whole minutes, 5 s, 25 m, 0.5 km. */
function friendly(value: number, unit: string): number {
  const u = unit.toLowerCase();
  if (u === 'm') return Math.max(25, Math.round(value / 25) * 25);
  if (u === 'km') return Math.max(0.5, Math.round(value * 2) / 2);
  if (u.startsWith('s')) return Math.max(5, Math.round(value / 5) * 5);
  if (u.startsWith('h')) return Math.max(0.5, Math.round(value * 4) / 4);
  return Math.max(1, Math.round(value));
}

/**
 * The same session, longer or shorter (docs/workout-bank.md, "Scaling"): every duration and distance in the
 * text is multiplied by `factor` and rounded to a friendly step; intensities, repeat counts and recoveries
 * under a minute keep their values, so the session keeps its character.
 */
export function scaleWorkoutText(text: string, factor: number): string {
  if (!Number.isFinite(factor) || factor <= 0 || factor === 1) return text;
  return text.replace(QUANTITY, (whole, num: string, space: string, unit: string, offset: number) => {
    const before = text.slice(Math.max(0, offset - 1), offset);
    const after = text.slice(offset + whole.length, offset + whole.length + 1);
    if (before === '%' || after === '%' || before === ':' || /[\d.]/.test(before)) return whole;
    const value = Number(num);
    const u = unit.toLowerCase();
    if ((u.startsWith('s') && value < 60) || (u === 'm' && value <= 50)) return whole;
    const scaled = friendly(value * factor, unit);
    return `${Number.isInteger(scaled) ? scaled : scaled.toFixed(u === 'km' ? 1 : 2).replace(/0$/, '')}${space}${unit}`;
  });
}

/** One name for a piece of equipment however it is written: "indoor_trainer", "Indoor-Trainer", "indoor trainer". */
export function equipmentKey(name: string): string {
  return name.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A repeat count: "3x (", "5x 4min", "10 × 400m". */
const REPEAT = /(\d+)(\s?[x×])(?=\s?[(\d])/gi;

/**
 * A session still longer than `targetMinutes` after scaling, cut to fit (docs/workout-bank.md, "Fitting to the
 * time"): scaling leaves short efforts and recoveries alone, so a 30/30 session keeps every repeat. Repeat counts
 * then come down one at a time, each time the one that brings the session nearest the target, until it is within
 * 5 % of it or every count is 1. The efforts keep their length and intensity; there are fewer of them.
 */
export function trimRepeatsToFit(text: string, targetMinutes: number, sport: ParseOptions['sport']): string {
  const minutes = (t: string) => parseWorkout(t, { sport }).total_duration_estimated / 60;
  let current = text;
  let length = minutes(current);
  while (length > targetMinutes * 1.05) {
    let best: { text: string; length: number } | null = null;
    for (const match of current.matchAll(REPEAT)) {
      const digits = match[1] ?? '';
      const count = Number(digits);
      if (count <= 1 || match.index === undefined) continue;
      const candidate = `${current.slice(0, match.index)}${count - 1}${current.slice(match.index + digits.length)}`;
      const candidateLength = minutes(candidate);
      if (!best || Math.abs(candidateLength - targetMinutes) < Math.abs(best.length - targetMinutes))
        best = { text: candidate, length: candidateLength };
    }
    if (!best || best.length >= length) break;
    current = best.text;
    length = best.length;
  }
  return current;
}

export interface SimilarityInput {
  discipline: string;
  zones: readonly [number, number, number, number, number];
  tags: readonly string[];
  durationMinutes: number;
}

/**
 * How alike two templates are, 0..1 (docs/workout-bank.md, "Similar"): same discipline 0.4; zone profile
 * 0.35 × (1 − half the summed absolute difference of the zone percentages / 100); shared tags 0.15 × Jaccard;
 * duration 0.1 × shorter / longer.
 */
export function similarityScore(a: SimilarityInput, b: SimilarityInput): number {
  const discipline = a.discipline === b.discipline ? 0.4 : 0;
  let diff = 0;
  for (let i = 0; i < 5; i += 1) diff += Math.abs((a.zones[i] ?? 0) - (b.zones[i] ?? 0));
  const zones = 0.35 * Math.max(0, 1 - diff / 200);
  const ta = new Set(a.tags.map((t) => t.toLowerCase()));
  const tb = new Set(b.tags.map((t) => t.toLowerCase()));
  const union = new Set([...ta, ...tb]).size;
  const shared = [...ta].filter((t) => tb.has(t)).length;
  const tags = 0.15 * (union === 0 ? 0 : shared / union);
  const longer = Math.max(a.durationMinutes, b.durationMinutes);
  const duration = 0.1 * (longer <= 0 ? 1 : Math.min(a.durationMinutes, b.durationMinutes) / longer);
  return Math.round((discipline + zones + tags + duration) * 1000) / 1000;
}

/** Words people use for each discipline and training target (docs/workout-bank.md, "Natural search"). */
export const DISCIPLINE_SYNONYMS: Readonly<Record<TemplateDiscipline, readonly string[]>> = {
  swim: ['swim', 'swimming', 'pool', 'open water', 'laps'],
  bike: ['bike', 'ride', 'riding', 'cycling', 'cycle', 'spin', 'trainer', 'zwift'],
  run: ['run', 'running', 'jog', 'jogging', 'track', 'treadmill'],
  brick: ['brick', 'transition', 'triathlon'],
  strength: ['strength', 'gym', 'weights', 'lifting', 'core', 'circuit'],
  recovery: ['recovery', 'mobility', 'yoga', 'stretch', 'stretching', 'rest day'],
};
export const TARGET_SYNONYMS: Readonly<Record<PrimaryTarget, readonly string[]>> = {
  endurance: ['endurance', 'aerobic', 'base', 'long', 'zone 2', 'z2', 'easy', 'steady'],
  tempo: ['tempo', 'zone 3', 'z3', 'marathon'],
  threshold: ['threshold', 'ftp', 'lactate', 'sweet spot', 'sweetspot', 'css', 'cruise', 'zone 4', 'z4'],
  vo2max: ['vo2', 'vo2max', 'vo2 max', 'intervals', 'zone 5', 'z5', 'anaerobic'],
  speed: ['speed', 'sprint', 'sprints', 'strides', 'fast', 'neuromuscular'],
  race_pace: ['race pace', 'race', 'race simulation', 'ironman', '70.3'],
  technique: ['technique', 'drills', 'drill', 'form', 'cadence'],
  strength: ['hills', 'hill', 'force', 'power'],
  recovery: ['recovery', 'regeneration', 'flush', 'shake-out'],
  testing: ['test', 'benchmark', 'time trial'],
};

export interface QueryFilters {
  disciplines: TemplateDiscipline[];
  primary_targets: PrimaryTarget[];
  /** The duration asked for, in minutes (by the workout parser), or null. */
  duration_minutes: number | null;
  /** ±25 % around the duration asked for. */
  min_duration_minutes: number | null;
  max_duration_minutes: number | null;
  /** The words left once the recognised ones are taken out: searched as text. */
  text: string;
}

/** A synonym phrase with its patterns: one to find it, one to take every occurrence out. */
type Phrase = { phrase: string; kind: 'd' | 't'; key: string; find: RegExp; every: RegExp };

function phrasePatterns(phrase: string): { find: RegExp; every: RegExp } {
  const source = `(^|[^a-z0-9])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^a-z0-9])`;
  return { find: new RegExp(source), every: new RegExp(source, 'g') };
}

/** Every synonym, longest first so 'race pace' is taken before 'race'; built once, not per search. */
const PHRASES: readonly Phrase[] = [
  ...Object.entries(DISCIPLINE_SYNONYMS).flatMap(([key, words]) =>
    words.map((phrase) => ({ phrase, kind: 'd' as const, key, ...phrasePatterns(phrase) })),
  ),
  ...Object.entries(TARGET_SYNONYMS).flatMap(([key, words]) =>
    words.map((phrase) => ({ phrase, kind: 't' as const, key, ...phrasePatterns(phrase) })),
  ),
].sort((a, b) => b.phrase.length - a.phrase.length);

/**
 * A plain-language search ("45 min threshold ride") as filters (docs/workout-bank.md, "Natural search"):
 * the duration by the workout parser, disciplines and targets by the synonym tables, the rest as text.
 */
export function interpretQuery(query: string): QueryFilters {
  let rest = ` ${query.toLowerCase().replace(/\s+/g, ' ')} `;
  const durationMatch = rest.match(/\d+(?:\.\d+)?\s?(?:hours?|hrs?|h|minutes?|mins?|min|')(?=$|[^a-z])/);
  let duration: number | null = null;
  if (durationMatch) {
    const parsed = parseWorkout(durationMatch[0], { sport: 'run' });
    if (parsed.total_duration_estimated > 0) duration = Math.round(parsed.total_duration_estimated / 60);
    rest = rest.replace(durationMatch[0], ' ');
  }
  const disciplines: TemplateDiscipline[] = [];
  const targets: PrimaryTarget[] = [];
  for (const { find, every, kind, key } of PHRASES) {
    if (!find.test(rest)) continue;
    rest = rest.replace(every, '$1 ');
    if (kind === 'd' && !disciplines.includes(key as TemplateDiscipline))
      disciplines.push(key as TemplateDiscipline);
    if (kind === 't' && !targets.includes(key as PrimaryTarget)) targets.push(key as PrimaryTarget);
  }
  const text = rest
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .join(' ');
  return {
    disciplines,
    primary_targets: targets,
    duration_minutes: duration,
    min_duration_minutes: duration === null ? null : Math.floor(duration * 0.75),
    max_duration_minutes: duration === null ? null : Math.ceil(duration * 1.25),
    text,
  };
}

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'for',
  'with',
  'and',
  'of',
  'in',
  'on',
  'at',
  'to',
  'session',
  'workout',
  'workouts',
  'min',
  'minutes',
  'hour',
]);

export interface RecommendationContext {
  /** Disciplines the athlete trains, most frequent first. */
  sports: readonly string[];
  /** Training phases of the athlete's current plan phase, or empty. */
  phaseFocus: readonly string[];
  /** Readiness 0-100 (75 when unknown). */
  readiness: number;
  /** Minutes in zones 4-5 over the last 7 days, against the athlete's usual week (ratio; 1 when unknown). */
  recentHardLoadRatio: number;
  /** Templates the athlete rated, with their rating. */
  ratedTags: ReadonlyMap<string, number>;
}

export interface RecommendationCandidate {
  discipline: string;
  difficulty: number;
  primaryTarget: string;
  phases: readonly string[];
  tags: readonly string[];
  avgRating: number;
}

/**
 * A candidate's score for an athlete and the reasons behind it (docs/workout-bank.md, "Recommendations").
 * `type` narrows what counts: 'recovery' wants easy sessions, 'challenge' hard ones, 'general' balances by
 * readiness and recent load.
 */
export function recommendationScore(
  candidate: RecommendationCandidate,
  context: RecommendationContext,
  type: string,
): { score: number; reasons: string[] } {
  let score = 0;
  const reasons: string[] = [];
  const sportRank = context.sports.indexOf(candidate.discipline);
  if (sportRank >= 0) {
    score += 3 - Math.min(2, sportRank);
    reasons.push(`You train ${candidate.discipline}`);
  }
  if (candidate.phases.some((p) => context.phaseFocus.includes(p))) {
    score += 2;
    reasons.push('Fits the current phase of your plan');
  }
  const tired = context.readiness < 60 || context.recentHardLoadRatio > 1.3;
  const wantsEasy = type === 'recovery' || (type === 'general' && tired);
  if (wantsEasy) {
    if (candidate.difficulty <= 2 || candidate.primaryTarget === 'recovery') {
      score += 3;
      reasons.push(
        context.readiness < 60
          ? `Easy session: your readiness is ${Math.round(context.readiness)}`
          : 'Easy session after a hard week',
      );
    } else score -= candidate.difficulty;
  } else if (type === 'challenge') {
    if (candidate.difficulty >= 4) {
      score += 3;
      reasons.push('A hard session while you are fresh');
    }
  } else if (candidate.difficulty >= 3 && context.readiness >= 75 && context.recentHardLoadRatio < 1) {
    score += 1;
    reasons.push('You are fresh enough for quality work');
  }
  let liked = 0;
  for (const tag of candidate.tags) liked += (context.ratedTags.get(tag.toLowerCase()) ?? 3) - 3;
  if (liked > 0) {
    score += Math.min(2, liked / 2);
    reasons.push('Like sessions you rated highly');
  } else if (liked < 0) score += Math.max(-2, liked / 2);
  if (candidate.avgRating >= 4) {
    score += 0.5;
    reasons.push(`Rated ${candidate.avgRating.toFixed(1)} by athletes`);
  }
  if (reasons.length === 0) reasons.push('Popular in the library');
  return { score: Math.round(score * 100) / 100, reasons };
}

/** The template training phases that suit each plan phase (docs/workout-bank.md, "Recommendations"). */
export const PLAN_PHASE_FOCUS: Readonly<Record<string, readonly string[]>> = {
  base: ['aerobic_endurance', 'technique_drills', 'muscular_force'],
  build: ['muscular_endurance', 'threshold_development', 'anaerobic_endurance'],
  peak: ['anaerobic_endurance', 'speed_neuromuscular', 'threshold_development'],
  taper: ['speed_neuromuscular', 'recovery_regeneration'],
  race: ['speed_neuromuscular', 'testing_benchmark'],
  recovery: ['recovery_regeneration', 'technique_drills'],
};

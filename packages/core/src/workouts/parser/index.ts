// The plain-language workout parser: text in, canonical expanded intervals out. Pure, deterministic and
// total (never throws). The rules, defaults and zone tables are written up in docs/workout-parser.md.
import { summarize } from '../summarize.ts';
import type { AthleteThresholds, ParsedWorkout, Sport } from '../types.ts';
import { SPORTS } from '../types.ts';
import { collectWarnings, confidence } from './confidence.ts';
import { ParseContext } from './context.ts';
import { parseStructure } from './structure.ts';

export { confidenceLabel } from './confidence.ts';
export { DEFAULT_THRESHOLDS, THRESHOLD_ZONE_LIMITS, zoneFromThresholdPercent } from './intensity.ts';
export { formatDuration, renderWorkout } from './render.ts';
export { DEFAULT_STEP_SECONDS, DEFAULT_STRIDE_SECONDS, SECONDS_PER_REP } from './steps.ts';

export interface ParseOptions {
  sport: Sport;
  thresholds?: AthleteThresholds;
}

/** The parse itself; may throw only on a bug. Tests call it directly so a bug cannot hide. */
export function parseWorkoutUnchecked(text: string, options: ParseOptions): ParsedWorkout {
  const ctx = new ParseContext(text, options.sport, options.thresholds);
  const intervals = parseStructure(ctx);
  const { warnings, coverage } = collectWarnings(ctx);
  return summarize(intervals, confidence(coverage, ctx.assumptionKinds, intervals.length > 0), warnings);
}

/** Parses workout text. Never throws: unknown input gives an empty result with warnings. */
export function parseWorkout(text: string, options: ParseOptions): ParsedWorkout {
  let input = '';
  try {
    input = typeof text === 'string' ? text : String(text ?? '');
    const sport = SPORTS.includes(options?.sport) ? options.sport : 'run';
    return parseWorkoutUnchecked(input, {
      sport,
      ...(options?.thresholds ? { thresholds: options.thresholds } : {}),
    });
  } catch {
    const trimmed = input.trim();
    const start = input.indexOf(trimmed);
    return summarize(
      [],
      0,
      trimmed
        ? [{ message: 'Could not parse this text', start, end: start + trimmed.length, text: trimmed }]
        : [],
    );
  }
}

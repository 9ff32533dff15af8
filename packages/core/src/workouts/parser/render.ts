// Structure back to canonical text: one line per phase run ("Warmup: 15min Z2"), consecutive identical
// blocks of steps folded into bracketed repeats ("5x (3min Z4, 2min rest)"). Parsing the result with the
// same sport and thresholds gives the same steps: durations, zones, rest flags and phases.
import { roundTo } from '../../numbers.ts';
import type { Interval, IntervalTargets, ParsedWorkout, Phase } from '../types.ts';
import { inRange, type QuantityKind } from './quantities.ts';
import { MAX_REPEAT } from './steps.ts';

const HEADERS: Record<Phase, string> = { warmup: 'Warmup', main: 'Main', cooldown: 'Cooldown' };
/** Longest block of steps looked for when folding repeats. */
const MAX_BLOCK = 8;

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** 45 → "45s", 180 → "3min", 3725 → "62min5s". */
export function formatDuration(totalSeconds: number): string {
  const s = positive(totalSeconds) ? Math.round(totalSeconds) : 0;
  if (s < 60) return `${s}s`;
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? `${minutes}min` : `${minutes}min${rest}s`;
}

/**
 * 270 → "4:30"; minutes past 59 stay minutes ("75:00"), since the parser reads a pace clock as m:ss. Not the
 * display clock of units.ts, which shows hours ("1:15:00").
 */
export function minuteClock(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const seconds = s % 60;
  return `${Math.floor(s / 60)}:${seconds < 10 ? '0' : ''}${seconds}`;
}

function renderTargets(t: IntervalTargets | undefined): string {
  if (!t) return '';
  const parts: string[] = [];
  // Power written relative to FTP stays so (the watts are derived from it); a ramp says so.
  if (positive(t.power_percent_ftp)) {
    const lo = Math.round(t.power_percent_ftp);
    if (positive(t.ramp_to_percent_ftp) && Math.round(t.ramp_to_percent_ftp) !== lo) {
      parts.push(`ramp ${lo}-${Math.round(t.ramp_to_percent_ftp)}% FTP`);
    } else if (positive(t.power_percent_ftp_max) && Math.round(t.power_percent_ftp_max) > lo) {
      parts.push(`${lo}-${Math.round(t.power_percent_ftp_max)}% FTP`);
    } else parts.push(`${lo}% FTP`);
  } else if (positive(t.power_watts)) {
    const lo = Math.round(t.power_watts);
    parts.push(
      positive(t.power_watts_max) && t.power_watts_max > lo
        ? `${lo}-${Math.round(t.power_watts_max)}w`
        : `${lo}w`,
    );
  }
  if (positive(t.pace_per_km_seconds)) parts.push(`${minuteClock(t.pace_per_km_seconds)}/km`);
  if (positive(t.pace_per_100m_seconds)) parts.push(`${minuteClock(t.pace_per_100m_seconds)}/100m`);
  const hrLo = positive(t.heart_rate_min) ? Math.round(t.heart_rate_min) : undefined;
  const hrHi = positive(t.heart_rate_max) ? Math.round(t.heart_rate_max) : undefined;
  if (hrLo !== undefined && hrHi !== undefined && hrHi > hrLo) parts.push(`${hrLo}-${hrHi}bpm`);
  else if (hrLo !== undefined || hrHi !== undefined) parts.push(`${hrLo ?? hrHi}bpm`);
  if (positive(t.cadence_rpm)) parts.push(`${Math.round(t.cadence_rpm)}rpm`);
  if (positive(t.cadence_spm)) parts.push(`${Math.round(t.cadence_spm)}spm`);
  if (positive(t.rpe) && t.rpe <= 10) parts.push(`RPE ${roundTo(t.rpe, 1)}`);
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/**
 * A step's length as text: its distance when it has one and a pace that times it to the second (so the re-parse
 * gives the same duration, and a watch file keeps the distance), else its duration.
 */
function stepLength(step: Interval): string {
  const metres = step.distance_meters;
  const t = step.targets;
  // A pace the parser would refuse times nothing on the way back.
  const readable = (kind: QuantityKind, pace: number | undefined): pace is number =>
    positive(pace) && inRange({ kind, lo: pace, hi: pace, next: 0, ambiguous: false });
  const seconds =
    positive(metres) && metres >= 50
      ? readable('pacePerKm', t?.pace_per_km_seconds)
        ? (metres / 1000) * t.pace_per_km_seconds!
        : readable('pacePer100m', t?.pace_per_100m_seconds)
          ? (metres / 100) * t.pace_per_100m_seconds!
          : undefined
      : undefined;
  if (seconds !== undefined && Math.round(seconds) === Math.round(step.duration_seconds)) {
    return `${roundTo(metres!, 1)}m`;
  }
  return formatDuration(step.duration_seconds);
}

/**
 * One step. An easy work step (Z1-Z2) in a phase that also has hard work (Z4-Z5) is written with "on", so that
 * parsing the text back does not take it for the recovery of a set (docs/workout-parser.md).
 */
function renderStep(step: Interval, hardPhase: boolean): string {
  const duration = stepLength(step);
  if (step.isRest) return `${duration} rest${renderTargets(step.targets)}`;
  const zone = Math.min(5, Math.max(1, Math.round(Number(step.zone)) || 2));
  return `${duration} Z${zone}${renderTargets(step.targets)}${hardPhase && zone <= 2 ? ' on' : ''}`;
}

/** Folds the longest run of a repeated block at each position into "Nx (…)". */
function fold(texts: string[]): string[] {
  const items: string[] = [];
  const n = texts.length;
  let i = 0;
  while (i < n) {
    let bestK = 1;
    let bestCount = 1;
    for (let k = 1; k <= MAX_BLOCK && i + 2 * k <= n; k++) {
      let count = 1;
      while (i + (count + 1) * k <= n && sameBlock(texts, i, i + count * k, k)) count++;
      if (count >= 2 && count * k > bestCount * bestK) {
        bestK = k;
        bestCount = count;
      }
    }
    if (bestCount >= 2) {
      const block = texts.slice(i, i + bestK).join(', ');
      // The parser takes at most MAX_REPEAT repetitions at once.
      for (let left = bestCount; left > 0; left -= MAX_REPEAT)
        items.push(`${Math.min(left, MAX_REPEAT)}x (${block})`);
      i += bestCount * bestK;
    } else {
      items.push(texts[i]!);
      i++;
    }
  }
  return items;
}

function sameBlock(texts: string[], a: number, b: number, k: number): boolean {
  for (let j = 0; j < k; j++) if (texts[a + j] !== texts[b + j]) return false;
  return true;
}

const asPhase = (p: unknown): Phase => (p === 'warmup' || p === 'cooldown' ? p : 'main');

export function renderWorkout(parsed: ParsedWorkout | Interval[]): string {
  const intervals: unknown = Array.isArray(parsed) ? parsed : parsed?.intervals;
  if (!Array.isArray(intervals)) return '';
  const steps = (intervals as Interval[]).filter((step) => step && typeof step === 'object');
  const hard = new Set<Phase>();
  for (const step of steps) if (!step.isRest && Number(step.zone) >= 4) hard.add(asPhase(step.phase));
  const runs: { phase: Phase; texts: string[] }[] = [];
  for (const step of steps) {
    const phase = asPhase(step.phase);
    const text = renderStep(step, hard.has(phase));
    const last = runs[runs.length - 1];
    if (last && last.phase === phase) last.texts.push(text);
    else runs.push({ phase, texts: [text] });
  }
  const lines: string[] = [];
  runs.forEach((run, r) => {
    const items = fold(run.texts);
    lines.push(`${HEADERS[run.phase]}: ${items.join(', ')}`);
    // An inline warm-up header covers one item unless a Main header follows (see assignPhases).
    if (run.phase === 'warmup' && items.length > 1 && runs[r + 1]?.phase !== 'main') lines.push('Main:');
  });
  return lines.join('\n');
}

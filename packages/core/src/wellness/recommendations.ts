// Plain-language recovery recommendations (docs/wellness.md §5): each rule cites the numbers behind it, the
// most important comes first, and at most five are returned so the card stays readable.
import { roundTo } from '../numbers.ts';
import type { WellnessValues } from './ranges.ts';
import type { WellnessBaselines } from './recovery.ts';

export const MAX_RECOMMENDATIONS = 5;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const fmt = (value: number, digits = 1) => String(roundTo(value, digits));

/**
 * Recommendations for a day's recovery score and values. Priority, highest first: a low score, HRV 10 %+
 * below baseline, resting HR 5+ bpm above baseline, sleep under 7 h, fatigue 7+/10, soreness 7+/10, sleep
 * quality 2/5 or less; then a praise line when fully recovered (80+), or a keep-going line when none fired.
 */
export function recoveryRecommendations(
  score: number | null,
  values: Partial<WellnessValues> | null | undefined,
  baselines: Pick<WellnessBaselines, 'hrv' | 'resting_hr' | 'sleep_hours'> & { source?: string },
): string[] {
  const v = values ?? {};
  const ofBaseline = baselines.source === 'personal' ? 'your 30-day baseline' : 'the typical baseline';
  const found: [number, string][] = [];
  if (finite(score) && score < 40)
    found.push([100, `Recovery score ${score} is low: make today a rest day or a very easy session.`]);
  if (finite(v.hrv) && baselines.hrv > 0) {
    const drop = Math.round(((baselines.hrv - v.hrv) / baselines.hrv) * 100);
    if (drop >= 20)
      found.push([
        90,
        `HRV ${fmt(v.hrv)} ms is ${drop}% below ${ofBaseline} of ${fmt(baselines.hrv)} ms: keep today easy or rest.`,
      ]);
    else if (drop >= 10)
      found.push([
        85,
        `HRV ${fmt(v.hrv)} ms is ${drop}% below ${ofBaseline} of ${fmt(baselines.hrv)} ms: consider an easier session.`,
      ]);
  }
  if (finite(v.resting_hr) && v.resting_hr - baselines.resting_hr >= 5)
    found.push([
      80,
      `Resting HR ${fmt(v.resting_hr)} bpm is ${fmt(v.resting_hr - baselines.resting_hr)} bpm above ${ofBaseline} of ${fmt(baselines.resting_hr)} bpm: a sign of fatigue or illness, so go easy.`,
    ]);
  if (finite(v.sleep_hours) && v.sleep_hours < 7)
    found.push([
      v.sleep_hours < 6 ? 75 : 70,
      `You slept ${fmt(v.sleep_hours)} h, below the 7-9 h recovery needs: aim for an earlier night.`,
    ]);
  if (finite(v.fatigue_level) && v.fatigue_level >= 7)
    found.push([60, `Fatigue ${v.fatigue_level}/10 is high: swap intensity for an easy session or rest.`]);
  if (finite(v.soreness) && v.soreness >= 7)
    found.push([55, `Soreness ${v.soreness}/10: favour mobility, easy spinning or swimming over impact.`]);
  if (finite(v.sleep_quality) && v.sleep_quality <= 2)
    found.push([
      50,
      `Sleep quality ${v.sleep_quality}/5 was poor: keep screens and caffeine away from bedtime.`,
    ]);
  if (finite(score) && score >= 80)
    found.push([10, `Recovery score ${score}: fully recovered, a good day for a key or hard session.`]);
  else if (found.length === 0 && finite(score))
    found.push([5, `Recovery score ${score}: train as planned and keep the easy days easy.`]);
  return found
    .sort((a, b) => b[0] - a[0])
    .slice(0, MAX_RECOMMENDATIONS)
    .map(([, text]) => text);
}

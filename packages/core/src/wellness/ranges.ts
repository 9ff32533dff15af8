// The physiological ranges of the daily wellness values. They live in core (not the contract) so the pure CSV
// parser can range-check without zod; the contract re-exports them for its request schemas.

/** Physiological ranges: a value outside answers 400 naming the field. */
export const WELLNESS_RANGES = {
  hrv: { min: 5, max: 300, unit: 'ms' },
  hrv_sdnn: { min: 5, max: 300, unit: 'ms' },
  resting_hr: { min: 25, max: 120, unit: 'bpm' },
  sleep_hours: { min: 0, max: 24, unit: 'h' },
  sleep_quality: { min: 1, max: 5, unit: '' },
  readiness: { min: 1, max: 5, unit: '' },
  fatigue_level: { min: 1, max: 10, unit: '' },
  soreness: { min: 1, max: 10, unit: '' },
  mood: { min: 1, max: 5, unit: '' },
  weight_kg: { min: 25, max: 300, unit: 'kg' },
  vo2max: { min: 10, max: 100, unit: 'ml/kg/min' },
  threshold_pace_seconds_per_km: { min: 120, max: 1200, unit: 's/km' },
  ftp_watts: { min: 30, max: 2000, unit: 'W' },
} as const;
export type WellnessField = keyof typeof WELLNESS_RANGES;

/** Fields stored as whole numbers (the table's integer columns). */
export const WELLNESS_INTEGER_FIELDS: ReadonlySet<WellnessField> = new Set<WellnessField>([
  'resting_hr',
  'sleep_quality',
  'readiness',
  'fatigue_level',
  'soreness',
  'mood',
  'threshold_pace_seconds_per_km',
  'ftp_watts',
]);

export const WELLNESS_NOTES_MAX_LENGTH = 2000;

/** One day's wellness values; a missing or null value is "not logged". */
export type WellnessValues = { date: string; notes?: string | null } & {
  [K in WellnessField]?: number | null;
};

/** The message for a value outside its range, worded like the contract's (so API and CSV read the same). */
export function wellnessRangeError(field: WellnessField, value: number): string | null {
  const { min, max, unit } = WELLNESS_RANGES[field];
  if (!Number.isFinite(value)) return `${field} must be a number`;
  if (WELLNESS_INTEGER_FIELDS.has(field) && !Number.isInteger(value))
    return `${field} must be a whole number`;
  if (value < min || value > max)
    return `${field} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`;
  return null;
}

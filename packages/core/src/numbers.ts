// Defensive number handling for the training maths: every public function here is total, so bad input (NaN,
// ±Infinity, negatives where only a size makes sense) is repaired rather than thrown on.

/** `value` when it is a finite number ≥ 0, else 0 (NaN, ±Infinity, negatives, null and non-numbers). */
export function nonNegative(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Whether `value` is a finite number above 0: the test for a usable threshold (FTP, LTHR, pace…). */
export function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Rounded to `digits` decimals (half away from zero for positives, as Math.round does). */
export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

// The one home for showing figures in the athlete's units (docs/units.md): metric reads km, /km, m and kg;
// imperial reads miles, /mi, feet and pounds. Figures are stored metric; these convert only for display.
import type { Units } from './spec/app.ts';

/** International mile and pound (exact by definition). */
export const METERS_PER_MILE = 1609.344;
export const KG_PER_LB = 0.45359237;
export const FEET_PER_METER = 1 / 0.3048;
export const YARDS_PER_METER = 1 / 0.9144;

/** 'km' or 'mi'. */
export const distanceUnit = (units: Units): 'km' | 'mi' => (units === 'imperial' ? 'mi' : 'km');
/** Metres in one unit of distance the athlete reads (a km or a mile). */
export const metersPerDistanceUnit = (units: Units): number =>
  units === 'imperial' ? METERS_PER_MILE : 1000;
/** Metres as km or miles (unrounded). */
export const distanceInUnits = (meters: number, units: Units): number =>
  meters / metersPerDistanceUnit(units);
/** A distance typed in km or miles, as metres. */
export const metersFromUnits = (value: number, units: Units): number => value * metersPerDistanceUnit(units);

/** Seconds per km as seconds per km or per mile: the same speed. */
export const paceInUnits = (secondsPerKm: number, units: Units): number =>
  units === 'imperial' ? (secondsPerKm * METERS_PER_MILE) / 1000 : secondsPerKm;
/** A pace typed per km or per mile, as seconds per km. */
export const paceFromUnits = (seconds: number, units: Units): number =>
  units === 'imperial' ? (seconds * 1000) / METERS_PER_MILE : seconds;
/** '/km' or '/mi'. */
export const paceUnit = (units: Units): '/km' | '/mi' => (units === 'imperial' ? '/mi' : '/km');

/** Kilograms as kg or lb (unrounded), and back. */
export const weightInUnits = (kg: number, units: Units): number =>
  units === 'imperial' ? kg / KG_PER_LB : kg;
export const kgFromUnits = (value: number, units: Units): number =>
  units === 'imperial' ? value * KG_PER_LB : value;
export const weightUnit = (units: Units): 'kg' | 'lb' => (units === 'imperial' ? 'lb' : 'kg');

/** Metres of height as m or ft (unrounded). */
export const heightInUnits = (meters: number, units: Units): number =>
  units === 'imperial' ? meters * FEET_PER_METER : meters;
export const heightUnit = (units: Units): 'm' | 'ft' => (units === 'imperial' ? 'ft' : 'm');

/** 'm:ss', or 'h:mm:ss' from an hour on. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** '42.20 km' or '26.22 mi' (two decimals unless `digits` says otherwise). */
export function formatDistance(meters: number, units: Units, digits = 2): string {
  return `${distanceInUnits(meters, units).toFixed(digits)} ${distanceUnit(units)}`;
}

/**
 * A race's distance as the athlete names it: metres under a kilometre in both systems (track and swim races are
 * named in metres), else km or miles to a tenth without a trailing '.0' ('30 km', '42.2 km', '18.6 mi').
 */
export function formatRaceDistance(meters: number, units: Units): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  return formatDistance(meters, units, 1).replace('.0 ', ' ');
}

/** Run pace: '4:30 /km' in metric, the same speed as '7:15 /mi' in imperial. */
export function formatPace(secondsPerKm: number, units: Units = 'metric'): string {
  return `${formatClock(paceInUnits(secondsPerKm, units))} ${paceUnit(units)}`;
}

/** '245 m' or '804 ft'. */
export function formatHeight(meters: number, units: Units): string {
  return `${Math.round(heightInUnits(meters, units))} ${heightUnit(units)}`;
}

/** '70.5 kg' or '155.4 lb'. */
export function formatWeight(kg: number, units: Units): string {
  return `${Math.round(weightInUnits(kg, units) * 10) / 10} ${weightUnit(units)}`;
}

/** Speed in metres per second as 'km/h' or 'mph' (unrounded). */
export const speedInUnits = (mps: number, units: Units): number =>
  (mps * 3600) / metersPerDistanceUnit(units);

// A figure already followed by its imperial one (a text shown twice) gets no second bracket.
const KM_FIGURE = /(\d+(?:\.\d+)?)\s?km\b(?!\/h)(?!\s?\(\d+(?:\.\d+)?\s?mi\))/gi;
const KM_PACE = /(\d{1,2}):(\d{2})\s?\/\s?km\b(?!\s?\(\d{1,2}:\d{2}\/mi\))/gi;

/**
 * A text written in metric (a workout's text, quoted by the coach) read by an athlete on imperial units: each
 * pace per km and each distance in km is followed by its imperial figure in brackets ('4:30/km (7:15/mi)',
 * '10km (6.2 mi)'). The text itself is kept as written, since it is what the parser reads; metric: unchanged.
 * A text already in miles and per mile (a plan written for an imperial athlete) has nothing to convert and is
 * left as it is.
 */
export function withImperialFigures(text: string, units: Units): string {
  if (units !== 'imperial') return text;
  return text
    .replace(KM_PACE, (whole, m: string, s: string) => {
      const perKm = Number(m) * 60 + Number(s);
      return `${whole} (${formatClock(paceInUnits(perKm, 'imperial'))}/mi)`;
    })
    .replace(
      KM_FIGURE,
      (whole, n: string) =>
        `${whole} (${Math.round(distanceInUnits(Number(n) * 1000, 'imperial') * 10) / 10} mi)`,
    );
}

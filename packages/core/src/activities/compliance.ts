// How a recorded activity compares with the planned workout it completed (docs/activities.md, "Compliance"):
// duration, load and intensity, each shown as its own part, and one overall percent. Pure: the server stores
// the result on the workout and shows each part beside the planned and actual figures.
import { clamp } from '../numbers.ts';

export interface CompliancePlan {
  durationMinutes: number | null;
  tss: number | null;
  /** The workout's main zone on the app's 1–5 scale. */
  intensityZone?: number | null;
}

export interface ComplianceActual {
  /** Timer time, seconds (rests included, as a plan's minutes include them). */
  timerSeconds: number;
  tss: number | null;
  intensityFactor?: number | null;
  sport?: string;
  /** Seconds in each of the five zones, per kind, as the activity's figures give them. */
  zoneSeconds?: { power?: readonly number[]; hr?: readonly number[]; pace?: readonly number[] } | null;
}

export interface Compliance {
  /** Timer time against planned minutes, whole percent. */
  durationPercent: number | null;
  /** Actual against planned TSS, whole percent. */
  tssPercent: number | null;
  /** Actual IF against the planned IF, whole percent (above 100: harder than planned). */
  intensityPercent?: number | null;
  /** Share of the zoned time at or below the planned zone, whole percent (steady sessions, zones 1–3). */
  zonePercent?: number | null;
  /** The parts' agreement with the plan, averaged: 100 when everything went as planned. */
  percent: number;
}

/** Planned zones up to this one are steady sessions whose zone is a ceiling; above it, efforts with recoveries. */
export const STEADY_ZONE_MAX = 3;

/**
 * The planned intensity factor: the IF that gives the planned TSS over the planned duration (TSS = hours ×
 * IF² × 100, docs/training-load.md), so it is the zone-weighted IF the plan's TSS was computed from.
 */
export function plannedIntensityFactor(plan: CompliancePlan): number | null {
  const hours = (plan.durationMinutes ?? 0) / 60;
  if (!(hours > 0) || !(plan.tss !== null && plan.tss > 0)) return null;
  return Math.sqrt(plan.tss / (hours * 100));
}

/** The zone seconds that measure this sport's intensity: power for a ride, pace for a run, else heart rate. */
export function intensityZoneSeconds(actual: ComplianceActual): readonly number[] | null {
  const zones = actual.zoneSeconds ?? {};
  const order =
    actual.sport === 'bike'
      ? [zones.power, zones.hr]
      : actual.sport === 'run'
        ? [zones.pace, zones.hr]
        : [zones.hr, zones.pace, zones.power];
  return order.find((z) => z && z.reduce((a, b) => a + b, 0) > 0) ?? null;
}

const percentOf = (actual: number, planned: number) => Math.round((actual / planned) * 100);
/** How far a ratio part is from the plan, as agreement: 100 at the plan, less for over- and under-doing. */
const agreement = (percent: number) => clamp(100 - Math.abs(100 - percent), 0, 100);

/**
 * Actual against planned: duration, TSS, intensity (IF against the planned IF) and, for steady sessions, the
 * share of time at or below the planned zone. Each part is null when the plan or the activity lacks its
 * figure. `percent` averages the parts' agreement with the plan (a ratio part scores 100 − |100 − p|, so 120 %
 * and 80 % both score 80; the zone part scores its share): 100 when none can be compared.
 */
export function compliance(plan: CompliancePlan, actual: ComplianceActual): Compliance {
  const durationPercent =
    plan.durationMinutes && plan.durationMinutes > 0
      ? percentOf(actual.timerSeconds, plan.durationMinutes * 60)
      : null;
  const tssPercent = plan.tss && plan.tss > 0 && actual.tss !== null ? percentOf(actual.tss, plan.tss) : null;
  const plannedIf = plannedIntensityFactor(plan);
  const actualIf = actual.intensityFactor;
  const intensityPercent =
    plannedIf !== null && typeof actualIf === 'number' && actualIf > 0
      ? percentOf(actualIf, plannedIf)
      : null;
  const zone = plan.intensityZone;
  const seconds = intensityZoneSeconds(actual);
  let zonePercent: number | null = null;
  if (seconds && typeof zone === 'number' && zone >= 1 && zone <= STEADY_ZONE_MAX) {
    const total = seconds.reduce((a, b) => a + b, 0);
    const within = seconds.slice(0, zone).reduce((a, b) => a + b, 0);
    zonePercent = percentOf(within, total);
  }
  const scores = [
    ...[durationPercent, tssPercent, intensityPercent].filter((v): v is number => v !== null).map(agreement),
    ...(zonePercent === null ? [] : [zonePercent]),
  ];
  const percent = scores.length === 0 ? 100 : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
  return { durationPercent, tssPercent, intensityPercent, zonePercent, percent };
}

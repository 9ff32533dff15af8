// Training around illness, injury and fatigue (docs/adaptation.md, "Illness and injury" and "Readiness"): how
// long to rest, how to come back, which sports an injured part keeps out of, and the eased version of a session.
// One home for these figures: the daily adaptation and the coach both read them.
import type { BodyPart, Symptom } from '../coach/situations.ts';

/** Below the neck (or fever, or not said): days with no training, today first. */
export const ILLNESS_REST_DAYS = 2;
/** …then as many days back at reduced volume and intensity as were rested, at these shares of the session. */
export const ILLNESS_RETURN_SHARES = [0.5, 0.75] as const;
/** Above the neck only: easy training only, for this many days, and no session longer than this. */
export const ABOVE_NECK_DAYS = 2;
export const ABOVE_NECK_MAX_MINUTES = 45;
/** An injury: days the injured part is not loaded, then the first session of each such sport in this many days… */
export const INJURY_REST_DAYS = 3;
export const INJURY_RETURN_DAYS = 7;
/** …comes back at this share of its length, easy. */
export const INJURY_RETURN_SHARE = 0.5;
/** Poor readiness or fatigue: a long session keeps at most this share of its length, in zone 2… */
export const EASED_LONG_SHARE = 0.6;
/** …and a hard one becomes easy at this share, and never longer than the cap. */
export const EASED_HARD_SHARE = 0.75;
const EASED_HARD_MAX_MINUTES = 60;
/** A long session at this duration or more counts as long even without "long" in its title. */
export const LONG_MINUTES = 90;

type HealthSport = 'run' | 'bike' | 'swim' | 'strength' | 'brick' | string;

/**
 * The sports an injured part keeps out of until it is pain-free. The lower leg and foot take every running
 * stride; the knee, hip and thigh load on the bike as well; the arm and shoulder in the pool and the gym. A sore
 * back stops nothing outright, but its hard sessions are eased. Unknown: everything rests.
 */
export function sportsLoading(part: BodyPart | null): readonly string[] | 'hard_only' {
  switch (part) {
    case 'foot':
    case 'ankle':
    case 'achilles':
    case 'calf':
    case 'shin':
      return ['run', 'brick'];
    case 'knee':
    case 'itband':
    case 'hamstring':
    case 'quad':
    case 'hip':
    case 'groin':
    case 'glute':
      return ['run', 'bike', 'brick'];
    case 'back':
      return 'hard_only';
    case 'shoulder':
    case 'elbow':
    case 'wrist':
    case 'neck':
      return ['swim', 'strength'];
    default:
      return ['run', 'bike', 'swim', 'strength', 'brick'];
  }
}

export interface EasableSession {
  title: string;
  sport: HealthSport;
  durationMinutes: number | null;
  intensityZone: number | null;
}

const EASY_NOUN: Record<string, string> = {
  run: 'run',
  bike: 'ride',
  swim: 'swim',
  strength: 'mobility session',
  brick: 'ride',
};

export const roundTo5 = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);

function isLongSession(w: Pick<EasableSession, 'title' | 'durationMinutes'>): boolean {
  return /\blong\b/i.test(w.title) || (w.durationMinutes ?? 0) >= LONG_MINUTES;
}

function isHardZone(w: Pick<EasableSession, 'intensityZone'>): boolean {
  return (w.intensityZone ?? 0) >= 4;
}

export interface EasedSession {
  /** 'swap': a different, easy session; 'shorten': the same one, shorter. */
  kind: 'swap' | 'shorten';
  title: string;
  minutes: number;
  zone: number;
  text: string;
}

/**
 * The eased version of a session (docs/adaptation.md, "Readiness"): a long one at `longShare` of its length in
 * zone 2; a hard one easy at `hardShare`, capped; an easy one shortened to `easyShare`. `maxMinutes` caps all.
 * Null when nothing would change.
 */
export function easedSession(
  w: EasableSession,
  shares: { long?: number; hard?: number; easy?: number; maxMinutes?: number } = {},
): EasedSession | null {
  const minutes = w.durationMinutes ?? 45;
  const cap = shares.maxMinutes ?? Number.POSITIVE_INFINITY;
  const noun = EASY_NOUN[w.sport] ?? 'session';
  if (isLongSession(w) || isHardZone(w)) {
    const share = isHardZone(w) ? (shares.hard ?? EASED_HARD_SHARE) : (shares.long ?? EASED_LONG_SHARE);
    const hardCap = isHardZone(w) ? EASED_HARD_MAX_MINUTES : Number.POSITIVE_INFINITY;
    const eased = roundTo5(Math.min(minutes * share, hardCap, cap));
    return { kind: 'swap', title: `Easy ${noun}`, minutes: eased, zone: 2, text: `${eased}min Z2` };
  }
  const eased = Math.min(roundTo5(Math.min(minutes * (shares.easy ?? 1), cap)), minutes);
  if ((w.intensityZone ?? 2) >= 3)
    return { kind: 'swap', title: `Easy ${noun}`, minutes: eased, zone: 2, text: `${eased}min Z2` };
  if (eased >= minutes) return null;
  const zone = w.intensityZone ?? 2;
  return { kind: 'shorten', title: w.title, minutes: eased, zone, text: `${eased}min Z${zone}` };
}

/** In words, for reasons: "no training", "easy only". */
export function illnessRule(symptom: Symptom | null): string {
  return symptom === 'above'
    ? 'symptoms above the neck only: easy training is fine, nothing hard, and stop if you feel worse'
    : 'symptoms below the neck or a fever: no training until they are gone, then a gradual return';
}

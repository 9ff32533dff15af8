// Celebrations (docs/screens.md, "Celebrations") as pure data: what each one says, how long it shows, and the
// queue that shows one at a time with a 500 ms pause before the next. The provider only sets timers around
// these steps.
import { type Interval, isZone, primaryZone, ZONE_NAMES } from '@stamina/core';

export type CelebrationKind = 'workout' | 'streak' | 'zone' | 'metrics';

export interface Celebration {
  id: number;
  kind: CelebrationKind;
  title: string;
  message: string;
  /** Streak days (flame), zone number, or nothing. */
  figure?: number;
}

/** How long each kind shows (docs/screens.md, "Celebrations"). */
export const CELEBRATION_DURATION_MS: Record<CelebrationKind, number> = {
  workout: 4000,
  streak: 5000,
  zone: 4000,
  metrics: 3000,
};
export const CELEBRATION_GAP_MS = 500;
export const CONFETTI_PIECES = 30;
export const CONFETTI_DURATION_MS = 3000;
export const METRIC_PARTICLES = 12;
/** Streaks worth a celebration when a completion reaches them. */
const STREAK_MILESTONES: readonly number[] = [7, 14, 30, 60, 90, 180, 365];

/** 'Tempo Zone': core's zone name (zone 1 first) as the heart-rate celebration says it. */
const heartRateZoneName = (zone: number) => (ZONE_NAMES[zone - 1] ? `${ZONE_NAMES[zone - 1]} Zone` : '');

type Draft = Omit<Celebration, 'id'>;

export function workoutCelebration(sport: string): Draft {
  return {
    kind: 'workout',
    title: 'Workout Completed!',
    message: `Great job finishing your ${sport} session!`,
  };
}

export function streakCelebration(days: number): Draft {
  return {
    kind: 'streak',
    title: `${days} Day Streak!`,
    message: "You're on fire! Keep up the consistency!",
    figure: days,
  };
}

export function zoneCelebration(zone: number): Draft {
  return {
    kind: 'zone',
    title: `Zone ${zone} Achievement!`,
    message: heartRateZoneName(zone),
    figure: zone,
  };
}

export function metricCelebration(metric: string, value: string | number): Draft {
  return { kind: 'metrics', title: `${metric} Logged!`, message: `Value: ${value}` };
}

/** The streak flame grows with the streak: days / 7, capped at 3 (docs/screens.md, "Celebrations"). */
export function flameScale(days: number): number {
  return Math.min(Math.max(days, 0) / 7, 3);
}

/** A completion earns a streak celebration when it moves the streak onto a milestone. */
export function streakMilestoneReached(previous: number | undefined, next: number): boolean {
  if (previous !== undefined && next <= previous) return false;
  return STREAK_MILESTONES.includes(next);
}

/**
 * The zone a completed workout earns: its main set's work zone when it has a structure, else its stated zone;
 * only the hard zones (4 and 5) are an achievement.
 */
export function achievedZone(workout: {
  intensity_zone: number | null;
  workout_structure: { main_intervals: readonly unknown[]; warmup_intervals: readonly unknown[] } | null;
}): 4 | 5 | null {
  const structure = workout.workout_structure;
  const fromStructure =
    structure && structure.main_intervals.length > 0
      ? primaryZone(structure.main_intervals as Interval[])
      : null;
  const zone = fromStructure ?? (isZone(workout.intensity_zone) ? workout.intensity_zone : null);
  return zone === 4 || zone === 5 ? zone : null;
}

// ——— The queue ———

export interface QueueState {
  /** The celebration on screen, or null between two (the 500 ms pause) and when idle. */
  current: Celebration | null;
  waiting: Celebration[];
  /** True during the pause after one completes: a new arrival waits for the pause to end. */
  pausing: boolean;
  nextId: number;
}

export const EMPTY_QUEUE: QueueState = { current: null, waiting: [], pausing: false, nextId: 1 };

export type QueueAction =
  | { type: 'add'; celebration: Draft }
  | { type: 'complete'; id: number }
  | { type: 'advance' };

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'add': {
      const celebration = { ...action.celebration, id: state.nextId };
      const nextId = state.nextId + 1;
      if (state.current === null && !state.pausing) return { ...state, current: celebration, nextId };
      return { ...state, waiting: [...state.waiting, celebration], nextId };
    }
    case 'complete':
      // A late timer of an already-removed celebration changes nothing.
      if (state.current?.id !== action.id) return state;
      return { ...state, current: null, pausing: state.waiting.length > 0 };
    case 'advance': {
      if (state.current !== null) return state;
      const [next, ...rest] = state.waiting;
      return { ...state, current: next ?? null, waiting: rest, pausing: false };
    }
  }
}

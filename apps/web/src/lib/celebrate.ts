// The app-wide "something worth celebrating happened" signal. It lives in lib/, not in features/celebrations,
// because the features that raise it (workouts' Mark Done, metrics' logging) may not import another feature;
// the celebrations provider in the shell is the one listener that turns these events into animations.
import type { Workout } from '@stamina/contract';

export type CelebrationEvent =
  /** A workout was marked completed; the provider derives the zone and streak celebrations from it. */
  | {
      type: 'workout-completed';
      workout: Pick<Workout, 'id' | 'sport' | 'intensity_zone' | 'workout_structure'>;
    }
  | { type: 'metric-logged'; metric: string; value: string | number };

type Listener = (event: CelebrationEvent) => void;

const listeners = new Set<Listener>();

/** Raises an event; with no provider mounted (signed out, tests of a lone component) it is simply dropped. */
export function celebrate(event: CelebrationEvent): void {
  for (const listener of listeners) listener(event);
}

export function subscribeCelebrations(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For components: the same function, so a caller reads like a hook where hooks are expected. */
export function useCelebrate(): typeof celebrate {
  return celebrate;
}

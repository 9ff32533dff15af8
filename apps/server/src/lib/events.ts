// The typed event hub between server modules (docs/modules.md, "Events"). A module that must tell another of a
// change emits an event here instead of holding the other's service, so no service waits for one built after it
// (the wiring subscribes the listeners when it builds them). Two kinds, never mixed:
// - in-transaction events are awaited inside the emitter's transaction, on its connection: a listener's writes
//   commit or roll back with the change, and a listener's error fails the change;
// - after-commit events are told once the change is committed: listeners run synchronously in order, cannot undo
//   it, and an error of one is logged without reaching the caller or the other listeners.
import type { Conn, Tx } from '../db/client.ts';
import type { AuthContext } from '../plugins/authenticate.ts';

/** Events heard inside the emitter's transaction (name → payload). */
export interface InTransactionEvents {
  /**
   * workouts: a workout's status was set back to planned or skipped by hand; whatever recorded it as done (an
   * activity, docs/activities.md "Matching") lets go of it in the same transaction.
   */
  'workout.completion-undone': { tx: Tx; athleteId: string; workoutId: string };
  /** plans: a generated plan was rebuilt; the adaptation history records it (docs/adaptation.md). */
  'plan.rebuilt': { conn: Conn; auth: AuthContext; change: { planId: string; date: string; reason: string } };
}

/** Events heard after the emitter's commit (name → payload). */
export interface AfterCommitEvents {
  /** workouts, thresholds (re-labelled workouts), coach, onboarding: an athlete's workouts changed. */
  'workouts.changed': { athleteId: string };
}

type InTransactionListener<K extends keyof InTransactionEvents> = (
  event: InTransactionEvents[K],
) => Promise<void>;
type AfterCommitListener<K extends keyof AfterCommitEvents> = (event: AfterCommitEvents[K]) => void;

export function createEventHub(log?: { error(obj: unknown, msg: string): void }) {
  const inTransaction = new Map<keyof InTransactionEvents, InTransactionListener<never>[]>();
  const afterCommit = new Map<keyof AfterCommitEvents, AfterCommitListener<never>[]>();
  const listenersOf = <K, L>(map: Map<K, L[]>, name: K) => {
    const list = map.get(name) ?? [];
    map.set(name, list);
    return list;
  };
  return {
    /** Subscribes a listener run inside the emitter's transaction, in subscription order. */
    onInTransaction<K extends keyof InTransactionEvents>(name: K, listener: InTransactionListener<K>): void {
      listenersOf(inTransaction, name).push(listener as InTransactionListener<never>);
    },
    /** Awaits every listener of `name` one after the other; the first error propagates (and rolls back). */
    async emitInTransaction<K extends keyof InTransactionEvents>(
      name: K,
      event: InTransactionEvents[K],
    ): Promise<void> {
      for (const listener of inTransaction.get(name) ?? [])
        await (listener as InTransactionListener<K>)(event);
    },
    /** Subscribes a listener told after the emitter's commit, in subscription order. */
    onAfterCommit<K extends keyof AfterCommitEvents>(name: K, listener: AfterCommitListener<K>): void {
      listenersOf(afterCommit, name).push(listener as AfterCommitListener<never>);
    },
    /** Tells every listener of `name`; an error is logged, the others still hear it. */
    emitAfterCommit<K extends keyof AfterCommitEvents>(name: K, event: AfterCommitEvents[K]): void {
      for (const listener of afterCommit.get(name) ?? []) {
        try {
          (listener as AfterCommitListener<K>)(event);
        } catch (err) {
          log?.error({ err, event: name }, 'event listener failed');
        }
      }
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;

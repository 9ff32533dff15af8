// Workout Bank favourites changed offline, as writes of the app's one queue (docs/offline.md, "Workout Bank
// offline store"): the request the replay makes for an add or a removal, and how a write of the queue is read back
// as one. Free of the browser, so the queue, the Workout Bank's rules and the database's migration share it.
import type { NewQueuedWrite, QueuedWrite } from './write-queue.ts';

/** The server's offline-replay routes (the contract's `POST /v1/workout-bank/favorites` and its removal). */
const FAVORITES_URL = '/api/v1/workout-bank/favorites';
const FAVORITE_ADD_ENDPOINT = 'POST /v1/workout-bank/favorites';
const FAVORITE_REMOVE_ENDPOINT = 'DELETE /v1/workout-bank/favorites/{id}';

export type FavoriteWrite = QueuedWrite & { type: 'favorite-add' | 'favorite-remove' };

export interface FavoriteChange {
  templateId: string;
  /** true adds the favourite, false removes it. */
  favorite: boolean;
  notes?: string | null;
}

/**
 * The queued write of a favourite change. Neither call takes an Idempotency-Key (the contract has none for them):
 * adding is an upsert and removing a delete, so sending one twice changes nothing more; the queue's key field
 * carries `idempotencyKey` only because every write has one.
 */
export function favoriteWrite(
  athleteId: string,
  change: FavoriteChange,
  queuedAt: string,
  idempotencyKey: string,
): NewQueuedWrite {
  const common = {
    userId: athleteId,
    params: { id: change.templateId },
    headers: { 'idempotency-key': idempotencyKey },
    baseUpdatedAt: null,
    queuedAt,
  };
  return change.favorite
    ? {
        ...common,
        type: 'favorite-add',
        endpoint: FAVORITE_ADD_ENDPOINT,
        method: 'POST',
        url: FAVORITES_URL,
        body: { workout_template_id: change.templateId, notes: change.notes ?? null },
        label: 'Workout saved to favorites',
      }
    : {
        ...common,
        type: 'favorite-remove',
        endpoint: FAVORITE_REMOVE_ENDPOINT,
        method: 'DELETE',
        url: `${FAVORITES_URL}/${encodeURIComponent(change.templateId)}`,
        body: null,
        label: 'Workout removed from favorites',
      };
}

export function isFavoriteWrite(write: QueuedWrite): write is FavoriteWrite {
  return write.type === 'favorite-add' || write.type === 'favorite-remove';
}

/** The template a favourite write is about. */
export function templateOf(write: FavoriteWrite): string {
  return write.params.id ?? '';
}

/**
 * A favourite queued by the former Workout Bank database (`stamina-workout-bank`, version 1) as a write of the one
 * queue, for the migration on open (lib/offline/offline-db.ts); null for a record that is not one.
 */
export function migratedFavoriteWrite(record: unknown, idempotencyKey: string): NewQueuedWrite | null {
  const old = (record ?? {}) as {
    type?: unknown;
    athleteId?: unknown;
    templateId?: unknown;
    body?: { notes?: unknown } | null;
    queuedAt?: unknown;
  };
  if (old.type !== 'favorite-add' && old.type !== 'favorite-remove') return null;
  if (typeof old.athleteId !== 'string' || typeof old.templateId !== 'string') return null;
  const notes = typeof old.body?.notes === 'string' ? old.body.notes : null;
  const queuedAt = typeof old.queuedAt === 'string' ? old.queuedAt : new Date(0).toISOString();
  return favoriteWrite(
    old.athleteId,
    { templateId: old.templateId, favorite: old.type === 'favorite-add', notes },
    queuedAt,
    idempotencyKey,
  );
}

/**
 * Sends a favourite write with `send`; a removal the server no longer has (404: an earlier attempt arrived, or it
 * was removed elsewhere) counts as done, since what was wanted holds.
 */
export async function sendFavoriteWrite(
  write: FavoriteWrite,
  send: (write: FavoriteWrite) => Promise<void>,
): Promise<void> {
  try {
    await send(write);
  } catch (err) {
    if (write.type === 'favorite-remove' && (err as { status?: unknown } | null)?.status === 404) return;
    throw err;
  }
}

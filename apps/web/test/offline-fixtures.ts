// The offline write queue's tests: an account signed in and its queue opened.
import { writeQueue } from '../src/api/offline/write-queue.ts';
import { signIn, user } from './dashboard-fixtures.ts';

/** Signs `id` in (its token names it) and opens that account's offline write queue: empty for a new id. */
export async function signInQueue(id: string): Promise<void> {
  signIn({ ...user, id, athlete_id: id });
  await writeQueue.setUser(id);
}

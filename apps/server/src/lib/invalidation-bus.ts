// Tells every app process that cached data went stale. In one process it is a plain call; with Redis
// configured, each message is also published on a channel that every other process subscribes to.
// Messages can be lost (Redis down, a process restarting), so every cache that relies on it also bounds
// the age of its entries.
import type { Redis } from 'ioredis';

export interface InvalidationBus<T> {
  /** Applies the message here at once, and in the other processes as soon as Redis delivers it. */
  publish(message: T): void;
  close(): void;
}

export function createInvalidationBus<T>(
  channel: string,
  apply: (message: T) => void,
  redis: Redis | undefined,
): InvalidationBus<T> {
  const subscriber = redis?.duplicate();
  subscriber?.on('message', (_channel: string, raw: string) => {
    try {
      apply(JSON.parse(raw) as T);
    } catch {
      // A malformed message names nothing to drop; entry ages still bound staleness.
    }
  });
  void subscriber?.subscribe(channel).catch(() => {});
  return {
    publish(message) {
      apply(message);
      redis?.publish(channel, JSON.stringify(message)).catch(() => {});
    },
    close() {
      subscriber?.disconnect();
    },
  };
}

// How much one athlete's uploads may hold at once in this process (docs/activities.md, "Limits"): a number of
// uploads being read at the same time (429 past it), and the bytes their archives inflate to while they are
// read (413 past it). Each upload takes a ticket on entry and releases it when its request ends, whatever
// happened, so a refused or failed upload never keeps its share.
import { AppError } from './errors.ts';

export interface UploadGateLimits {
  /** Uploads of one athlete read at the same time. */
  concurrent: number;
  /** Bytes all of one athlete's uploads in progress may inflate to, together. */
  inflatedBytes: number;
  inflatedLabel: string;
}

export interface UploadTicket {
  /** Counts `bytes` more inflated for this upload; throws a 413 when the athlete's uploads pass the limit. */
  inflate(bytes: number): void;
  release(): void;
}

export function uploadGate(limits: UploadGateLimits) {
  const athletes = new Map<string, { uploads: number; bytes: number }>();
  return {
    /** A ticket for one upload; a 429 when the athlete already has `concurrent` uploads being read. */
    enter(athleteId: string): UploadTicket {
      const current = athletes.get(athleteId) ?? { uploads: 0, bytes: 0 };
      if (current.uploads >= limits.concurrent) {
        throw new AppError(
          'RATE_LIMITED',
          `You already have ${limits.concurrent} uploads being read; send this one when they have finished`,
        );
      }
      current.uploads += 1;
      athletes.set(athleteId, current);
      let mine = 0;
      let released = false;
      return {
        inflate(bytes) {
          mine += bytes;
          current.bytes += bytes;
          if (current.bytes > limits.inflatedBytes) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `Your uploads in progress inflate to more than ${limits.inflatedLabel}; send fewer archives at once`,
            );
          }
        },
        release() {
          if (released) return;
          released = true;
          current.uploads -= 1;
          current.bytes -= mine;
          if (current.uploads === 0) athletes.delete(athleteId);
        },
      };
    },
  };
}

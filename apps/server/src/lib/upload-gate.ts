// How much one athlete's uploads may hold at once (docs/activities.md, "Limits"; docs/RELIABILITY.md, "Uploads
// counted across processes"): a number of uploads being read at the same time (429 past it), and the bytes their
// archives inflate to while they are read in this process (413 past it). Each upload takes a ticket on entry and
// releases it when its request ends, whatever happened, so a refused or failed upload never keeps its share.
//
// The number of uploads is counted in Redis when it is configured, so that every app process shares one count
// (with N processes an athlete would otherwise get N times the limit): each upload is a lease in a sorted set
// per athlete, scored by when it expires, renewed while the upload is read and removed when it ends. A process
// that dies mid-upload leaves its leases behind; they expire after `leaseMs`, and the next entry drops them. In
// memory otherwise, and in memory while Redis fails (each process then limits on its own count, as the failed
// sign-in limiter does: lib/failure-limiter.ts).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from './errors.ts';

export interface UploadGateLimits {
  /** Uploads of one athlete read at the same time. */
  concurrent: number;
  /** Bytes all of one athlete's uploads in progress (in this process) may inflate to, together. */
  inflatedBytes: number;
  inflatedLabel: string;
}

export interface UploadGateOptions {
  redis?: Redis | undefined;
  /** How long an upload's place in Redis lasts unless renewed: what a crashed process's upload holds it. */
  leaseMs?: number;
  /** Reports a Redis failure; the upload is then counted in this process's memory instead. */
  onError?: (err: unknown) => void;
}

export interface UploadTicket {
  /** Counts `bytes` more inflated for this upload; throws a 413 when the athlete's uploads pass the limit. */
  inflate(bytes: number): void;
  release(): void;
}

/** An upload's place counted in Redis lasts this long unless renewed (every third of it while it is read). */
const UPLOAD_LEASE_MS = 60_000;

// KEYS[1]: the athlete's leases. ARGV: the limit, the lease in ms, this upload's id. Expired leases (a crashed
// process's) are dropped first; Redis's own clock dates every lease, so the processes' clocks do not matter.
const ENTER = `
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('zadd', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('pexpire', KEYS[1], ARGV[2])
return 1`;
// KEYS[1]: the athlete's leases. ARGV: the lease in ms, this upload's id (renewed only while it is there).
const RENEW = `
local t = redis.call('time')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('zadd', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2]) == 1 then
  redis.call('pexpire', KEYS[1], ARGV[1])
end
return 1`;

export function uploadGate(limits: UploadGateLimits, options: UploadGateOptions = {}) {
  const athletes = new Map<string, { uploads: number; bytes: number }>();
  const leaseMs = options.leaseMs ?? UPLOAD_LEASE_MS;
  const tooMany = () =>
    new AppError(
      'RATE_LIMITED',
      `You already have ${limits.concurrent} uploads being read; send this one when they have finished`,
    );

  /** This process's share of the athlete's uploads; `counted` when Redis already counted this one. */
  function localTicket(athleteId: string, counted: boolean, onRelease = () => {}): UploadTicket {
    const current = athletes.get(athleteId) ?? { uploads: 0, bytes: 0 };
    if (!counted && current.uploads >= limits.concurrent) throw tooMany();
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
        onRelease();
      },
    };
  }

  /** The upload's lease in Redis, renewed while it is read; null when the athlete has no place left. */
  async function redisLease(redis: Redis, athleteId: string): Promise<(() => void) | null> {
    const key = `stamina:uploads:${athleteId}`;
    const id = randomUUID();
    const taken = await redis.eval(ENTER, 1, key, limits.concurrent, leaseMs, id);
    if (Number(taken) !== 1) return null;
    const renew = setInterval(() => {
      redis.eval(RENEW, 1, key, leaseMs, id).catch((err: unknown) => options.onError?.(err));
    }, leaseMs / 3);
    renew.unref();
    return () => {
      clearInterval(renew);
      redis.zrem(key, id).catch((err: unknown) => options.onError?.(err));
    };
  }

  return {
    /** A ticket for one upload; a 429 when the athlete already has `concurrent` uploads being read. */
    async enter(athleteId: string): Promise<UploadTicket> {
      if (!options.redis) return localTicket(athleteId, false);
      let release: (() => void) | null;
      try {
        release = await redisLease(options.redis, athleteId);
      } catch (err) {
        // Redis fails: this process counts on its own, neither every upload refused nor none.
        options.onError?.(err);
        return localTicket(athleteId, false);
      }
      if (!release) throw tooMany();
      try {
        return localTicket(athleteId, true, release);
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}

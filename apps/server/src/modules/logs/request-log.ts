// The signed-in athletes' own recent requests, kept in this process's memory for the testing dashboard
// (docs/testing-dashboard.md): a ring of the last LOG_BUFFER_SIZE lines per athlete and the live streams
// listening to each. Per process: with several app processes, each knows only the requests it answered.
import { LOG_BUFFER_SIZE, type LogLine } from '@stamina/contract';
import { LRUCache } from 'lru-cache';

/** Athletes whose lines are kept at once; the least recently active are dropped first. */
const MAX_ATHLETES = 5_000;
/** Live streams one athlete may have open in one process (tabs, devices). */
const MAX_STREAMS_PER_ATHLETE = 5;
/** A path longer than this is cut: the line is for finding a request, not for replaying it. */
const MAX_PATH_LENGTH = 300;

type LogListener = (line: LogLine) => void;

export interface RequestLog {
  record(athleteId: string, line: LogLine): void;
  /** The athlete's newest `limit` lines, newest first. */
  recent(athleteId: string, limit: number): LogLine[];
  /** Calls `listener` with each new line of the athlete's; undefined when the athlete has too many open. */
  subscribe(athleteId: string, listener: LogListener): (() => void) | undefined;
}

/** The path of a request URL: no query string (it may carry a token), cut to a readable length. */
export function pathOf(url: string): string {
  const at = url.search(/[?#]/);
  const path = at === -1 ? url : url.slice(0, at);
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

export function createRequestLog(options: { perAthlete?: number; maxAthletes?: number } = {}): RequestLog {
  const perAthlete = options.perAthlete ?? LOG_BUFFER_SIZE;
  // Lines oldest first, at most `perAthlete` per athlete; an LRU cache (lru-cache) bounds the athletes.
  const logs = new LRUCache<string, LogLine[]>({ max: options.maxAthletes ?? MAX_ATHLETES });
  // Open streams by athlete, apart from the lines so that evicting an athlete's lines never silences a stream;
  // bounded by the open connections (MAX_STREAMS_PER_ATHLETE each), and an athlete's entry goes with the last.
  const streams = new Map<string, Set<LogListener>>();

  return {
    record(athleteId, line) {
      let lines = logs.get(athleteId);
      if (!lines) {
        lines = [];
        logs.set(athleteId, lines);
      }
      lines.push(line);
      if (lines.length > perAthlete) lines.splice(0, lines.length - perAthlete);
      const listeners = streams.get(athleteId);
      if (listeners) for (const listener of listeners) listener(line);
    },
    recent(athleteId, limit) {
      return (logs.get(athleteId) ?? []).slice(-limit).reverse();
    },
    subscribe(athleteId, listener) {
      let listeners = streams.get(athleteId);
      if (!listeners) {
        listeners = new Set();
        streams.set(athleteId, listeners);
      }
      if (listeners.size >= MAX_STREAMS_PER_ATHLETE) return undefined;
      listeners.add(listener);
      const own = listeners;
      return () => {
        own.delete(listener);
        if (own.size === 0 && streams.get(athleteId) === own) streams.delete(athleteId);
      };
    },
  };
}

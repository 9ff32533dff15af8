// What a decoder reads of one file at most (docs/activities.md, "Limits"): the limits live inside the decoders,
// which stay pure functions of bytes, so they hold wherever a decoder runs (the request, a job, a worker thread).
// Past a limit the file is refused with a DecodeError naming it; within them, decoding is linear in the file.
import { EARLIEST_DATE, LATEST_DATE, type Recording } from '@stamina/core';
import { DecodeError } from './decode-error.ts';

export const DECODE_LIMITS = {
  /** Open elements at once. GPX and TCX nest under ten deep; 32 leaves room for any extension. */
  xmlDepth: 32,
  /** Elements in one XML file: a 50 MB GPX holds well under two million. */
  xmlElements: 5_000_000,
  /** Sessions (legs) in one file: a triathlon with its transitions has five, a long multisport day a dozen. */
  sessions: 20,
} as const;

const EARLIEST_MS = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const LATEST_MS = Date.parse(`${LATEST_DATE}T23:59:59.999Z`);

/** Whether an instant lies in the dates Stamina accepts from outside (core's dates.ts: 1900 to 2100). */
function isTimeInRange(ms: number): boolean {
  return ms >= EARLIEST_MS && ms <= LATEST_MS;
}

export function tooManySessions(count: number): DecodeError {
  return new DecodeError(
    `The file holds ${count} sessions; at most ${DECODE_LIMITS.sessions} are read from one file (a multisport file has a handful)`,
  );
}

/**
 * The date rule and the session cap, for every decoded recording: a session, record or pause outside
 * 1900–2100 refuses the whole file (a year 0001 or 9999 is a broken clock, not training).
 */
export function checkRecording(recording: Recording): Recording {
  if (recording.sessions.length > DECODE_LIMITS.sessions) throw tooManySessions(recording.sessions.length);
  for (const session of recording.sessions) {
    const times = [
      session.startTime,
      session.endTime,
      session.records[0]?.time,
      session.records.at(-1)?.time,
    ];
    for (const pause of session.pauses) times.push(pause[0], pause[1]);
    for (const time of times) {
      if (time === undefined || isTimeInRange(time)) continue;
      const shown =
        Number.isFinite(time) && Math.abs(time) <= 8.64e15
          ? new Date(time).toISOString().slice(0, 10)
          : 'an invalid date';
      throw new DecodeError(
        `The file's times lie outside the years 1900 to 2100 (it says ${shown}): its clock was not set`,
      );
    }
  }
  return recording;
}

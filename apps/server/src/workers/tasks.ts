// What the CPU pool's workers run (workers/pool.ts): an uploaded recording unwrapped, checked, hashed, decoded
// and scored, leg by leg, into the rows the import stores; a stored original scored again for a new sport; a
// recording built elsewhere (an Apple Health workout) scored; an Apple Health export.xml read (its chunks pulled
// from the main thread) and an Apple Health route decoded; an activity's analysis from its stored streams. The
// decoders and the figures are the modules' own (modules/activities/decode, figures.ts,
// modules/apple-health/read.ts): this file only calls them, off the main thread. Questions that need the
// database (or the next chunk of a file) go back to the main thread through `ask`.
import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import type { ActivityEditSport } from '@stamina/contract';
import {
  type AnalysisStreams,
  activityCurves,
  dateInTimeZone,
  decodeStream,
  detectEfforts,
  type EfficiencyInput,
  efficiencyFigures,
  type IntervalContext,
  lapIntervals,
  type RecordedSport,
  type Recording,
  type RecordPoint,
  type StreamType,
} from '@stamina/core';
import { decodeGpx } from '../modules/activities/decode/gpx.ts';
import {
  type ActivityFileFormat,
  DecodeError,
  decodeActivityFile,
  sniffActivityFormat,
} from '../modules/activities/decode/index.ts';
import { type LegRecord, legRecord, type ThresholdsInForce } from '../modules/activities/figures.ts';
import type { Outcome } from '../modules/activities/types.ts';
import { ACTIVITY_LIMITS, contentProblem } from '../modules/activities/upload-files.ts';
import { ExportError } from '../modules/apple-health/parse.ts';
import { type ExportSource, type ExportSummary, readExport } from '../modules/apple-health/read.ts';

/** The questions a task may ask the main thread, answered there (where the database is). */
export interface TaskAnswers {
  /** The outcome to record when a file with this SHA-256 is already stored (a duplicate), else null. */
  duplicateOf(sha256: string): Promise<Outcome | null>;
  /** The thresholds and zones in force on the athlete's local day for the sport. */
  thresholdsOn(arg: { day: string; sport: RecordedSport }): Promise<ThresholdsInForce>;
  /** The next chunk of the Apple Health export.xml being read (deflated if it is), or null at its end. */
  exportChunk(arg: null): Promise<Uint8Array | null>;
}

type Ask = <K extends keyof TaskAnswers>(
  name: K,
  arg: Parameters<TaskAnswers[K]>[0],
) => ReturnType<TaskAnswers[K]>;

type ScoredLeg = LegRecord & { localDate: string };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');

/** The stored bytes as recorded: inflated when the upload was a gzip copy, under the file size limit. */
function inflated(bytes: Uint8Array, compression: 'gzip' | null): Buffer | { failed: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (compression !== 'gzip') return buffer;
  try {
    return gunzipSync(buffer, { maxOutputLength: ACTIVITY_LIMITS.fileBytes });
  } catch (err) {
    const tooBig = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    return {
      failed: tooBig
        ? `Uncompressed, the file is larger than ${ACTIVITY_LIMITS.fileLabel}`
        : 'The gzip file cannot be read',
    };
  }
}

/** Each session of the recording scored with the thresholds in force on its local day; or why not. */
async function scoreSessions(
  recording: Recording,
  timeZone: string,
  ask: Ask,
): Promise<{ legs: ScoredLeg[] } | { error: string }> {
  const legs: ScoredLeg[] = [];
  for (const session of recording.sessions) {
    const localDate = dateInTimeZone(new Date(session.startTime), timeZone);
    const inForce = await ask('thresholdsOn', { day: localDate, sport: session.sport });
    try {
      legs.push({ ...legRecord(session, recording.deviceName, inForce), localDate });
    } catch (err) {
      return { error: errorText(err) };
    }
  }
  return { legs };
}

export type ReadFileResult =
  /** Settled before anything is written: a file that cannot be read, or a duplicate. */
  | { status: 'settled'; outcome: Outcome }
  | {
      status: 'read';
      format: ActivityFileFormat;
      sha256: string;
      /** The name the file gives the activity, if any. */
      name: string | null;
      legs: ScoredLeg[];
    };

/** An uploaded or downloaded file to the legs the import stores (docs/activities.md, "Import"). */
async function readActivityFile(
  input: { bytes: Uint8Array; fileName: string; compression: 'gzip' | null; timeZone: string },
  ask: Ask,
): Promise<ReadFileResult> {
  const failed = (message: string): ReadFileResult => ({
    status: 'settled',
    outcome: { status: 'failed', message },
  });
  const bytes = inflated(input.bytes, input.compression);
  if ('failed' in bytes) return failed(bytes.failed);
  const problem = contentProblem(bytes, input.fileName);
  if (problem) return failed(problem);
  const format = sniffActivityFormat(bytes, input.fileName)!;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const duplicate = await ask('duplicateOf', sha256);
  if (duplicate) return { status: 'settled', outcome: duplicate };
  let recording: Recording;
  try {
    recording = decodeActivityFile(bytes, input.fileName);
  } catch (err) {
    return failed(err instanceof DecodeError ? err.message : `The file cannot be read: ${errorText(err)}`);
  }
  if (recording.sessions.length === 0) return failed('The file holds no activity');
  const scored = await scoreSessions(recording, input.timeZone, ask);
  if ('error' in scored) return failed(`The file's figures cannot be computed: ${scored.error}`);
  return { status: 'read', format, sha256, name: recording.name ?? null, legs: scored.legs };
}

export type RescoreResult =
  | { ok: true; leg: LegRecord }
  | { ok: false; problem: 'unreadable' | 'mismatch' | 'figures'; detail: string };

/** A stored original's leg (its index and start) scored again as `sport` (docs/activities.md, "Changing the sport"). */
function rescoreLeg(input: {
  bytes: Uint8Array;
  fileName: string;
  compression: 'gzip' | null;
  legIndex: number;
  startTime: number;
  sport: ActivityEditSport;
  inForce: ThresholdsInForce;
}): RescoreResult {
  let recording: Recording;
  try {
    const bytes = inflated(input.bytes, input.compression);
    if ('failed' in bytes) throw new Error(bytes.failed);
    recording = decodeActivityFile(bytes, input.fileName);
  } catch (err) {
    return { ok: false, problem: 'unreadable', detail: errorText(err) };
  }
  const session = recording.sessions[input.legIndex];
  if (!session || new Date(session.startTime).getTime() !== input.startTime) {
    return { ok: false, problem: 'mismatch', detail: '' };
  }
  try {
    return {
      ok: true,
      leg: legRecord({ ...session, sport: input.sport }, recording.deviceName, input.inForce),
    };
  } catch (err) {
    return { ok: false, problem: 'figures', detail: errorText(err) };
  }
}

/** A recording another importer built (an Apple Health workout) scored leg by leg; or why not. */
function scoreRecording(input: { recording: Recording; timeZone: string }, ask: Ask) {
  return scoreSessions(input.recording, input.timeZone, ask);
}

/** The points of a GPX route (an Apple Health workout's), or null when it cannot be read. */
function routePoints(input: { bytes: Uint8Array }): RecordPoint[] | null {
  try {
    const buffer = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
    return decodeGpx(buffer).sessions[0]?.records ?? [];
  } catch (err) {
    if (err instanceof DecodeError) return null;
    throw err;
  }
}

/**
 * The analysis of one activity from its stored (encoded) streams (docs/activities.md, "Analysis"): curves,
 * efficiency figures, laps and efforts. Tens of milliseconds for a long ride, so off the main thread.
 */
function analyseActivity(input: {
  streams: Partial<Record<keyof AnalysisStreams, Uint8Array>>;
  efficiency: EfficiencyInput;
  context: IntervalContext;
  laps: Array<{ startSecond: number; elapsedSeconds: number }>;
}) {
  const streams: AnalysisStreams = {};
  for (const [type, data] of Object.entries(input.streams)) {
    streams[type as keyof AnalysisStreams] = decodeStream(data, type as StreamType);
  }
  return {
    curves: activityCurves(streams, input.context.sport),
    efficiency: efficiencyFigures(streams, input.efficiency),
    intervals: [
      ...lapIntervals(streams, input.laps, input.context),
      ...detectEfforts(streams, input.context),
    ],
  };
}

type AppleExportResult = { ok: true; summary: ExportSummary } | { ok: false; message: string };

/**
 * An Apple Health export.xml read whole, its chunks asked of the main thread one at a time (docs/devices.md,
 * "Apple Health"); a document the reader refuses is answered with its reason (an error's class does not
 * survive the trip back to the main thread).
 */
async function readAppleExport(input: ExportSource, ask: Ask): Promise<AppleExportResult> {
  try {
    return { ok: true, summary: await readExport(() => ask('exportChunk', null), input) };
  } catch (err) {
    if (err instanceof ExportError) return { ok: false, message: err.message };
    throw err;
  }
}

const TASKS = { readActivityFile, rescoreLeg, scoreRecording, routePoints, analyseActivity, readAppleExport };

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]>>;

/** Runs one task in this worker; its questions go out on `port`, which is closed when it ends. */
export async function runTask(name: TaskName, input: unknown, port: MessagePort): Promise<unknown> {
  let next = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  port.on('message', (reply: { id: number; value?: unknown; error?: string }) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.value);
  });
  const ask = ((question: keyof TaskAnswers, arg: unknown) =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      port.postMessage({ id, name: question, arg });
    })) as Ask;
  try {
    const task = TASKS[name] as (input: unknown, ask: Ask) => unknown;
    if (!task) throw new Error(`No CPU task ${name}`);
    return await task(input, ask);
  } finally {
    port.close();
  }
}

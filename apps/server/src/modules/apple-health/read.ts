// Reading a whole export.xml into what the import writes (docs/devices.md, "Apple Health"): the document streamed
// through the reader in parse.ts chunk by chunk, then its days turned into wellness writes (the day's mean SDNN
// and resting heart rate, each night's sleep). This runs on a CPU pool worker (workers/tasks.ts,
// `readAppleExport`), which pulls the chunks from the main thread one at a time: only one chunk is ever in
// flight, so memory stays flat whatever the export's size, and the event loop only moves bytes. A zip's
// export.xml comes as stored (deflated) and is inflated here, so the inflated bytes, ten to twenty times the
// stored ones, are made and dropped on the worker, not on the main thread (docs/RELIABILITY.md, "Apple Health
// off the event loop").
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import type { WellnessUpsertRequest } from '@stamina/contract';
import { isDateInRange, WELLNESS_RANGES } from '@stamina/core';
import { type AppleWorkout, type ExportContents, ExportError, exportReader, unionMs } from './parse.ts';

/** What the import needs from an export: its workouts, its days as wellness writes, and counts for the log. */
export interface ExportSummary {
  workouts: AppleWorkout[];
  days: WellnessUpsertRequest[];
  /** Records read (steps, heart rate, …), kept or not. */
  records: number;
  /** Workouts left out: outside 1900–2100, or longer than EXPORT_LIMITS.workoutDays. */
  skippedWorkouts: number;
}

/** How the chunks of export.xml come: deflated (a zip member as stored) or not, and its limits once inflated. */
export interface ExportSource {
  deflated: boolean;
  /** Refused with `message` past `bytes` inflated. */
  limit: { bytes: number; message: string } | null;
  /** The size the zip gives the member: inflating to any other is a broken zip. */
  expectedBytes: number | null;
}

/**
 * Reads export.xml from `next` (a chunk, or null at the end), inflating it when `source.deflated`; throws
 * ExportError on a bad document, a broken deflate stream, or a member past its limit or unlike its size.
 */
export async function readExport(
  next: () => Promise<Uint8Array | null>,
  source: ExportSource,
): Promise<ExportSummary> {
  const reader = exportReader();
  const chunks = Readable.from(
    (async function* () {
      for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
    })(),
    { objectMode: false },
  );
  let total = 0;
  const read = async (inflated: AsyncIterable<Uint8Array>) => {
    for await (const chunk of inflated) {
      total += chunk.length;
      if (source.limit && total > source.limit.bytes) throw new ExportError(source.limit.message);
      if (source.expectedBytes !== null && total > source.expectedBytes) throw brokenZip('too many bytes');
      reader.write(chunk);
    }
  };
  if (source.deflated) {
    await pipeline(chunks, createInflateRaw(), read).catch((err: unknown) => {
      if (err instanceof ExportError || !(err as { code?: string }).code?.startsWith('Z_')) throw err;
      throw brokenZip((err as Error).message);
    });
  } else await read(chunks);
  if (source.expectedBytes !== null && total !== source.expectedBytes) throw brokenZip('too few bytes');
  const contents = reader.end();
  return {
    workouts: contents.workouts,
    days: wellnessDays(contents),
    records: contents.records,
    skippedWorkouts: contents.skippedWorkouts,
  };
}

const brokenZip = (detail: string) => new ExportError(`The zip file cannot be read (export.xml: ${detail})`);

const inRange = (field: 'hrv_sdnn' | 'resting_hr' | 'sleep_hours', value: number) =>
  value >= WELLNESS_RANGES[field].min && value <= WELLNESS_RANGES[field].max;

/** The export's days as wellness writes: SDNN the day's mean, resting HR the day's mean, sleep per night. */
function wellnessDays(contents: ExportContents): WellnessUpsertRequest[] {
  const days = new Map<string, WellnessUpsertRequest>();
  const day = (date: string) => {
    let d = days.get(date);
    if (!d) {
      d = { date };
      days.set(date, d);
    }
    return d;
  };
  for (const [date, { sum, count }] of contents.hrvSdnn) {
    const value = Math.round((sum / count) * 10) / 10;
    if (isDateInRange(date) && inRange('hrv_sdnn', value)) day(date).hrv_sdnn = value;
  }
  for (const [date, { sum, count }] of contents.restingHr) {
    const value = Math.round(sum / count);
    if (isDateInRange(date) && inRange('resting_hr', value)) day(date).resting_hr = value;
  }
  for (const [date, night] of contents.nights) {
    // Asleep stages when the night has them; a night recorded only as time in bed (older iPhones) counts that.
    const ms = unionMs(night.asleep.length > 0 ? night.asleep : night.inBed);
    const hours = Math.round((ms / 3_600_000) * 100) / 100;
    if (isDateInRange(date) && hours > 0 && inRange('sleep_hours', hours)) day(date).sleep_hours = hours;
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

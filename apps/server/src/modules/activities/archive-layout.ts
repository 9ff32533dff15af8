// The layouts of the archives the big platforms let athletes download (docs/activities.md, "Platform
// archives"): which one a zip is, from its member names alone, which members are recordings to import, and
// Strava's activities.csv read into each recording's name, description and gear. Nothing here reads a member
// whole: the CSV is parsed as it streams (csv-parse), one row at a time.
import { parse } from 'csv-parse';
import type { ArchiveMeta } from './types.ts';
import { isRecordingName } from './upload-files.ts';

/** strava: "Download your data"; garmin: Garmin Connect's data export; recordings: any other zip of recordings. */
export type ArchiveLayout = 'strava' | 'garmin' | 'recordings';

const STRAVA_CSV = /(^|\/)activities\.csv$/i;
const STRAVA_RECORDING = /(^|\/)activities\/[^/]+$/i;
const GARMIN_ROOT = /(^|\/)DI_CONNECT\//;
/** Garmin's originals come as zips of uploaded files, e.g. DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip. */
const GARMIN_UPLOADS = /(^|\/)DI_CONNECT\/DI-Connect-Uploaded-Files\/[^/]+\.zip$/i;

/** Which archive the member names say this is. */
export function archiveLayout(names: readonly string[]): ArchiveLayout {
  // activities.csv beside an activities/ folder (empty when every entry was manual).
  const csv = names.some((n) => STRAVA_CSV.test(n));
  if (csv && names.some((n) => STRAVA_RECORDING.test(n) || /(^|\/)activities\/$/i.test(n))) return 'strava';
  if (names.some((n) => GARMIN_ROOT.test(n))) return 'garmin';
  return 'recordings';
}

/** What to do with a member of an archive of this layout: import it, open it as a zip of recordings, or skip it. */
export function memberRole(layout: ArchiveLayout, name: string): 'recording' | 'zip' | null {
  if (name.endsWith('/')) return null;
  if (layout === 'garmin' && GARMIN_UPLOADS.test(name)) return 'zip';
  if (!isRecordingName(name)) return null;
  // Strava's recordings are in activities/ (media/ and the rest are not activities).
  if (layout === 'strava' && !STRAVA_RECORDING.test(name)) return null;
  return 'recording';
}

/** The member that holds Strava's activity list, if the layout has one. */
export function stravaCsvName(names: readonly string[]): string | undefined {
  return names.find((n) => STRAVA_CSV.test(n));
}

/** The key a recording's row is found under: its path from the archive's activities/ folder, lower case. */
export function stravaKey(path: string): string {
  const at = path.toLowerCase().lastIndexOf('activities/');
  return at >= 0 ? path.slice(at).toLowerCase() : path.toLowerCase();
}

const LIMITS = { name: 255, description: 10_000, gear: 255 };

function clean(value: string | undefined, max: number): string | undefined {
  // The API's text rule: no NUL (plugins/input-guards.ts); the rest as the athlete wrote it.
  const text = value?.replaceAll('\u0000', '').trim();
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Strava's activities.csv as recording path → name, description and gear. The columns are found by their
 * English header (the first of a name that appears twice, as "Elapsed Time" and "Distance" do); rows without
 * a Filename (manual entries) have no recording and are left out. An export without these headers gives an
 * empty map: the recordings are still imported, under the names their files give.
 */
export async function readStravaCsv(source: NodeJS.ReadableStream): Promise<Map<string, ArchiveMeta>> {
  const rows = source.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  const meta = new Map<string, ArchiveMeta>();
  let column: Record<'file' | 'name' | 'description' | 'gear', number> | null = null;
  for await (const row of rows as AsyncIterable<string[]>) {
    if (!column) {
      const at = (header: string) => row.findIndex((h) => h.trim().toLowerCase() === header);
      column = {
        file: at('filename'),
        name: at('activity name'),
        description: at('activity description'),
        gear: at('activity gear'),
      };
      if (column.file < 0) return meta;
      continue;
    }
    const file = row[column.file]?.trim();
    if (!file) continue;
    meta.set(stravaKey(file), {
      name: clean(row[column.name], LIMITS.name),
      description: clean(row[column.description], LIMITS.description),
      gear: clean(row[column.gear], LIMITS.gear),
    });
  }
  return meta;
}

// Platform archives built from our fixtures with yazl (docs/activities.md, "Platform archives"): a Strava
// "Download your data" zip (activities.csv and activities/NNNN.fit.gz, .gpx, .tcx.gz) and a Garmin Connect
// export (DI_CONNECT/… with a zip of uploaded .fit files inside). Used by the tests and the bench.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';
import yazl from 'yazl';

export interface StravaActivity {
  id: number;
  /** The member's name under activities/ (e.g. 1234.fit.gz); null for a manual entry without a recording. */
  file: string | null;
  content?: Buffer;
  name: string;
  description?: string;
  gear?: string;
  type?: string;
  date?: string;
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Strava's activities.csv: its leading columns as Strava writes them (two "Elapsed Time" and "Distance"). */
export function stravaCsv(activities: readonly StravaActivity[]): string {
  const header = [
    'Activity ID',
    'Activity Date',
    'Activity Name',
    'Activity Type',
    'Activity Description',
    'Elapsed Time',
    'Distance',
    'Max Heart Rate',
    'Relative Effort',
    'Commute',
    'Activity Private Note',
    'Activity Gear',
    'Filename',
    'Athlete Weight',
    'Bike Weight',
    'Elapsed Time',
    'Moving Time',
    'Distance',
  ];
  const rows = activities.map((a) =>
    [
      String(a.id),
      a.date ?? 'Jan 1, 2024, 7:00:00 AM',
      a.name,
      a.type ?? 'Run',
      a.description ?? '',
      '3600',
      '10.0',
      '',
      '',
      'false',
      '',
      a.gear ?? '',
      a.file === null ? '' : `activities/${a.file}`,
      '',
      '',
      '3600',
      '3500',
      '10000.0',
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header.join(','), ...rows].join('\n')}\n`;
}

/** yazl's output as one Buffer (small archives) or written to `path` (the bench's large one). */
async function finish(zip: yazl.ZipFile, path?: string): Promise<Buffer> {
  zip.end();
  if (path) {
    await pipeline(zip.outputStream, createWriteStream(path));
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A Strava archive: activities.csv, the recordings under activities/, and the files around them. */
export function stravaArchive(activities: readonly StravaActivity[], path?: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('Athlete ID,Email Address\n1,athlete@example.com\n'), 'profile.csv');
  zip.addBuffer(Buffer.from(stravaCsv(activities)), 'activities.csv');
  zip.addEmptyDirectory('activities');
  for (const a of activities) {
    // Strava's .gz members are already compressed: stored, as its export does.
    if (a.file && a.content)
      zip.addBuffer(a.content, `activities/${a.file}`, { compress: !a.file.endsWith('.gz') });
  }
  zip.addBuffer(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'media/photo.jpg');
  return finish(zip, path);
}

/** A Garmin Connect export: the uploaded recordings in DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip. */
export async function garminArchive(
  recordings: ReadonlyArray<{ name: string; content: Buffer }>,
): Promise<Buffer> {
  const inner = new yazl.ZipFile();
  for (const r of recordings) inner.addBuffer(r.content, r.name);
  const uploads = await finish(inner);
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from('[{"summarizedActivitiesExport":[]}]'),
    'DI_CONNECT/DI-Connect-Fitness/athlete_0_summarizedActivities.json',
  );
  zip.addBuffer(Buffer.from('{}'), 'DI_CONNECT/DI-Connect-User/user_profile.json');
  zip.addBuffer(uploads, 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip', {
    compress: false,
  });
  return finish(zip);
}

export const gzip = (bytes: Buffer) => gzipSync(bytes);

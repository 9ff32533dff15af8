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

/** A 1-hour GPX run or ride starting at `start` (ms), one point every 10 s (`seed` moves it and its HR). */
function syntheticGpx(start: number, ride: boolean, seed: number): Buffer {
  const points: string[] = [];
  const step = ride ? 0.0009 : 0.0003;
  for (let i = 0; i <= 360; i++) {
    const time = new Date(start + i * 10_000).toISOString();
    const lat = 47 + (seed % 50) * 0.01 + i * step;
    const hr = 130 + ((i * 7 + seed) % 25);
    points.push(
      `<trkpt lat="${lat.toFixed(6)}" lon="${(8.5 + Math.sin(i / 30) * 0.01).toFixed(6)}"><ele>${(400 + Math.sin(i / 20) * 15).toFixed(1)}</ele><time>${time}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>${hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>`,
    );
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><type>${ride ? 'cycling' : 'running'}</type><trkseg>${points.join('')}</trkseg></trk></gpx>`,
  );
}

/**
 * `count` synthetic activities spread over `years` years from 2016 (the bench's decade of Strava): every third a
 * ride, half of them .gpx.gz as Strava keeps uploads, each with a name and gear, every fifth a description.
 */
export function syntheticStravaActivities(count: number, years: number): StravaActivity[] {
  const first = Date.UTC(2016, 0, 1, 6);
  const spacing = Math.floor((years * 365 * 86_400_000) / count);
  const activities: StravaActivity[] = [];
  for (let n = 0; n < count; n++) {
    const ride = n % 3 === 0;
    const gpx = syntheticGpx(first + n * spacing, ride, n);
    const id = 1_000_000 + n;
    activities.push({
      id,
      file: n % 2 === 0 ? `${id}.gpx.gz` : `${id}.gpx`,
      content: n % 2 === 0 ? gzipSync(gpx) : gpx,
      name: `${ride ? 'Ride' : 'Run'} ${n + 1}`,
      description: n % 5 === 0 ? `Session ${n + 1}, "steady", legs fine` : undefined,
      gear: ride ? 'Road bike' : 'Trainers',
      type: ride ? 'Ride' : 'Run',
    });
  }
  return activities;
}

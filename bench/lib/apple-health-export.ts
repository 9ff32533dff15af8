// Writes a synthetic Apple Health export.zip of a chosen export.xml size, streamed (never held in memory): day
// after day of heart-rate and step records (the bulk of a real export), a few HRV SDNN samples, a resting heart
// rate, a night of sleep stages across midnight, and a workout every other day with its route GPX. Used by
// bench/apple-health-memory.ts; the file is written to a temporary folder and never committed.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Apple's date format, in UTC: '2024-01-15 07:30:00 +0000'. */
function appleDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
]>
<HealthData locale="en_GB">
 <ExportDate value="2026-01-01 08:00:00 +0000"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01"/>
`;

function record(type: string, unit: string, value: string | number, start: number, end = start): string {
  return ` <Record type="${type}" sourceName="Bench’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x281b8c0a0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;" unit="${unit}" creationDate="${appleDate(end)}" startDate="${appleDate(start)}" endDate="${appleDate(end)}" value="${value}"/>\n`;
}

function routeGpx(start: number, points: number): string {
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Route</name><trkseg>\n`,
  ];
  for (let i = 0; i < points; i++) {
    parts.push(
      `<trkpt lon="${(-0.1 + i * 0.00004).toFixed(6)}" lat="${(51.5 + i * 0.00001).toFixed(6)}"><ele>${(10 + Math.sin(i / 50) * 5).toFixed(1)}</ele><time>${new Date(start + i * 1000).toISOString()}</time><extensions><speed>3.1</speed><course>45.0</course><hAcc>2.0</hAcc><vAcc>1.5</vAcc></extensions></trkpt>\n`,
    );
  }
  parts.push('</trkseg></trk></gpx>\n');
  return parts.join('');
}

/** One day of the export: its XML, and the route file of its workout if it has one. */
function day(index: number, first: number, recordsPerDay: number): { xml: string; route?: [string, number] } {
  const midnight = first + index * DAY_MS;
  const out: string[] = [];
  for (let i = 0; i < recordsPerDay; i++) {
    const at = midnight + Math.floor((i / recordsPerDay) * DAY_MS);
    out.push(
      i % 3 === 2
        ? record('HKQuantityTypeIdentifierStepCount', 'count', 20 + (i % 90), at, at + 60_000)
        : record('HKQuantityTypeIdentifierHeartRate', 'count/min', 55 + (i % 60), at),
    );
  }
  for (let k = 0; k < 4; k++) {
    out.push(
      record(
        'HKQuantityTypeIdentifierHeartRateVariabilitySDNN',
        'ms',
        35 + ((index + k * 7) % 30),
        midnight + (1 + k * 5) * 3_600_000,
      ),
    );
  }
  out.push(
    record(
      'HKQuantityTypeIdentifierRestingHeartRate',
      'count/min',
      45 + (index % 10),
      midnight + 8 * 3_600_000,
    ),
  );
  // The night that ends this morning: in bed 22:45-06:45 the day before, asleep in stages.
  const bed = midnight - 75 * 60_000;
  const stages: Array<[string, number, number]> = [
    ['InBed', bed, bed + 8 * 3_600_000],
    ['AsleepCore', bed + 15 * 60_000, bed + 3 * 3_600_000],
    ['AsleepDeep', bed + 3 * 3_600_000, bed + 4 * 3_600_000],
    ['Awake', bed + 4 * 3_600_000, bed + 4.25 * 3_600_000],
    ['AsleepREM', bed + 4.25 * 3_600_000, bed + 7.75 * 3_600_000],
  ];
  for (const [value, start, end] of stages) {
    out.push(
      record('HKCategoryTypeIdentifierSleepAnalysis', '', `HKCategoryValueSleepAnalysis${value}`, start, end),
    );
  }
  let route: [string, number] | undefined;
  if (index % 2 === 0) {
    const start = midnight + 7 * 3_600_000;
    const end = start + 30 * 60_000;
    const name = `route_${index}.gpx`;
    route = [name, start];
    out.push(` <Workout workoutActivityType="HKWorkoutActivityType${index % 4 === 0 ? 'Running' : 'Cycling'}" duration="30" durationUnit="min" sourceName="Bench’s Apple Watch" creationDate="${appleDate(end)}" startDate="${appleDate(start)}" endDate="${appleDate(end)}">
  <MetadataEntry key="HKIndoorWorkout" value="0"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="${appleDate(start)}" endDate="${appleDate(end)}" sum="5.4" unit="km"/>
  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="${appleDate(start)}" endDate="${appleDate(end)}" average="148" minimum="95" maximum="172" unit="count/min"/>
  <WorkoutRoute sourceName="Bench’s Apple Watch" creationDate="${appleDate(end)}" startDate="${appleDate(start)}" endDate="${appleDate(end)}">
   <FileReference path="/workout-routes/${name}"/>
  </WorkoutRoute>
 </Workout>\n`);
  }
  return { xml: out.join(''), route };
}

/**
 * Writes export.zip to `path` with an export.xml of about `xmlBytes`, spread over `days` days. Answers the
 * real export.xml size, the days and the workouts written.
 */
export async function writeAppleHealthExport(
  path: string,
  xmlBytes: number,
  days = 1500,
): Promise<{ xmlBytes: number; days: number; workouts: number }> {
  // About 330 bytes a record: the records a day needs for the size asked.
  const recordsPerDay = Math.max(10, Math.round(xmlBytes / days / 330));
  const first = Date.parse('2021-01-01T00:00:00Z');
  const routes: Array<[string, number]> = [];
  let written = 0;
  let index = 0;
  const xml = Readable.from(
    (function* () {
      yield HEADER;
      written += HEADER.length;
      for (; index < days; index++) {
        const { xml: text, route } = day(index, first, recordsPerDay);
        if (route) routes.push(route);
        written += Buffer.byteLength(text);
        yield text;
      }
      yield '</HealthData>\n';
    })(),
  );
  const zip = new yazl.ZipFile();
  zip.addReadStream(xml, 'apple_health_export/export.xml');
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  // Routes are added once export.xml has been read through, so they are never all held at once.
  await finished(xml);
  // Each route is made only when the zip writer reads it.
  for (const [name, start] of routes) {
    zip.addReadStream(
      Readable.from(
        (function* () {
          yield routeGpx(start, 1800);
        })(),
      ),
      `apple_health_export/workout-routes/${name}`,
    );
  }
  zip.end();
  await finished(out);
  return { xmlBytes: written, days, workouts: routes.length };
}

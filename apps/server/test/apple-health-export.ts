// Builds small Apple Health exports for tests: export.xml as Apple writes it (its DOCTYPE with element and
// attribute declarations, Record and Workout elements with Apple's date format) and export.zip with the
// apple_health_export/ folder and workout-routes/*.gpx.
import { zipArchive } from './zip-writer.ts';

/** Apple's export begins with a DOCTYPE of element and attribute declarations (no entities): accepted. */
export const APPLE_DOCTYPE = `<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record type CDATA #REQUIRED value CDATA #IMPLIED>
]>`;

export interface RecordSpec {
  type: string;
  value: string | number;
  start: string;
  end?: string;
  unit?: string;
}

export interface WorkoutSpec {
  type: string;
  start: string;
  end: string;
  durationMinutes: number;
  distanceKm?: number;
  energyKcal?: number;
  avgHr?: number;
  route?: string;
  /** Newer exports: the totals as WorkoutStatistics children. */
  statistics?: boolean;
}

const attr = (v: string | number) =>
  String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function recordXml(r: RecordSpec): string {
  return `<Record type="${r.type}" sourceName="Apple Watch" unit="${r.unit ?? ''}" creationDate="${r.end ?? r.start}" startDate="${r.start}" endDate="${r.end ?? r.start}" value="${attr(r.value)}"/>`;
}

export function workoutXml(w: WorkoutSpec): string {
  const totals = w.statistics
    ? ''
    : ` totalDistance="${w.distanceKm ?? 0}" totalDistanceUnit="km" totalEnergyBurned="${w.energyKcal ?? 0}" totalEnergyBurnedUnit="kcal"`;
  const children = [
    '<MetadataEntry key="HKIndoorWorkout" value="0"/>',
    w.statistics && w.distanceKm !== undefined
      ? `<WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="${w.start}" endDate="${w.end}" sum="${w.distanceKm}" unit="km"/>`
      : '',
    w.avgHr !== undefined
      ? `<WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="${w.start}" endDate="${w.end}" average="${w.avgHr}" minimum="90" maximum="${w.avgHr + 20}" unit="count/min"/>`
      : '',
    w.route
      ? `<WorkoutRoute sourceName="Apple Watch" creationDate="${w.end}" startDate="${w.start}" endDate="${w.end}"><FileReference path="/workout-routes/${w.route}"/></WorkoutRoute>`
      : '',
  ].join('\n  ');
  return `<Workout workoutActivityType="HKWorkoutActivityType${w.type}" duration="${w.durationMinutes}" durationUnit="min"${totals} sourceName="Apple Watch" creationDate="${w.end}" startDate="${w.start}" endDate="${w.end}">\n  ${children}\n</Workout>`;
}

export function exportXml(body: readonly string[], doctype = APPLE_DOCTYPE): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${doctype}\n<HealthData locale="en_GB">\n <ExportDate value="2026-01-20 08:00:00 +0000"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth=""/>\n ${body.join('\n ')}\n</HealthData>\n`;
}

/** A route as Apple writes it: one track of timed points with elevation and speed. */
export function routeGpx(startMs: number, points: number, stepSeconds = 10): string {
  const trkpts: string[] = [];
  for (let i = 0; i < points; i++) {
    const time = new Date(startMs + i * stepSeconds * 1000).toISOString();
    trkpts.push(
      `<trkpt lon="${(-0.1 + i * 0.0004).toFixed(6)}" lat="${(51.5 + i * 0.0001).toFixed(6)}"><ele>${10 + (i % 5)}</ele><time>${time}</time><extensions><speed>3.2</speed><course>45</course><hAcc>2</hAcc><vAcc>2</vAcc></extensions></trkpt>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1"><metadata><time>${new Date(startMs).toISOString()}</time></metadata><trk><name>Route</name><trkseg>${trkpts.join('')}</trkseg></trk></gpx>\n`;
}

export function exportZip(xml: string, routes: Record<string, string> = {}): Buffer {
  return zipArchive([
    { name: 'apple_health_export/export.xml', content: Buffer.from(xml) },
    { name: 'apple_health_export/export_cda.xml', content: Buffer.from('<ClinicalDocument/>') },
    ...Object.entries(routes).map(([name, gpx]) => ({
      name: `apple_health_export/workout-routes/${name}`,
      content: Buffer.from(gpx),
    })),
  ]);
}

// Hostile files for the upload tests (test/hostile-files.test.ts, test/decode-limits.test.ts): each is small
// to send and built to cost a parser something: many sessions, deep nesting, zip bombs of many members, huge
// lines and row counts, floods of Apple Health records.
import { Encoder, type FileIdMesg, Profile, type RecordMesg, type SessionMesg } from '@garmin/fitsdk';
import { fitEnum } from '../src/modules/workouts/fit.ts';
import { exportXml, exportZip } from './apple-health-export.ts';
import { zipArchive } from './zip-writer.ts';

/** A FIT file with `sessions` one-minute running sessions, each with a record, back to back. */
export function fitWithSessions(
  sessions: number,
  recordsPerSession = 1,
  startIso = '2026-04-01T07:00:00Z',
): Uint8Array {
  const start = Date.parse(startIso);
  const encoder = new Encoder();
  const fileId: FileIdMesg = {
    type: fitEnum('file', 'activity'),
    manufacturer: fitEnum('manufacturer', 'development'),
    product: 0,
    serialNumber: 1,
    timeCreated: new Date(start),
  };
  encoder.onMesg(Profile.MesgNum.FILE_ID!, fileId);
  for (let s = 0; s < sessions; s++) {
    const sessionStart = start + s * recordsPerSession * 1000;
    for (let r = 0; r < recordsPerSession; r++) {
      const record: RecordMesg = {
        timestamp: new Date(sessionStart + r * 1000),
        heartRate: 140,
        distance: r,
      };
      encoder.onMesg(Profile.MesgNum.RECORD!, record);
    }
    const session: SessionMesg = {
      timestamp: new Date(sessionStart + recordsPerSession * 1000),
      startTime: new Date(sessionStart),
      totalElapsedTime: recordsPerSession,
      totalTimerTime: recordsPerSession,
      sport: fitEnum('sport', 'running'),
      messageIndex: s,
    };
    encoder.onMesg(Profile.MesgNum.SESSION!, session);
  }
  return encoder.close();
}

/** A GPX whose one track point holds `depth` nested elements (issue 29, H3: 1.4 MB for 200,000). */
export function deepTrackPointGpx(depth: number): Buffer {
  return Buffer.from(
    `<?xml version="1.0"?><gpx version="1.1" creator="x"><trk><trkseg><trkpt lat="1" lon="1"><time>2026-04-01T07:00:00Z</time><extensions>${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</extensions></trkpt></trkseg></trk></gpx>`,
  );
}

/** A zip of `members` recordings of `memberBytes` zeros each (deflated once): a bomb of many members. */
export function manyMemberBomb(members: number, memberBytes: number, names: (i: number) => string): Buffer {
  const zeros = Buffer.alloc(memberBytes);
  return zipArchive(Array.from({ length: members }, (_, i) => ({ name: names(i), content: zeros })));
}

/** An Apple Health export.zip of `records` sleep records, 20 a night, each a 20-minute stage. */
export function sleepFloodExport(records: number): Buffer {
  const lines: string[] = [];
  const start = Date.parse('2020-01-01T22:00:00Z');
  const apple = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' +0000');
  for (let i = 0; i < records; i++) {
    const night = Math.floor(i / 20);
    const from = start + night * 86_400_000 + (i % 20) * 20 * 60_000;
    lines.push(
      `<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="W" startDate="${apple(from)}" endDate="${apple(from + 15 * 60_000)}" value="HKCategoryValueSleepAnalysisAsleepCore"/>`,
    );
  }
  return exportZip(exportXml(lines));
}

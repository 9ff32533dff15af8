// Importing a recorded ride through the API (docs/activities.md, "Import"): a 4-hour ride at 1 Hz (14,400
// records with power, heart rate, cadence, speed, distance, position and altitude), written with
// @garmin/fitsdk's Encoder, uploaded to POST /api/activities/import and timed until its batch says `imported`
// (upload, staging, the job's decode, figures, streams, matching and daily load). Beside it, in the same run,
// a bare @garmin/fitsdk decode of the same file in this process: the floor any import stands on. Median of
// several runs after a warm-up; each run's file starts a day later, so none is a duplicate of another.
import { Decoder, Encoder, Profile, Stream } from '@garmin/fitsdk';
import { signUpAndConfirm } from './api.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { StaminaServer } from './servers.ts';

const RIDE_SECONDS = 4 * 3600;
const RUNS = 5;
const IMPORT_BUDGET_MS = 300;
const RATIO_BUDGET = 3;

/** A message as the Encoder takes it; the SDK's per-message types do not cover every field written here. */
type Mesg = Parameters<Encoder['onMesg']>[1];
const mesg = (fields: Record<string, unknown>) => fields as unknown as Mesg;

function fitEnum(type: string, name: string): number {
  const values = Profile.types[type];
  const entry = values ? Object.entries(values).find(([, value]) => value === name) : undefined;
  if (!entry) throw new Error(`FIT profile has no ${type} "${name}"`);
  return Number(entry[0]);
}

/** A 4-hour ride at 1 Hz starting at `start`, as a head unit would write it. */
export function fourHourRide(start: Date): Uint8Array {
  const encoder = new Encoder();
  encoder.onMesg(
    Profile.MesgNum.FILE_ID!,
    mesg({
      type: fitEnum('file', 'activity'),
      manufacturer: fitEnum('manufacturer', 'development'),
      product: 0,
      serialNumber: 1,
      timeCreated: start,
    }),
  );
  let distance = 0;
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  encoder.onMesg(
    Profile.MesgNum.EVENT!,
    mesg({
      timestamp: start,
      event: fitEnum('event', 'timer'),
      eventType: fitEnum('eventType', 'start'),
    }),
  );
  for (let s = 0; s < RIDE_SECONDS; s++) {
    // Blocks of 20 minutes alternate endurance and tempo, with a little noise.
    const power = Math.round((Math.floor(s / 1200) % 2 === 0 ? 190 : 245) + 25 * Math.sin(s / 7));
    const speed = 1.6 * Math.cbrt(power);
    distance += speed;
    const angle = distance / 6000;
    encoder.onMesg(
      Profile.MesgNum.RECORD!,
      mesg({
        timestamp: at(s),
        power,
        heartRate: Math.round(130 + power / 10 + 5 * Math.sin(s / 300)),
        cadence: 88 + (s % 5),
        speed,
        distance,
        positionLat: Math.round((47.3 + 0.05 * Math.sin(angle)) * (2 ** 31 / 180)),
        positionLong: Math.round((8.6 + 0.07 * (1 - Math.cos(angle))) * (2 ** 31 / 180)),
        altitude: 420 + 40 * Math.sin(angle * 3),
      }),
    );
  }
  const end = at(RIDE_SECONDS);
  encoder.onMesg(
    Profile.MesgNum.EVENT!,
    mesg({
      timestamp: end,
      event: fitEnum('event', 'timer'),
      eventType: fitEnum('eventType', 'stopAll'),
    }),
  );
  const totals = {
    timestamp: end,
    startTime: start,
    totalElapsedTime: RIDE_SECONDS,
    totalTimerTime: RIDE_SECONDS,
    totalDistance: distance,
  };
  encoder.onMesg(Profile.MesgNum.LAP!, mesg({ ...totals, messageIndex: 0 }));
  encoder.onMesg(
    Profile.MesgNum.SESSION!,
    mesg({
      ...totals,
      messageIndex: 0,
      sport: fitEnum('sport', 'cycling'),
      subSport: fitEnum('subSport', 'road'),
      firstLapIndex: 0,
      numLaps: 1,
    }),
  );
  encoder.onMesg(
    Profile.MesgNum.ACTIVITY!,
    mesg({
      timestamp: end,
      totalTimerTime: RIDE_SECONDS,
      numSessions: 1,
      type: fitEnum('activity', 'manual'),
    }),
  );
  return encoder.close();
}

function bareDecode(bytes: Uint8Array): number {
  const started = performance.now();
  const { errors } = new Decoder(Stream.fromByteArray(bytes)).read();
  const ms = performance.now() - started;
  if (errors.length > 0) throw new Error(`fitsdk decode: ${errors[0]}`);
  return ms;
}

export async function importOnce(
  server: StaminaServer,
  token: string,
  bytes: Uint8Array,
  n: number,
): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), `ride-${n}.fit`);
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/activities/import`, { method: 'POST', body: form, headers });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const batchId = ((await res.json()) as { data: { batch_id: string } }).data.batch_id;
  for (;;) {
    const poll = await fetch(`${server.baseUrl}/api/activities/imports/${batchId}`, { headers });
    const batch = (
      (await poll.json()) as { data: { done: boolean; files: Array<{ status: string; message: string }> } }
    ).data;
    if (batch.done) {
      const file = batch.files[0]!;
      if (file.status !== 'imported') throw new Error(`import ended ${file.status}: ${file.message}`);
      return performance.now() - started;
    }
    if (performance.now() - started > 60_000) throw new Error('import not done after 60 s');
    // Every poll is a request the server answers between the job's queries (PGlite runs one at a time).
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchActivityImport(server: StaminaServer): Promise<Figure[]> {
  const token = await signUpAndConfirm(server);
  const first = Date.UTC(2026, 0, 1, 7);
  const files = Array.from({ length: RUNS + 1 }, (_, i) => fourHourRide(new Date(first + i * 86_400_000)));
  const decodes: number[] = [];
  const imports: number[] = [];
  const stages: Array<Record<string, number>> = [];
  for (const [i, file] of files.entries()) {
    const decodeMs = bareDecode(file);
    const importMs = await importOnce(server, token, file, i);
    // The first of each is a warm-up (JIT, first queries).
    if (i > 0) {
      decodes.push(decodeMs);
      imports.push(importMs);
      const stage = jobStages(server);
      if (stage) stages.push(stage);
    }
  }
  const decodeMs = median(decodes);
  const importMs = median(imports);
  // Where the job's time goes, from its log line (read, decode, figures, store, total).
  const stageFigures = ['read', 'decode', 'figures', 'store', 'total'].flatMap((name) => {
    const values = stages.map((s) => s[name]).filter((v): v is number => typeof v === 'number');
    return values.length > 0
      ? [
          info({
            id: `activity.job.${name}`,
            label: `  job: ${name} (median)`,
            value: median(values),
            unit: 'ms',
          }),
        ]
      : [];
  });
  return [
    info({
      id: 'activity.fit.size',
      label: '4-hour 1 Hz ride (FIT file size)',
      value: files[0]!.length / 1024,
      unit: 'KB',
    }),
    info({
      id: 'activity.decode.bare',
      label: 'bare @garmin/fitsdk decode (median)',
      value: decodeMs,
      unit: 'ms',
      digits: 1,
    }),
    budgeted(
      {
        id: 'activity.import',
        label: 'import through the API to imported (median)',
        value: importMs,
        unit: 'ms',
        digits: 1,
      },
      { max: IMPORT_BUDGET_MS, text: `<= ${IMPORT_BUDGET_MS} ms` },
    ),
    budgeted(
      {
        id: 'activity.import.ratio',
        label: 'import / bare decode',
        value: importMs / decodeMs,
        unit: '×',
        digits: 2,
      },
      { max: RATIO_BUDGET, text: `<= ${RATIO_BUDGET} ×` },
    ),
    ...stageFigures,
  ];
}

/** The stage timings of the last import job the server logged ('activity file processed', at info level). */
function jobStages(server: StaminaServer): Record<string, number> | null {
  const lines = server.child
    .output()
    .split('\n')
    .filter((l) => l.includes('activity file processed'));
  const last = lines.at(-1);
  if (!last) return null;
  try {
    return (JSON.parse(last) as { ms?: Record<string, number> }).ms ?? null;
  } catch {
    return null;
  }
}

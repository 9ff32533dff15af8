// FIT activity files, read with @garmin/fitsdk (docs/activities.md, "Decoding"). The SDK's Decoder already
// reads chained files (several FIT headers one after another) into one message list and merges the heart
// rate of stored `hr` messages (swims) into the records by timestamp; developer fields are left out because
// we never ask for them. Here the messages become sessions: one per session message (the legs of a
// multisport file), each with the records, laps, lengths and timer pauses that fall inside it.
import { Decoder, Stream } from '@garmin/fitsdk';
import type {
  DeviceTotals,
  RecordedLap,
  RecordedLength,
  RecordedSession,
  Recording,
  RecordPoint,
} from '@stamina/core';
import { DecodeError } from './decode-error.ts';
import { DECODE_LIMITS, tooManySessions } from './limits.ts';
import { mapSport, snakeCase } from './sport.ts';

type Message = Record<string, unknown>;

const SEMICIRCLES_TO_DEGREES = 180 / 2 ** 31;
/** FIT's invalid value for a 16-bit unsigned field: some devices write it for "no power". */
const UINT16_INVALID = 0xffff;
/** Device sports whose cadence FIT stores per leg (strides per minute); we report steps for both feet. */
const STEP_SPORTS = new Set(['running', 'walking', 'hiking', 'trail_running']);
const TIMER_STOPS = new Set(['stop', 'stopAll', 'stopDisable', 'stopDisableAll']);

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const ms = (value: unknown): number | undefined =>
  value instanceof Date && Number.isFinite(value.getTime()) ? value.getTime() : undefined;
/** A positive reading, or undefined: devices write 0 for "no heart rate", never as a real value. */
const positive = (value: unknown): number | undefined => {
  const n = num(value);
  return n !== undefined && n > 0 ? n : undefined;
};
const validPower = (value: unknown): number | undefined => {
  const n = num(value);
  return n !== undefined && n >= 0 && n < UINT16_INVALID ? n : undefined;
};

/** Reads the SDK's message list, turning its failures into messages a person can act on. */
function readMessages(bytes: Uint8Array): Record<string, Message[]> {
  const stream = Stream.fromBuffer(bytes);
  if (!Decoder.isFIT(stream)) throw new DecodeError('Not a FIT, GPX or TCX file');
  const { messages, errors } = new Decoder(stream).read({ includeUnknownData: false });
  const error = errors[0];
  if (error) {
    const text = error.message ?? '';
    if (/crc/i.test(text)) throw new DecodeError('The FIT file is damaged: its checksum does not match');
    if (error instanceof RangeError || /bounds|end of|position|length/i.test(text))
      throw new DecodeError('The FIT file is truncated');
    throw new DecodeError(`The FIT file could not be read (${text || 'unknown error'})`);
  }
  return messages as unknown as Record<string, Message[]>;
}

const MANUFACTURERS: Record<string, string> = {
  garmin: 'Garmin',
  wahooFitness: 'Wahoo',
  coros: 'COROS',
  suunto: 'Suunto',
  polar: 'Polar',
  apple: 'Apple',
  hammerhead: 'Hammerhead',
  zwift: 'Zwift',
  stages: 'Stages',
  bryton: 'Bryton',
};

/** Garmin's product names as the profile spells them ('edge530', 'fr920xt') in the words on the box. */
function garminProductName(product: string): string {
  const match = /^(edge|fr|fenix|vivoactive|venu|epix|enduro|instinct)(.*)$/i.exec(product);
  if (!match) return product;
  const family = match[1]!.toLowerCase();
  const rest = match[2]!.toUpperCase();
  const label = family === 'fr' ? 'Forerunner' : family === 'edge' ? 'Edge' : family;
  return rest ? `${label} ${rest}` : label;
}

/** The recording device's name: its own product name, or the manufacturer and the profile's product name. */
function deviceName(messages: Record<string, Message[]>): string | undefined {
  const creator =
    (messages.deviceInfoMesgs ?? []).find((m) => m.deviceIndex === 'creator') ?? messages.fileIdMesgs?.[0];
  const fileId = messages.fileIdMesgs?.[0];
  for (const source of [creator, fileId]) {
    if (!source) continue;
    const maker = str(source.manufacturer);
    const makerName = maker ? (MANUFACTURERS[maker] ?? maker) : undefined;
    const productName = str(source.productName);
    if (productName) {
      if (!makerName || productName.toLowerCase().startsWith(makerName.toLowerCase())) return productName;
      return `${makerName} ${productName}`;
    }
    const garminProduct = str(source.garminProduct);
    if (garminProduct) return `${makerName ?? 'Garmin'} ${garminProductName(garminProduct)}`;
  }
  const maker = str(fileId?.manufacturer);
  if (!maker) return undefined;
  const product = num(fileId?.product);
  return `${MANUFACTURERS[maker] ?? maker}${product === undefined ? '' : ` product ${product}`}`;
}

function cadenceOf(whole: unknown, fraction: unknown, perStep: boolean): number | undefined {
  const value = num(whole);
  if (value === undefined) return undefined;
  const exact = value + (num(fraction) ?? 0);
  return perStep ? exact * 2 : exact;
}

function recordPoint(m: Message, perStep: boolean): RecordPoint | undefined {
  const time = ms(m.timestamp);
  if (time === undefined) return undefined;
  const point: RecordPoint = { time };
  const lat = num(m.positionLat);
  const lng = num(m.positionLong);
  if (lat !== undefined && lng !== undefined && (lat !== 0 || lng !== 0)) {
    point.lat = lat * SEMICIRCLES_TO_DEGREES;
    point.lng = lng * SEMICIRCLES_TO_DEGREES;
  }
  const altitude = num(m.enhancedAltitude) ?? num(m.altitude);
  if (altitude !== undefined) point.altitude = altitude;
  const distance = num(m.distance);
  if (distance !== undefined) point.distance = distance;
  const speed = num(m.enhancedSpeed) ?? num(m.speed);
  if (speed !== undefined) point.speed = speed;
  const heartRate = positive(m.heartRate);
  if (heartRate !== undefined) point.heartRate = heartRate;
  const power = validPower(m.power);
  if (power !== undefined) point.power = power;
  const cadence = cadenceOf(m.cadence, m.fractionalCadence, perStep);
  if (cadence !== undefined) point.cadence = cadence;
  const temperature = num(m.temperature);
  if (temperature !== undefined) point.temperature = temperature;
  return point;
}

/** Totals the session and lap messages share. */
function totalsOf(m: Message, perStep: boolean): DeviceTotals {
  const avgCadence = cadenceOf(m.avgRunningCadence ?? m.avgCadence, m.avgFractionalCadence, perStep);
  const maxCadence = cadenceOf(m.maxRunningCadence ?? m.maxCadence, m.maxFractionalCadence, perStep);
  return {
    elapsedSeconds: num(m.totalElapsedTime),
    timerSeconds: num(m.totalTimerTime),
    distance: num(m.totalDistance),
    ascent: num(m.totalAscent),
    avgHeartRate: positive(m.avgHeartRate),
    maxHeartRate: positive(m.maxHeartRate),
    avgPower: validPower(m.avgPower),
    maxPower: validPower(m.maxPower),
    normalizedPower: positive(m.normalizedPower),
    avgSpeed: num(m.enhancedAvgSpeed) ?? num(m.avgSpeed),
    maxSpeed: num(m.enhancedMaxSpeed) ?? num(m.maxSpeed),
    avgCadence,
    maxCadence,
    calories: num(m.totalCalories),
    poolLength: positive(m.poolLength),
    trainingStressScore: positive(m.trainingStressScore),
    intensityFactor: positive(m.intensityFactor),
    thresholdPower: positive(m.thresholdPower),
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A device without a power meter (or cadence sensor) may write 0 in every record and total. A series that is
 * 0 throughout is "not recorded", not "zero watts"; otherwise zeros are real (coasting) and kept.
 */
function dropAllZero(records: RecordPoint[], totals: DeviceTotals, laps: RecordedLap[]): void {
  for (const key of ['power', 'cadence'] as const) {
    if (records.some((r) => (r[key] ?? 0) > 0)) continue;
    for (const r of records) delete r[key];
    const [avg, max] =
      key === 'power' ? (['avgPower', 'maxPower'] as const) : (['avgCadence', 'maxCadence'] as const);
    delete totals[avg];
    delete totals[max];
    if (key === 'power') delete totals.normalizedPower;
    for (const lap of laps) {
      delete lap[avg];
      delete lap[max];
      if (key === 'power') delete lap.normalizedPower;
    }
  }
}

function lapOf(m: Message, perStep: boolean): RecordedLap | undefined {
  const startTime = ms(m.startTime);
  const t = totalsOf(m, perStep);
  if (startTime === undefined || t.elapsedSeconds === undefined) return undefined;
  return withoutUndefined<RecordedLap>({
    startTime,
    elapsedSeconds: t.elapsedSeconds,
    timerSeconds: t.timerSeconds,
    distance: t.distance,
    ascent: t.ascent,
    avgHeartRate: t.avgHeartRate,
    maxHeartRate: t.maxHeartRate,
    avgPower: t.avgPower,
    maxPower: t.maxPower,
    avgSpeed: t.avgSpeed,
    maxSpeed: t.maxSpeed,
    avgCadence: t.avgCadence,
    maxCadence: t.maxCadence,
    calories: t.calories,
    normalizedPower: t.normalizedPower,
  });
}

function lengthOf(m: Message): RecordedLength | undefined {
  const startTime = ms(m.startTime);
  const elapsedSeconds = num(m.totalElapsedTime);
  if (startTime === undefined || elapsedSeconds === undefined) return undefined;
  const stroke = str(m.swimStroke);
  return withoutUndefined<RecordedLength>({
    startTime,
    elapsedSeconds,
    timerSeconds: num(m.totalTimerTime),
    kind: m.lengthType === 'idle' ? 'idle' : 'active',
    drill: stroke === 'drill' ? true : undefined,
    strokes: num(m.totalStrokes),
    stroke: stroke ? snakeCase(stroke) : undefined,
  });
}

/** Timer stop → start pairs from the event messages: the spans the timer did not run. */
function timerPauses(events: Message[]): { pauses: Array<[number, number]>; finalStop?: number } {
  const pauses: Array<[number, number]> = [];
  let stoppedAt: number | undefined;
  for (const e of events) {
    if (e.event !== 'timer') continue;
    const time = ms(e.timestamp);
    if (time === undefined) continue;
    if (TIMER_STOPS.has(String(e.eventType))) stoppedAt ??= time;
    else if (e.eventType === 'start' && stoppedAt !== undefined) {
      if (time > stoppedAt) pauses.push([stoppedAt, time]);
      stoppedAt = undefined;
    }
  }
  return { pauses, finalStop: stoppedAt };
}

/**
 * Index of the span (by start times, ascending) that `time` falls in: the last one starting at or before it
 * (the first span for a time before them all). A binary search, so a file's messages are placed in linear time.
 */
export function spanIndex(starts: readonly number[], time: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

export function decodeFit(bytes: Uint8Array): Recording {
  const messages = readMessages(bytes);
  const records = messages.recordMesgs ?? [];
  const sessionMessages = [...(messages.sessionMesgs ?? [])]
    .filter((m) => ms(m.startTime) !== undefined)
    .sort((a, b) => ms(a.startTime)! - ms(b.startTime)!);
  if (sessionMessages.length > DECODE_LIMITS.sessions) throw tooManySessions(sessionMessages.length);
  if (sessionMessages.length === 0 && records.length === 0) {
    const type = str(messages.fileIdMesgs?.[0]?.type);
    if (type && type !== 'activity')
      throw new DecodeError(
        `This FIT file is a ${snakeCase(type).replace(/_/g, ' ')} file, not a recorded activity`,
      );
    throw new DecodeError('The FIT file holds no activity (no sessions and no records)');
  }

  // A file cut short before its session message still has its records: one session of the file's sport.
  const fallbackSport = messages.sportMesgs?.[0] ?? {};
  const heads: Message[] =
    sessionMessages.length > 0
      ? sessionMessages
      : [{ ...fallbackSport, startTime: records.map((r) => r.timestamp).find((t) => ms(t) !== undefined) }];
  const starts = heads.map((m) => ms(m.startTime)!);
  const sessions: RecordedSession[] = heads.map((m) => {
    const deviceSport = str(m.sport);
    const subSport = str(m.subSport);
    return {
      sport: mapSport(deviceSport, subSport),
      deviceSport: deviceSport ? snakeCase(deviceSport) : undefined,
      subSport: subSport ? snakeCase(subSport) : undefined,
      isTransition: deviceSport === 'transition' ? true : undefined,
      profileName: str(m.sportProfileName),
      startTime: ms(m.startTime)!,
      records: [],
      laps: [],
      lengths: [],
      pauses: [],
      totals: {},
    };
  });
  const perStep = heads.map((m) => STEP_SPORTS.has(snakeCase(String(m.sport ?? ''))));
  heads.forEach((m, i) => {
    if (sessionMessages.length > 0) sessions[i]!.totals = withoutUndefined(totalsOf(m, perStep[i]!));
  });

  for (const m of records) {
    const time = ms(m.timestamp);
    if (time === undefined) continue;
    const i = spanIndex(starts, time);
    const point = recordPoint(m, perStep[i]!);
    if (point) sessions[i]!.records.push(point);
  }
  for (const m of messages.lapMesgs ?? []) {
    const start = ms(m.startTime);
    if (start === undefined) continue;
    const i = spanIndex(starts, start);
    const lap = lapOf(m, perStep[i]!);
    if (lap) sessions[i]!.laps.push(lap);
  }
  for (const m of messages.lengthMesgs ?? []) {
    const start = ms(m.startTime);
    if (start === undefined) continue;
    const length = lengthOf(m);
    if (length) sessions[spanIndex(starts, start)]!.lengths.push(length);
  }
  const events = [...(messages.eventMesgs ?? [])].sort(
    (a, b) => (ms(a.timestamp) ?? 0) - (ms(b.timestamp) ?? 0),
  );
  const timer = timerPauses(events);
  const hasTimerEvents = events.some((e) => e.event === 'timer');
  for (const pause of timer.pauses) sessions[spanIndex(starts, pause[0])]!.pauses.push(pause);
  sessions.forEach((session, i) => {
    const next = starts[i + 1];
    const lastRecord = session.records.reduce<number | undefined>(
      (a, r) => Math.max(a ?? r.time, r.time),
      undefined,
    );
    const end = next ?? timer.finalStop ?? lastRecord;
    if (end !== undefined && end >= session.startTime) session.endTime = end;
    if (hasTimerEvents) session.timerEvents = true;
  });

  // Devices keep one running distance across the legs of a multisport file; each leg counts from its start.
  let carried = 0;
  for (const session of sessions) {
    session.records.sort((a, b) => a.time - b.time);
    const first = session.records.find((r) => r.distance !== undefined)?.distance;
    // A device that restarts the distance for each leg needs nothing taken off.
    const offset = first !== undefined && first >= carried - 1 ? carried : 0;
    let last = carried;
    for (const r of session.records) {
      if (r.distance === undefined) continue;
      last = r.distance;
      r.distance = Math.max(0, r.distance - offset);
    }
    carried = last;
    session.laps.sort((a, b) => a.startTime - b.startTime);
    session.lengths.sort((a, b) => a.startTime - b.startTime);
    dropAllZero(session.records, session.totals, session.laps);
  }
  return withoutUndefined<Recording>({
    format: 'fit',
    deviceName: deviceName(messages),
    sessions: sessions.map((s) => withoutUndefined(s)),
  });
}

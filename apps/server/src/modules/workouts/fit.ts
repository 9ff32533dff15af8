// Garmin FIT workout files, written and read with @garmin/fitsdk: a file_id (type workout), one workout message
// (with pool_length on a swim), and one workout_step per step: by distance when the step is one (duration_type
// distance, centimetres; a swim step in whole pool lengths), else timed (duration_type time, milliseconds). A
// step's target is the custom range its text gave (power as % FTP or watts, pace as speed, or heart rate), else
// on a run or a swim its zone's speed range from the athlete's pace zones, else its zone (power zone for bike,
// heart-rate zone for run), else open. Rules and field names: docs/workout-parser.md, "Exports".
import {
  Decoder,
  Encoder,
  type FileIdMesg,
  Profile,
  Stream,
  type WorkoutMesg,
  type WorkoutStepMesg,
} from '@garmin/fitsdk';
import {
  type AthleteThresholds,
  type FitStepInput,
  fromFit,
  type Interval,
  type Sport,
  type WorkoutFileContent,
  WorkoutFileError,
} from '@stamina/core';

/** One zone of a pace table: inclusive bounds in seconds per km (run) or per 100 m (swim). */
interface PaceZone {
  zone: number;
  min: number;
  max: number;
}

export interface FitWorkoutInput {
  title: string;
  sport: Sport;
  intervals: readonly Interval[];
  /**
   * The athlete's pace zones for the workout's sport on its day (seconds per km for a run, per 100 m for a
   * swim; zone 1 slowest): a run or swim step without a pace of its own targets its zone's speed range.
   */
  paceZones?: readonly PaceZone[] | undefined;
  /** A swim's pool length in metres (default 25): swim steps are whole lengths of it. */
  poolLengthMeters?: number | undefined;
}

const DEFAULT_POOL_LENGTH_METERS = 25;

/** A single-value target becomes a range of this much either side, so a device has something to hold. */
const SINGLE_VALUE_TOLERANCE = 0.025;
const MAX_NAME_LENGTH = 40;

/** The numeric value of a FIT profile enum, by its name (the SDK's types describe enums as numbers). */
export function fitEnum(type: string, name: string): number {
  const values = Profile.types[type];
  const entry = values ? Object.entries(values).find(([, value]) => value === name) : undefined;
  if (!entry) throw new Error(`FIT profile has no ${type} "${name}"`);
  return Number(entry[0]);
}

/** FIT sport of each workout sport (the Garmin FIT profile's names). */
const FIT_SPORT: Record<Sport, string> = {
  run: 'running',
  bike: 'cycling',
  swim: 'swimming',
  strength: 'training',
  yoga: 'training',
  rowing: 'rowing',
  hiking: 'hiking',
  xc_ski: 'cross_country_skiing',
  other: 'generic',
};

// Offsets of the FIT workout_hr and workout_power types: values above them are bpm and watts, below percentages.
const HR_BPM_OFFSET = 100;
const POWER_WATTS_OFFSET = 1000;

function range(low: number | undefined, high: number | undefined): [number, number] | undefined {
  const a = low ?? high;
  const b = high ?? low;
  if (a === undefined || b === undefined || !(a > 0) || !(b > 0)) return undefined;
  if (a === b) return [a * (1 - SINGLE_VALUE_TOLERANCE), a * (1 + SINGLE_VALUE_TOLERANCE)];
  return [Math.min(a, b), Math.max(a, b)];
}

/** The speed range (m/s) of a zone in a pace table (seconds per `metres`; its min is the fastest pace). */
function zoneSpeed(zone: number, table: readonly PaceZone[] | undefined, metres: number) {
  const bounds = table?.find((z) => z.zone === zone);
  if (!bounds || !(bounds.min > 0) || !(bounds.max > 0)) return undefined;
  return range(metres / Math.max(bounds.min, bounds.max), metres / Math.min(bounds.min, bounds.max));
}

/** The target fields of one step. */
function target(step: Interval, sport: Sport, paceZones?: readonly PaceZone[]): Partial<WorkoutStepMesg> {
  const t = step.targets;
  const percentEnd = t.ramp_to_percent_ftp ?? t.power_percent_ftp_max;
  // % FTP as written (a ramp as the range it sweeps); the device turns it into watts from its own FTP.
  const percent = range(
    t.power_percent_ftp === undefined || percentEnd === undefined
      ? t.power_percent_ftp
      : Math.min(t.power_percent_ftp, percentEnd),
    t.power_percent_ftp === undefined || percentEnd === undefined
      ? undefined
      : Math.max(t.power_percent_ftp, percentEnd),
  );
  const power = range(t.power_watts, t.power_watts_max);
  const heartRate = range(t.heart_rate_min, t.heart_rate_max);
  const paceSeconds = sport === 'swim' ? t.pace_per_100m_seconds : t.pace_per_km_seconds;
  const metresPerPace = sport === 'swim' ? 100 : 1000;
  const speed =
    paceSeconds && paceSeconds > 0
      ? range(metresPerPace / paceSeconds, undefined)
      : step.isRest
        ? undefined
        : zoneSpeed(step.zone, paceZones, metresPerPace);
  const custom = (type: string, [low, high]: [number, number], scale: number, offset: number) => ({
    targetType: fitEnum('wktStepTarget', type),
    targetValue: 0,
    customTargetValueLow: Math.round(low * scale) + offset,
    customTargetValueHigh: Math.round(high * scale) + offset,
  });
  if (percent && sport === 'bike' && percent[1] < POWER_WATTS_OFFSET) return custom('power', percent, 1, 0);
  if (power && sport === 'bike') return custom('power', power, 1, POWER_WATTS_OFFSET);
  // Speed is stored in millimetres per second.
  if (speed && (sport === 'run' || sport === 'swim')) return custom('speed', speed, 1000, 0);
  if (heartRate) return custom('heartRate', heartRate, 1, HR_BPM_OFFSET);
  if (power) return custom('power', power, 1, POWER_WATTS_OFFSET);
  if (!step.isRest && sport === 'bike')
    return { targetType: fitEnum('wktStepTarget', 'power'), targetValue: step.zone };
  if (!step.isRest && sport === 'run') {
    return { targetType: fitEnum('wktStepTarget', 'heartRate'), targetValue: step.zone };
  }
  return { targetType: fitEnum('wktStepTarget', 'open') };
}

function intensity(step: Interval): number {
  if (step.isRest) return fitEnum('intensity', 'rest');
  if (step.phase === 'warmup') return fitEnum('intensity', 'warmup');
  if (step.phase === 'cooldown') return fitEnum('intensity', 'cooldown');
  return fitEnum('intensity', 'active');
}

/** The distance a step is written with, in metres, or undefined for a timed step. */
function stepMetres(step: Interval, sport: Sport, pool: number): number | undefined {
  const metres = step.distance_meters;
  if (metres === undefined || !(metres > 0) || sport === 'strength') return undefined;
  // A swim is counted in lengths: the distance as whole lengths of the pool, at least one.
  return sport === 'swim' ? Math.max(1, Math.round(metres / pool)) * pool : metres;
}

/** The duration fields of one step: distance in centimetres, or time in milliseconds. */
function duration(step: Interval, sport: Sport, pool: number): Partial<WorkoutStepMesg> {
  const metres = stepMetres(step, sport, pool);
  if (metres !== undefined) {
    return { durationType: fitEnum('wktStepDuration', 'distance'), durationValue: Math.round(metres * 100) };
  }
  return {
    durationType: fitEnum('wktStepDuration', 'time'),
    durationValue: Math.round(step.duration_seconds * 1000),
  };
}

/** Encodes a workout as a FIT workout file. Steps shorter than a millisecond cannot be timed and are left out. */
export function encodeFitWorkout(workout: FitWorkoutInput, createdAt = new Date()): Uint8Array {
  const pool = workout.poolLengthMeters ?? DEFAULT_POOL_LENGTH_METERS;
  const steps = workout.intervals.filter((step) => Math.round(step.duration_seconds * 1000) > 0);
  const encoder = new Encoder();
  const fileId: FileIdMesg = {
    type: fitEnum('file', 'workout'),
    manufacturer: fitEnum('manufacturer', 'development'),
    product: 0,
    serialNumber: 1,
    timeCreated: createdAt,
  };
  encoder.onMesg(Profile.MesgNum.FILE_ID!, fileId);
  const header: WorkoutMesg = {
    wktName: workout.title.slice(0, MAX_NAME_LENGTH),
    sport: fitEnum('sport', FIT_SPORT[workout.sport]),
    numValidSteps: steps.length,
    ...(workout.sport === 'swim'
      ? { poolLength: pool, poolLengthUnit: fitEnum('displayMeasure', 'metric') }
      : {}),
  };
  encoder.onMesg(Profile.MesgNum.WORKOUT!, header);
  steps.forEach((step, index) => {
    const t = step.targets;
    // FIT has no ramp: the step's range is the ramp's span, and its name says which way it goes.
    const ramp =
      workout.sport === 'bike' && t.power_percent_ftp !== undefined && t.ramp_to_percent_ftp !== undefined
        ? `Ramp ${Math.round(t.power_percent_ftp)}-${Math.round(t.ramp_to_percent_ftp)}% FTP`
        : undefined;
    const mesg: WorkoutStepMesg = {
      messageIndex: index,
      wktStepName: (ramp ?? step.name).slice(0, MAX_NAME_LENGTH),
      ...duration(step, workout.sport, pool),
      intensity: intensity(step),
      ...target(step, workout.sport, workout.paceZones),
    };
    encoder.onMesg(Profile.MesgNum.WORKOUT_STEP!, mesg);
  });
  return encoder.close();
}

interface DecodedFitStep {
  name: string | undefined;
  /** The FIT duration_type: time, distance, open … */
  durationType: string;
  /** A timed step's seconds (0 for any other duration type). */
  durationSeconds: number;
  /** A distance step's metres. */
  durationMeters: number | undefined;
  intensity: string;
  targetType: string;
  /** The zone of a zone target. */
  targetZone: number | undefined;
  /** Custom target range in the file's units: watts (or % FTP, see below), bpm, or metres per second. */
  targetLow: number | undefined;
  targetHigh: number | undefined;
  /** A power range given as % FTP (FIT's power values below 1000), not watts. */
  powerPercentFtp: boolean;
}

export interface DecodedFitWorkout {
  fileType: string;
  title: string | undefined;
  sport: string;
  numValidSteps: number | undefined;
  /** A swim's pool length, metres. */
  poolLengthMeters: number | undefined;
  steps: DecodedFitStep[];
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Decodes a FIT workout file with the SDK's Decoder, checking its CRC; throws on a file that is not one. */
export function decodeFitWorkout(bytes: Uint8Array): DecodedFitWorkout {
  const stream = Stream.fromByteArray(Array.from(bytes));
  const decoder = new Decoder(stream);
  if (!decoder.isFIT() || !decoder.checkIntegrity()) throw new Error('Not a valid FIT file');
  const { messages, errors } = decoder.read();
  if (errors.length) throw new Error(`FIT decode failed: ${errors.map((e) => e.message).join('; ')}`);
  // With convertTypesToStrings (the default), enum fields come back as their names, not numbers.
  const text = (value: unknown) => (value === undefined ? '' : String(value));
  const workout = messages.workoutMesgs?.[0];
  const steps = (messages.workoutStepMesgs ?? []).map((step): DecodedFitStep => {
    const targetType = text(step.targetType);
    const custom = step.targetValue === 0 || targetType === 'open';
    const low =
      targetType === 'power'
        ? step.customTargetPowerLow
        : targetType === 'heartRate'
          ? step.customTargetHeartRateLow
          : step.customTargetSpeedLow;
    const high =
      targetType === 'power'
        ? step.customTargetPowerHigh
        : targetType === 'heartRate'
          ? step.customTargetHeartRateHigh
          : step.customTargetSpeedHigh;
    const percentFtp =
      targetType === 'power' && custom && low !== undefined && Number(low) < POWER_WATTS_OFFSET;
    const offset =
      targetType === 'power'
        ? percentFtp
          ? 0
          : POWER_WATTS_OFFSET
        : targetType === 'heartRate'
          ? HR_BPM_OFFSET
          : 0;
    const durationType = text(step.durationType);
    return {
      name: step.wktStepName,
      durationType,
      durationSeconds: durationType === 'time' ? (step.durationTime ?? (step.durationValue ?? 0) / 1000) : 0,
      durationMeters: durationType === 'distance' ? num(step.durationDistance) : undefined,
      intensity: text(step.intensity),
      targetType,
      targetZone: custom ? undefined : step.targetValue,
      targetLow: custom && low !== undefined ? Number(low) - offset : undefined,
      targetHigh: custom && high !== undefined ? Number(high) - offset : undefined,
      powerPercentFtp: percentFtp,
    };
  });
  return {
    fileType: text(messages.fileIdMesgs?.[0]?.type),
    title: workout?.wktName,
    sport: text(workout?.sport),
    numValidSteps: workout?.numValidSteps,
    poolLengthMeters: num(workout?.poolLength),
    steps,
  };
}

/** A FIT workout file from an upload is at most this many messages (a workout has one per step). */
const MAX_FIT_MESSAGES = 5000;

/**
 * Reads an uploaded FIT workout file (file type workout; its workout and workout_step messages) into steps, with
 * the SDK's Decoder and CRC check. Anything that is not a readable FIT workout is a WorkoutFileError.
 */
export function readFitWorkout(bytes: Uint8Array, thresholds?: AthleteThresholds): WorkoutFileContent {
  let messages: ReturnType<Decoder['read']>['messages'];
  try {
    const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
    if (!decoder.isFIT()) throw new WorkoutFileError('The file is not a FIT file');
    if (!decoder.checkIntegrity())
      throw new WorkoutFileError('The FIT file is damaged (its checksum does not match)');
    const result = decoder.read({ mergeHeartRates: false, expandComponents: false });
    if (result.errors.length) throw new WorkoutFileError('The FIT file could not be read to the end');
    messages = result.messages;
  } catch (error) {
    if (error instanceof WorkoutFileError) throw error;
    throw new WorkoutFileError('The FIT file could not be read');
  }
  const type = messages.fileIdMesgs?.[0]?.type;
  if (type !== undefined && String(type) !== 'workout') {
    throw new WorkoutFileError(`The FIT file is a ${String(type)} file, not a workout`);
  }
  const raw = messages.workoutStepMesgs ?? [];
  if (raw.length > MAX_FIT_MESSAGES) throw new WorkoutFileError('The FIT workout has too many steps');
  const steps = raw.map((step): FitStepInput => {
    const targetType = step.targetType === undefined ? undefined : String(step.targetType);
    const power = targetType === 'power';
    const heart = targetType === 'heartRate';
    const low = power
      ? step.customTargetPowerLow
      : heart
        ? step.customTargetHeartRateLow
        : targetType === 'speed'
          ? step.customTargetSpeedLow
          : targetType === 'cadence'
            ? step.customTargetCadenceLow
            : undefined;
    const high = power
      ? step.customTargetPowerHigh
      : heart
        ? step.customTargetHeartRateHigh
        : targetType === 'speed'
          ? step.customTargetSpeedHigh
          : targetType === 'cadence'
            ? step.customTargetCadenceHigh
            : undefined;
    const zone = num(step.targetValue);
    return {
      messageIndex: num(step.messageIndex),
      name: typeof step.wktStepName === 'string' ? step.wktStepName : undefined,
      durationType: step.durationType === undefined ? undefined : String(step.durationType),
      durationSeconds: num(step.durationTime) ?? (num(step.durationValue) ?? 0) / 1000,
      durationMeters: num(step.durationDistance),
      repeatFrom: num(step.durationStep),
      repeatCount: num(step.repeatSteps),
      intensity: step.intensity === undefined ? undefined : String(step.intensity),
      targetType,
      targetZone: zone !== undefined && zone > 0 ? zone : undefined,
      low: num(low),
      high: num(high),
    };
  });
  const workout = messages.workoutMesgs?.[0];
  return fromFit(
    {
      title: typeof workout?.wktName === 'string' ? workout.wktName : undefined,
      sport: workout?.sport === undefined ? undefined : String(workout.sport),
      steps,
    },
    thresholds,
  );
}

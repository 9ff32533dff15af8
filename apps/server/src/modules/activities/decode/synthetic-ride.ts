// A synthetic FIT ride for the import benchmark and tests that need a long recording without a fixture file
// (docs/activities.md, "Accuracy"): 1 Hz records with position, altitude, distance, speed, heart rate, power
// and cadence, one lap, one session and the timer's start and stop, written with @garmin/fitsdk's Encoder.
import {
  type ActivityMesg,
  Encoder,
  type EventMesg,
  type FileIdMesg,
  type LapMesg,
  Profile,
  type RecordMesg,
  type SessionMesg,
} from '@garmin/fitsdk';
import { fitEnum } from '../../workouts/index.ts';

const DEGREES_TO_SEMICIRCLES = 2 ** 31 / 180;

export interface SyntheticRideOptions {
  /** Length of the ride, seconds (default 4 hours). */
  seconds?: number;
  start?: Date;
}

/** Power that varies like a real ride: a base with slow swells and 1-minute efforts every 10 minutes. */
const wattsAt = (s: number) =>
  Math.max(0, Math.round(180 + 40 * Math.sin(s / 300) + (s % 600 < 60 ? 150 : 0)));

export function makeSyntheticRideFit(options: SyntheticRideOptions = {}): Uint8Array {
  const seconds = options.seconds ?? 4 * 3600;
  const start = options.start ?? new Date(Date.UTC(2026, 0, 5, 7, 0, 0));
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  const encoder = new Encoder();
  const fileId: FileIdMesg = {
    type: fitEnum('file', 'activity'),
    manufacturer: fitEnum('manufacturer', 'development'),
    product: 0,
    serialNumber: 1,
    timeCreated: start,
  };
  encoder.onMesg(Profile.MesgNum.FILE_ID!, fileId);
  const event = (timestamp: Date, eventType: string): EventMesg => ({
    timestamp,
    event: fitEnum('event', 'timer'),
    eventType: fitEnum('eventType', eventType),
  });
  encoder.onMesg(Profile.MesgNum.EVENT!, event(start, 'start'));
  let distance = 0;
  let sumPower = 0;
  let sumHr = 0;
  for (let s = 0; s < seconds; s++) {
    const speed = 8 + 2 * Math.sin(s / 450);
    distance += speed;
    const power = wattsAt(s);
    const heartRate = Math.round(120 + power / 8);
    sumPower += power;
    sumHr += heartRate;
    const record: RecordMesg = {
      timestamp: at(s),
      positionLat: Math.round((45 + distance / 111_000 / 4) * DEGREES_TO_SEMICIRCLES),
      positionLong: Math.round((7 + Math.sin(s / 900) / 100) * DEGREES_TO_SEMICIRCLES),
      altitude: 300 + 50 * Math.sin(s / 1200),
      distance,
      speed,
      heartRate,
      power,
      cadence: power > 0 ? 88 : 0,
    };
    encoder.onMesg(Profile.MesgNum.RECORD!, record);
  }
  const end = at(seconds);
  encoder.onMesg(Profile.MesgNum.EVENT!, event(end, 'stopAll'));
  const totals = {
    timestamp: end,
    startTime: start,
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
    totalDistance: distance,
    avgPower: Math.round(sumPower / seconds),
    avgHeartRate: Math.round(sumHr / seconds),
    sport: fitEnum('sport', 'cycling'),
    subSport: fitEnum('subSport', 'road'),
  };
  const lap: LapMesg = { ...totals, messageIndex: 0 };
  encoder.onMesg(Profile.MesgNum.LAP!, lap);
  const session: SessionMesg = { ...totals, messageIndex: 0, numLaps: 1, firstLapIndex: 0 };
  encoder.onMesg(Profile.MesgNum.SESSION!, session);
  const activity: ActivityMesg = {
    timestamp: end,
    totalTimerTime: seconds,
    numSessions: 1,
    type: fitEnum('activity', 'manual'),
  };
  encoder.onMesg(Profile.MesgNum.ACTIVITY!, activity);
  return encoder.close();
}

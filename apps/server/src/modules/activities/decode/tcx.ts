// Garmin Training Center (TCX) files (docs/activities.md, "Decoding"): each Activity is a session of its
// Sport, each Lap a lap with the device's own totals (TotalTimeSeconds is the lap's timer time), each
// Trackpoint a record, with speed and watts from the ActivityExtension (TPX Speed, Watts, RunCadence). The
// session's device totals are the sums of its laps (time-weighted for averages).
import type { DeviceTotals, RecordedLap, RecordedSession, Recording, RecordPoint } from '@stamina/core';
import { DecodeError } from './decode-error.ts';
import { DECODE_LIMITS, tooManySessions } from './limits.ts';
import { mapSport } from './sport.ts';
import { walkXml, xmlNumber, xmlTime } from './xml.ts';

interface LapDraft extends Partial<RecordedLap> {
  startTime: number;
}

function sessionTotals(laps: readonly RecordedLap[], lastRecordTime: number | undefined): DeviceTotals {
  const totals: DeviceTotals = {};
  const first = laps[0];
  if (!first) return totals;
  const sum = (key: 'timerSeconds' | 'distance' | 'calories') =>
    laps.every((l) => l[key] === undefined) ? undefined : laps.reduce((a, l) => a + (l[key] ?? 0), 0);
  const max = (key: 'maxHeartRate' | 'maxSpeed' | 'maxPower' | 'maxCadence') => {
    const values = laps.map((l) => l[key]).filter((v): v is number => v !== undefined);
    return values.length > 0 ? Math.max(...values) : undefined;
  };
  const weighted = (key: 'avgHeartRate' | 'avgPower' | 'avgCadence') => {
    let seconds = 0;
    let total = 0;
    for (const lap of laps) {
      const value = lap[key];
      const time = lap.timerSeconds ?? lap.elapsedSeconds;
      if (value === undefined || time <= 0) continue;
      seconds += time;
      total += value * time;
    }
    return seconds > 0 ? total / seconds : undefined;
  };
  const last = laps[laps.length - 1]!;
  const end = Math.max(last.startTime + last.elapsedSeconds * 1000, lastRecordTime ?? 0);
  const entries: DeviceTotals = {
    elapsedSeconds: Math.max((end - first.startTime) / 1000, sum('timerSeconds') ?? 0),
    timerSeconds: sum('timerSeconds'),
    distance: sum('distance'),
    calories: sum('calories'),
    maxHeartRate: max('maxHeartRate'),
    maxSpeed: max('maxSpeed'),
    maxPower: max('maxPower'),
    maxCadence: max('maxCadence'),
    avgHeartRate: weighted('avgHeartRate'),
    avgPower: weighted('avgPower'),
    avgCadence: weighted('avgCadence'),
  };
  for (const [key, value] of Object.entries(entries))
    if (value !== undefined) (totals as Record<string, number>)[key] = value;
  return totals;
}

export function decodeTcx(bytes: Uint8Array): Recording {
  let sawRoot = false;
  let deviceName: string | undefined;
  const sessions: RecordedSession[] = [];
  let session: RecordedSession | undefined;
  let sportName: string | undefined;
  let laps: LapDraft[] = [];
  let lap: LapDraft | undefined;
  let point: RecordPoint | undefined;
  let pointHasTime = false;

  walkXml(bytes, 'TCX', {
    open(element, attributes) {
      if (element === 'TrainingCenterDatabase') sawRoot = true;
      else if (element === 'Activity') {
        if (sessions.length >= DECODE_LIMITS.sessions) throw tooManySessions(sessions.length + 1);
        sportName = attributes.Sport;
        session = {
          sport: mapSport(sportName),
          deviceSport: sportName,
          startTime: 0,
          records: [],
          laps: [],
          lengths: [],
          pauses: [],
          totals: {},
        };
        laps = [];
      } else if (element === 'Lap' && session) {
        const startTime = xmlTime(attributes.StartTime);
        lap = startTime === undefined ? undefined : { startTime };
      } else if (element === 'Trackpoint' && session) {
        point = { time: 0 };
        pointHasTime = false;
      }
    },
    close(element, text, path) {
      const parent = path[path.length - 2];
      const grandparent = path[path.length - 3];
      const value = xmlNumber(text);
      if (element === 'Name' && parent === 'Creator' && text) deviceName ??= text;
      if (point) {
        if (element === 'Trackpoint') {
          if (pointHasTime) session?.records.push(point);
          point = undefined;
        } else if (element === 'Time') {
          const time = xmlTime(text);
          if (time !== undefined) {
            point.time = time;
            pointHasTime = true;
          }
        } else if (value === undefined) {
          // Nothing else in a track point is text.
        } else if (element === 'LatitudeDegrees' && Math.abs(value) <= 90) point.lat = value;
        else if (element === 'LongitudeDegrees' && Math.abs(value) <= 180) point.lng = value;
        else if (element === 'AltitudeMeters') point.altitude = value;
        else if (element === 'DistanceMeters' && parent === 'Trackpoint') point.distance = value;
        else if (element === 'Value' && parent === 'HeartRateBpm' && value > 0) point.heartRate = value;
        else if (element === 'Cadence' && parent === 'Trackpoint' && value >= 0 && value < 255)
          point.cadence = value;
        else if (element === 'RunCadence' && value >= 0 && value < 255) point.cadence = value * 2;
        else if (element === 'Speed' && value >= 0) point.speed = value;
        else if (element === 'Watts' && value >= 0 && value < 0xffff) point.power = value;
        return;
      }
      if (lap && element === 'Lap') {
        laps.push(lap);
        lap = undefined;
        return;
      }
      if (lap && value !== undefined) {
        const inLap = parent === 'Lap';
        if (inLap && element === 'TotalTimeSeconds') lap.timerSeconds = value;
        else if (inLap && element === 'DistanceMeters') lap.distance = value;
        else if (inLap && element === 'MaximumSpeed') lap.maxSpeed = value;
        else if (inLap && element === 'Calories') lap.calories = value;
        else if (inLap && element === 'Cadence') lap.avgCadence = value;
        else if (element === 'Value' && parent === 'AverageHeartRateBpm' && grandparent === 'Lap')
          lap.avgHeartRate = value;
        else if (element === 'Value' && parent === 'MaximumHeartRateBpm' && grandparent === 'Lap')
          lap.maxHeartRate = value;
        else if (parent === 'LX' && element === 'AvgSpeed') lap.avgSpeed = value;
        else if (parent === 'LX' && element === 'AvgWatts') lap.avgPower = value;
        else if (parent === 'LX' && element === 'MaxWatts') lap.maxPower = value;
        else if (parent === 'LX' && element === 'AvgRunCadence') lap.avgCadence = value * 2;
        else if (parent === 'LX' && element === 'MaxBikeCadence') lap.maxCadence = value;
        else if (parent === 'LX' && element === 'MaxRunCadence') lap.maxCadence = value * 2;
        return;
      }
      if (element === 'Activity' && session) {
        finishSession(session, laps);
        sessions.push(session);
        session = undefined;
      }
    },
  });

  if (!sawRoot) throw new DecodeError('Not a FIT, GPX or TCX file');
  const withData = sessions.filter((s) => s.records.length > 0 || s.laps.length > 0);
  if (withData.length === 0)
    throw new DecodeError('The TCX file holds no activity with laps or track points');
  const recording: Recording = { format: 'tcx', sessions: withData };
  if (deviceName) recording.deviceName = deviceName;
  return recording;
}

/** Orders records and laps, closes each lap's elapsed time at the next lap's start, and sums the totals. */
function finishSession(session: RecordedSession, drafts: LapDraft[]): void {
  session.records.sort((a, b) => a.time - b.time);
  drafts.sort((a, b) => a.startTime - b.startTime);
  const lastRecord = session.records.at(-1)?.time;
  session.laps = drafts.map((draft, i) => {
    const next = drafts[i + 1]?.startTime;
    const timer = draft.timerSeconds ?? 0;
    const end = next ?? Math.max(lastRecord ?? 0, draft.startTime + timer * 1000);
    return { ...draft, elapsedSeconds: Math.max(timer, (end - draft.startTime) / 1000) };
  });
  session.startTime = session.laps[0]?.startTime ?? session.records[0]?.time ?? 0;
  session.totals = sessionTotals(session.laps, lastRecord);
}

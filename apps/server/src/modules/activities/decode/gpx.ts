// GPX 1.0/1.1 tracks (docs/activities.md, "Decoding"): every track point of every track and segment, in time
// order, as one session. Heart rate, cadence, temperature and power come from the track-point extensions
// devices write: Garmin's TrackPointExtension (hr, cad, atemp, wtemp, speed), Cluetrust's gpxdata (hr,
// cadence, temp) and power as a bare <power> or Garmin's PowerExtension (PowerInWatts). GPX carries no
// timer, laps or device totals: those figures are computed from the points.
import type { RecordedSession, Recording, RecordPoint } from '@stamina/core';
import { DecodeError } from './decode-error.ts';
import { mapSport } from './sport.ts';
import { walkXml, xmlNumber, xmlTime } from './xml.ts';

/** Extension element (local name) → the record field it fills. */
const EXTENSION_FIELDS: Record<string, 'heartRate' | 'cadence' | 'temperature' | 'power' | 'speed'> = {
  hr: 'heartRate',
  heartrate: 'heartRate',
  cad: 'cadence',
  cadence: 'cadence',
  atemp: 'temperature',
  wtemp: 'temperature',
  temp: 'temperature',
  power: 'power',
  PowerInWatts: 'power',
  speed: 'speed',
};

export function decodeGpx(bytes: Uint8Array): Recording {
  let creator: string | undefined;
  let name: string | undefined;
  let type: string | undefined;
  let sawGpx = false;
  let point: (RecordPoint & { hasTime: boolean }) | undefined;
  /** Open <extensions> elements: counted as they open and close, so no close looks back along the path. */
  let inExtensions = 0;
  const records: RecordPoint[] = [];

  walkXml(bytes, 'GPX', {
    open(element, attributes) {
      if (element === 'extensions') inExtensions += 1;
      if (element === 'gpx') {
        sawGpx = true;
        creator = attributes.creator?.trim() || undefined;
      } else if (element === 'trkpt') {
        const lat = xmlNumber(attributes.lat);
        const lng = xmlNumber(attributes.lon);
        point = { time: 0, hasTime: false };
        if (lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
          point.lat = lat;
          point.lng = lng;
        }
      }
    },
    close(element, text, path) {
      const parent = path[path.length - 2];
      if (element === 'extensions') inExtensions -= 1;
      if (element === 'trkpt') {
        if (point?.hasTime) {
          const { hasTime: _, ...record } = point;
          records.push(record);
        }
        point = undefined;
        return;
      }
      if (point) {
        if (element === 'time' && parent === 'trkpt') {
          const time = xmlTime(text);
          if (time !== undefined) {
            point.time = time;
            point.hasTime = true;
          }
        } else if (element === 'ele' && parent === 'trkpt') {
          const altitude = xmlNumber(text);
          if (altitude !== undefined) point.altitude = altitude;
        } else if (inExtensions > 0) {
          const field = EXTENSION_FIELDS[element];
          const value = xmlNumber(text);
          if (field && value !== undefined && value >= 0 && !(field === 'heartRate' && value === 0))
            point[field] = value;
        }
        return;
      }
      if (element === 'name' && (parent === 'trk' || parent === 'metadata') && text && !name) name = text;
      if (element === 'type' && parent === 'trk' && text && !type) type = text;
    },
  });

  if (!sawGpx) throw new DecodeError('Not a FIT, GPX or TCX file');
  if (records.length === 0) throw new DecodeError('The GPX file has no timed track points');
  records.sort((a, b) => a.time - b.time);
  const session: RecordedSession = {
    sport: mapSport(type),
    startTime: records[0]!.time,
    records,
    laps: [],
    lengths: [],
    pauses: [],
    totals: {},
  };
  if (type) session.deviceSport = type;
  const recording: Recording = { format: 'gpx', sessions: [session] };
  if (creator) recording.deviceName = creator;
  if (name) recording.name = name;
  return recording;
}

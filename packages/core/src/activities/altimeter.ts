// Which recordings carry barometric altitude (docs/training-load.md, "Grade model"). No activity file says where
// its altitude came from (a FIT record's altitude and enhanced_altitude are the same reading in two widths), so
// the recording device tells: the families below carry a barometric altimeter by their makers' specifications.
// Every other device, and a file that names none, is treated as GPS altitude, the noisier case.
import type { Recording } from './recording.ts';

/** Device names (as the decoders spell them) of families with a barometric altimeter. */
const BAROMETRIC_DEVICES: readonly RegExp[] = [
  /\bfenix\b/i,
  /\bepix\b/i,
  /\benduro\b/i,
  /\binstinct\b/i,
  /\bforerunner 9\d\d/i, // 910XT, 920XT, 935, 945, 955, 965
  /\bedge (?:5\d\d|7\d\d|8\d\d|10\d\d)\b/i, // Edge 500-540, 705, 800-840, 1000-1050
];

/** 'barometric' when the device is known to carry a barometric altimeter; undefined when unknown. */
export function altitudeSourceOf(deviceName: string | undefined): 'barometric' | undefined {
  if (!deviceName) return undefined;
  return BAROMETRIC_DEVICES.some((pattern) => pattern.test(deviceName)) ? 'barometric' : undefined;
}

/** Marks every session of a recording from a barometric device as such; returns the recording. */
export function withAltitudeSource(recording: Recording): Recording {
  const source = altitudeSourceOf(recording.deviceName);
  if (source) for (const session of recording.sessions) session.altitudeSource = source;
  return recording;
}

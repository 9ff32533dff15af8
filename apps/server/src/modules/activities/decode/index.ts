// Decoding recorded activity files at the server's edge (docs/activities.md, "Decoding"): the format is found
// from the content (a FIT header, or the root element of the XML), with the file name only as a tie-break,
// and the bytes become a core `Recording`. Compressed copies and zip archives are unwrapped before this.
import { type Recording, withAltitudeSource } from '@stamina/core';
import { DecodeError } from './decode-error.ts';
import { decodeFit } from './fit.ts';
import { decodeGpx } from './gpx.ts';
import { checkRecording } from './limits.ts';
import { decodeTcx } from './tcx.ts';

export { DecodeError } from './decode-error.ts';
export { DECODE_LIMITS } from './limits.ts';

export type ActivityFileFormat = Recording['format'];

/** How far into an XML file the root element is looked for (past a BOM, declaration and comments). */
const XML_SNIFF_BYTES = 4096;

function isFitHeader(bytes: Uint8Array): boolean {
  const size = bytes[0];
  return (
    (size === 12 || size === 14) &&
    bytes.length >= size &&
    bytes[8] === 0x2e && // '.FIT'
    bytes[9] === 0x46 &&
    bytes[10] === 0x49 &&
    bytes[11] === 0x54
  );
}

/** The file's format from its content, the name breaking a tie; undefined for anything else. */
export function sniffActivityFormat(bytes: Uint8Array, fileName: string): ActivityFileFormat | undefined {
  if (isFitHeader(bytes)) return 'fit';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, XML_SNIFF_BYTES));
  const hasGpx = /<(?:\w+:)?gpx[\s>]/.test(head);
  const hasTcx = /<(?:\w+:)?TrainingCenterDatabase[\s>]/.test(head);
  if (hasGpx && hasTcx) return fileName.toLowerCase().endsWith('.tcx') ? 'tcx' : 'gpx';
  if (hasGpx) return 'gpx';
  if (hasTcx) return 'tcx';
  return undefined;
}

/**
 * Decodes a FIT, GPX or TCX file within DECODE_LIMITS, its times held to the 1900–2100 date rule; throws
 * DecodeError with a message for the athlete when it cannot. Sessions from a device with a barometric
 * altimeter are marked so (core withAltitudeSource), which sets how their running grade is smoothed.
 */
export function decodeActivityFile(bytes: Uint8Array, fileName: string): Recording {
  const format = sniffActivityFormat(bytes, fileName);
  if (format === 'fit') return withAltitudeSource(checkRecording(decodeFit(bytes)));
  if (format === 'gpx') return withAltitudeSource(checkRecording(decodeGpx(bytes)));
  if (format === 'tcx') return withAltitudeSource(checkRecording(decodeTcx(bytes)));
  if (bytes.length === 0) throw new DecodeError('The file is empty');
  throw new DecodeError('Not a FIT, GPX or TCX file');
}

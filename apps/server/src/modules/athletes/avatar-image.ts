// The profile picture's bytes (docs/profile.md, "Profile picture"): what an upload is judged to be by its
// first bytes (never its name), and the one re-encoding every accepted picture goes through: turned upright,
// cut to a 256×256 square and written as a fresh WebP, so no EXIF, GPS, XMP or ICC block of the original
// survives. sharp's prebuilt libvips has no HEVC decoder, so a HEIC photo is decoded to RGBA by heic-decode
// (libheif in WebAssembly) first, after its declared size has been checked.
import heicDecode from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/errors.ts';

export const AVATAR_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  fileLabel: '5 MB',
  /** A decompression bomb's declared size is refused before a pixel is decoded (a 48 MP phone photo fits). */
  maxInputPixels: 50_000_000,
  /** The stored square's side. */
  side: 256,
} as const;

type AvatarFormat = 'jpeg' | 'png' | 'webp' | 'heic';

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
/** Brands that only say "some HEIF": HEIC when a compatible brand says so (an AVIF says avif instead). */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);

/** The picture format the bytes start like, or null for anything else. */
function sniffAvatarFormat(bytes: Uint8Array): AvatarFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (b.length >= 16 && b.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = b.readUInt32BE(0);
    const brands = [b.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= Math.min(boxSize, b.length, 64); at += 4)
      brands.push(b.toString('latin1', at, at + 4));
    if (HEIC_BRANDS.has(brands[0]!)) return 'heic';
    if (GENERIC_HEIF_BRANDS.has(brands[0]!) && brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  }
  return null;
}

const UNSUPPORTED = 'Upload a JPEG, PNG, WebP or HEIC picture';

function unreadable(): AppError {
  return new AppError(
    'BAD_REQUEST',
    'The picture could not be read: the file is damaged or incomplete. Try another picture.',
  );
}

function tooManyPixels(): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The picture has more than ${AVATAR_LIMITS.maxInputPixels / 1_000_000} million pixels; upload a smaller one`,
  );
}

/** The HEIC's first image as a sharp input of raw RGBA, its size checked before it is decoded. */
async function heicInput(bytes: Buffer): Promise<Sharp> {
  let images: Awaited<ReturnType<typeof heicDecode.all>> | undefined;
  try {
    images = await heicDecode.all({ buffer: bytes });
    const first = images[0];
    if (!first) throw unreadable();
    if (first.width * first.height > AVATAR_LIMITS.maxInputPixels) throw tooManyPixels();
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  } finally {
    images?.dispose();
  }
}

/**
 * The stored picture: a 256×256 WebP cut from the middle of the upload, upright, with no metadata. Anything
 * not a picture of the four formats is a 415, a damaged one a 400, a picture too large in pixels a 413.
 */
export async function processAvatar(bytes: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty. Choose a picture to upload.');
  const format = sniffAvatarFormat(bytes);
  if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  try {
    const input =
      format === 'heic'
        ? await heicInput(bytes)
        : sharp(bytes, { failOn: 'error', limitInputPixels: AVATAR_LIMITS.maxInputPixels, animated: false });
    if (format !== 'heic') {
      const meta = await input.metadata();
      // The bytes start like one format but libvips reads another (a GIF inside a RIFF…): refused as such.
      if (meta.format !== format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
    }
    const { data, info } = await input
      .rotate()
      .resize(AVATAR_LIMITS.side, AVATAR_LIMITS.side, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw tooManyPixels();
    throw unreadable();
  }
}

// Speech to text for voice prompts (docs/onboarding.md, "Voice"): an OpenAI-compatible
// `/audio/transcriptions` endpoint set by environment (STT_URL, STT_API_KEY, STT_MODEL). Absent by default: the
// voice route then says voice needs it, and the text path stays.
import { AppError } from '../../lib/errors.ts';

export interface SttConfig {
  /** Base URL; the audio goes to `${url}/audio/transcriptions`. */
  url: string;
  apiKey?: string | null;
  model: string;
  /** How long to wait for the text (ms). */
  timeoutMs?: number;
}

export const STT_MISSING_MESSAGE = 'Voice input needs a speech-to-text service (STT_URL)';
const DEFAULT_TIMEOUT_MS = 30_000;

/** The recording formats the dialog records, by their first bytes. */
const AUDIO_SIGNATURES: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  { type: 'audio/webm', test: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) },
  { type: 'audio/ogg', test: (b) => b.subarray(0, 4).toString('latin1') === 'OggS' },
  {
    type: 'audio/wav',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WAVE',
  },
  { type: 'audio/mp4', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  {
    type: 'audio/mpeg',
    test: (b) =>
      b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
];

/** The audio's MIME type from its first bytes; a file that is no recording is a 400. */
function audioTypeOf(bytes: Buffer): string {
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'The recording is empty');
  const found = AUDIO_SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes));
  if (!found) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The file is not a recording Stamina can send for transcription (WebM, Ogg, MP4, MP3 or WAV)',
    );
  }
  return found.type;
}

/** The upstream's own message from an OpenAI-style error body, when it gives one. */
async function upstreamMessage(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : typeof body.error?.message === 'string'
          ? body.error.message
          : typeof body.message === 'string'
            ? body.message
            : null;
    return message ? message.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** Sends the recording and returns its text; the upstream's refusals and failures as errors a person reads. */
export async function transcribe(
  stt: SttConfig | null,
  audio: { fileName: string; bytes: Buffer },
): Promise<string> {
  if (!stt) throw new AppError('SERVICE_UNAVAILABLE', STT_MISSING_MESSAGE);
  const type = audioTypeOf(audio.bytes);
  const form = new FormData();
  const safeName = audio.fileName.replace(/[^\w.-]/g, '_').slice(-100) || 'recording';
  form.append('file', new Blob([new Uint8Array(audio.bytes)], { type }), safeName);
  form.append('model', stt.model);
  form.append('response_format', 'json');
  const headers: Record<string, string> = stt.apiKey ? { authorization: `Bearer ${stt.apiKey}` } : {};
  let res: Response;
  try {
    res = await fetch(`${stt.url.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.timeout(stt.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = (err as { name?: string }).name === 'TimeoutError';
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      timedOut
        ? 'The speech-to-text service took too long to answer. Try again, or type your goal.'
        : 'The speech-to-text service cannot be reached. Try again later, or type your goal.',
    );
  }
  if (res.status === 400 || res.status === 413 || res.status === 415 || res.status === 422) {
    const said = await upstreamMessage(res);
    throw new AppError(
      res.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED',
      `The speech-to-text service could not read the recording${said ? `: ${said}` : ''}. Record again, or type your goal.`,
    );
  }
  if (!res.ok) {
    throw new AppError(
      'BAD_GATEWAY',
      `The speech-to-text service failed (status ${res.status}). Try again later, or type your goal.`,
    );
  }
  let text: unknown;
  try {
    text = ((await res.json()) as { text?: unknown }).text;
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string') {
    throw new AppError(
      'BAD_GATEWAY',
      'The speech-to-text service gave no text. Try again, or type your goal.',
    );
  }
  return text.trim();
}

// Reads a multipart/form-data upload: its files and its text fields, with the limits the route registered
// @fastify/multipart with turned into our errors, and every field value and file name held to the API's text
// rule (no NUL: plugins/input-guards.ts). One reader for every upload route, so each refuses bad forms alike.
import type { FastifyRequest } from 'fastify';
import { AppError, NUL_MESSAGE } from './errors.ts';

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
}

export interface UploadOptions {
  /** The form field files come in. */
  fileField: string;
  /** What the file is, for messages: 'The workout file', 'The CSV'. */
  what: string;
  /** The per-file limit as people read it: '1 MB'. */
  maxSizeLabel: string;
  /** How many files a form may carry (the multipart plugin's `files` limit says the same). */
  maxFiles: number;
}

/**
 * The form's files (in order) and text fields. A body that is not multipart at all, a form cut short, a file
 * over the size limit, too many files or fields, or a NUL in a name or value: a 4xx, nothing kept.
 */
export async function readUpload(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const files: UploadedFile[] = [];
  const fields = await streamUpload(request, options, async (fileName, stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.push({ fileName, bytes: Buffer.concat(chunks) });
  });
  return { files, fields };
}

/**
 * The same reading, with each file handed to `onFile` as a stream, one at a time in form order, so that a
 * route can store files without holding them (`onFile` must consume the stream). Answers the text fields.
 */
export async function streamUpload(
  request: FastifyRequest,
  options: UploadOptions,
  onFile: (fileName: string, stream: NodeJS.ReadableStream & { truncated?: boolean }) => Promise<void>,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.fieldname.includes('\u0000')) throw new AppError('VALIDATION_FAILED', NUL_MESSAGE);
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Send ${options.what.toLowerCase()} in the field "${options.fileField}", not "${part.fieldname}"`,
          );
        }
        if (part.filename.includes('\u0000')) {
          throw new AppError('VALIDATION_FAILED', `File name: ${NUL_MESSAGE}`);
        }
        await onFile(part.filename, part.file);
        if (part.file.truncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', `${options.what} is larger than ${options.maxSizeLabel}`);
        }
      } else {
        if (part.valueTruncated) {
          throw new AppError('VALIDATION_FAILED', `${part.fieldname}: the value is too long`);
        }
        const value = String(part.value);
        if (value.includes('\u0000'))
          throw new AppError('VALIDATION_FAILED', `${part.fieldname}: ${NUL_MESSAGE}`);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw uploadError(error, options);
  }
  return fields;
}

/** The multipart plugin's and busboy's failures as the errors a client can act on; anything else as it is. */
function uploadError(error: unknown, options: UploadOptions): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', `${options.what} is larger than ${options.maxSizeLabel}`);
  }
  if (code === 'FST_FILES_LIMIT') {
    return new AppError(
      'VALIDATION_FAILED',
      options.maxFiles === 1
        ? `Upload one file at a time`
        : `Upload at most ${options.maxFiles} files at a time`,
    );
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('VALIDATION_FAILED', 'The form has too many fields');
  }
  // Anything else the form reader throws (no boundary, a body that is not multipart, a form cut short) is
  // a malformed request, never a server fault.
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', `The upload is not a readable multipart/form-data body: ${message}`);
}

/**
 * The one "file" part of a multipart request handed to `handle` as a stream (an export or an archive, stored as
 * it comes): not multipart a 415, no file, another field or a NUL in its name a 400, and a form cut short or
 * malformed while `handle` reads it a 400 too (a store or database failure stays a 5xx). `what`: 'the export'.
 */
export async function singleFileUpload<T>(
  request: FastifyRequest,
  what: string,
  handle: (file: { fileName: string; stream: NodeJS.ReadableStream & { truncated?: boolean } }) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Upload ${what} as multipart/form-data`);
  }
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AppError('BAD_REQUEST', `The upload is not a readable multipart/form-data body: ${message}`);
  }
  if (!part) throw new AppError('VALIDATION_FAILED', `Send ${what} in the field "file"`);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw new AppError('VALIDATION_FAILED', `Send ${what} in the field "file", not "${part.fieldname}"`);
  }
  if (part.filename.includes('\u0000')) {
    part.file.resume();
    throw new AppError('VALIDATION_FAILED', `File name: ${NUL_MESSAGE}`);
  }
  try {
    return await handle({ fileName: part.filename, stream: part.file });
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    const message = error instanceof Error ? error.message : String(error);
    if (code.startsWith('FST_') || /unexpected end|part terminated|malformed/i.test(message)) {
      throw new AppError('BAD_REQUEST', `The upload could not be read: ${message}`);
    }
    throw error;
  }
}

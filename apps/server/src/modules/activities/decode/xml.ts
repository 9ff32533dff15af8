// A streaming walk over an XML activity file with saxes (docs/activities.md, "Decoding"): elements by their
// local name (the namespace prefix dropped, since files spell the extension prefixes as they like), the
// path of open elements, and each element's text when it closes. A DOCTYPE (and with it any entity
// declaration) is refused before anything else is read; a malformed document is a DecodeError. Nesting deeper
// than DECODE_LIMITS.xmlDepth or more than DECODE_LIMITS.xmlElements elements refuse the file as they are met,
// so the walk's cost (and what a handler may look at in `path`) stays linear in the file.
import { SaxesParser } from 'saxes';
import { DecodeError } from './decode-error.ts';
import { DECODE_LIMITS } from './limits.ts';

const CHUNK_BYTES = 64 * 1024;

export interface XmlHandlers {
  open(name: string, attributes: Record<string, string>, path: readonly string[]): void;
  close(name: string, text: string, path: readonly string[]): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function walkXml(bytes: Uint8Array, formatName: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false });
  const path: string[] = [];
  let text = '';
  let elements = 0;
  parser.on('doctype', () => {
    throw new DecodeError(`The ${formatName} file declares a DOCTYPE, which is refused for safety`);
  });
  parser.on('error', (error) => {
    throw new DecodeError(`The ${formatName} file is not well-formed XML (${error.message})`);
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attributes[localName(key)] = String(value);
    elements += 1;
    if (path.length >= DECODE_LIMITS.xmlDepth) {
      throw new DecodeError(
        `The ${formatName} file nests elements more than ${DECODE_LIMITS.xmlDepth} deep, the limit; no activity file does`,
      );
    }
    if (elements > DECODE_LIMITS.xmlElements) {
      throw new DecodeError(
        `The ${formatName} file holds more than ${DECODE_LIMITS.xmlElements.toLocaleString('en')} elements, the limit for one file`,
      );
    }
    path.push(name);
    text = '';
    handlers.open(name, attributes, path);
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    handlers.close(name, text.trim(), path);
    path.pop();
    text = '';
  });
  const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    const end = Math.min(offset + CHUNK_BYTES, bytes.length);
    parser.write(decoder.decode(bytes.subarray(offset, end), { stream: end < bytes.length }));
  }
  parser.close();
}

/** A finite number from an element's text or an attribute, or undefined. */
export function xmlNumber(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Milliseconds since the epoch from an ISO 8601 time, or undefined. */
export function xmlTime(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const value = Date.parse(text);
  return Number.isFinite(value) ? value : undefined;
}

// Secrets of device connections (docs/devices.md, "Secrets"): provider tokens and PKCE verifiers are sealed
// with AES-256-GCM before they reach the database, and the OAuth `state` is an HMAC-signed statement of who
// started the authorisation, in which session, for which provider, until when.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  sign(payload: Record<string, unknown>): string;
  /** The payload of a state this key signed, or null (forged, altered or malformed). */
  verify(token: string): Record<string, unknown> | null;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** `key` is 32 bytes: DEVICE_TOKEN_KEY, or the one generated and kept in DATA_DIR (main.ts). */
export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('The device token key must be 32 bytes');
  // Separate keys for encryption and signing, both derived from the one configured key.
  const encKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'stamina device tokens', 32));
  const macKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'stamina oauth state', 32));
  const mac = (data: string) => createHmac('sha256', macKey).update(data).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.');
      if (!iv || !tag || body === undefined) throw new Error('Malformed sealed value');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    sign(payload) {
      const body = b64(Buffer.from(JSON.stringify(payload)));
      return `${body}.${b64(mac(body))}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 2000) return null;
      const [body, sig] = token.split('.');
      if (!body || !sig) return null;
      const expected = mac(body);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
        return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    },
  };
}

/** Parses DEVICE_TOKEN_KEY: 32 bytes written as 64 hex digits or base64. */
export function parseTokenKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t, 'base64');
  return b.length === 32 ? b : null;
}

/** Timing-safe comparison of two strings (webhook secrets). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// Access tokens (short-lived JWTs signed with HS256) and opaque random tokens stored only as hashes.

import { createHash, createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from './errors.ts';

const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const VERIFIED_CACHE_SIZE = 10_000;

interface AccessClaims {
  sub: string;
  email: string;
  role: 'authenticated';
  sid: string;
}

export interface TokenSigner {
  sign(claims: AccessClaims, now?: Date): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
  /** The claims of a token that already passed `verify` and has not expired; no signature check. */
  verifiedClaims(token: string): AccessClaims | undefined;
}

export function tokenSigner(secret: string, issuer: string): TokenSigner {
  // Imported once: jose would otherwise import a raw secret on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // A client sends the same access token for up to an hour, and a signature check costs about 0.1 ms (WebCrypto).
  // Tokens that passed the full check are remembered until their own exp; revocation is the session check's job.
  // An LRU cache (lru-cache) bounded by count; each entry also ends at its token's own exp.
  const verified = new LRUCache<string, { claims: AccessClaims; exp: number; nbf: number }>({
    max: VERIFIED_CACHE_SIZE,
  });
  function verifiedClaims(token: string): AccessClaims | undefined {
    const cached = verified.get(token);
    if (!cached) return undefined;
    const now = Date.now() / 1000;
    if (cached.exp > now && cached.nbf <= now) return cached.claims;
    verified.delete(token);
    return undefined;
  }
  return {
    async sign(claims, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ email: claims.email, role: claims.role, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp };
    },
    verifiedClaims,
    async verify(token) {
      const cached = verifiedClaims(token);
      if (cached) return cached;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.email !== 'string' ||
          payload.role !== 'authenticated' ||
          typeof payload.sid !== 'string'
        ) {
          throw new AppError('TOKEN_INVALID', 'Invalid access token');
        }
        const claims: AccessClaims = {
          sub: payload.sub,
          email: payload.email,
          role: 'authenticated',
          sid: payload.sid,
        };
        verified.set(token, { claims, exp: payload.exp ?? 0, nbf: payload.nbf ?? 0 });
        return claims;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_INVALID', 'Access token expired');
        throw new AppError('TOKEN_INVALID', 'Invalid access token');
      }
    },
  };
}

/** 256 bits of randomness, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are looked up by their SHA-256; the database never holds a usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The successor of a refresh token when it is rotated: an HMAC of the parent under a key derived from the server
 * secret. Only hashes are stored, so deriving it is how the same successor can be handed out again during the
 * short grace window in which a parallel refresh with the parent is honoured (docs/auth.md).
 */
export function refreshTokenDeriver(secret: string): (parent: string) => string {
  const key = createHmac('sha256', secret).update('stamina refresh-token successor v1').digest();
  return (parent) => createHmac('sha256', key).update(parent).digest('base64url');
}

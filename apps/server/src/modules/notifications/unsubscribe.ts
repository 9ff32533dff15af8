// The one-click unsubscribe of a mail's link (docs/notifications.md, "Opting out"): a token naming the athlete and
// the kind of notification, signed with an HMAC of a key derived from the JWT secret, so that following it needs
// no sign-in and a forged or altered token is refused. A token does not expire: an old mail's link still works.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@stamina/contract';

/** A key of its own (not the JWT secret itself), so an unsubscribe token can never pass for anything else. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('stamina unsubscribe v1').digest();
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export interface UnsubscribeTokens {
  create(athleteId: string, kind: UnsubscribeKind): string;
  /** The athlete and kind a valid token names; null for anything else. */
  read(token: string): { athleteId: string; kind: UnsubscribeKind } | null;
}

export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = keyOf(secret);
  return {
    create(athleteId, kind) {
      const body = Buffer.from(`${athleteId}:${kind}`).toString('base64url');
      return `${body}.${sign(key, body)}`;
    },
    read(token) {
      const [body, mac, ...rest] = token.split('.');
      if (!body || !mac || rest.length > 0) return null;
      const expected = Buffer.from(sign(key, body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [athleteId, kind] = Buffer.from(body, 'base64url').toString('utf8').split(':');
      if (!athleteId || !(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind ?? '')) return null;
      return { athleteId, kind: kind as UnsubscribeKind };
    },
  };
}

/** Where a mail client posts a one-click unsubscribe (RFC 8058): the API, with the token in the address. */
const ONE_CLICK_PATH = '/api/notifications/unsubscribe/one-click';

/**
 * The headers of an opt-in mail that let the mail client offer "Unsubscribe" itself (docs/notifications.md,
 * "Opting out"): RFC 2369's List-Unsubscribe with the signed HTTPS address, and RFC 8058's List-Unsubscribe-Post
 * saying a POST of `List-Unsubscribe=One-Click` to it is enough.
 */
export function listUnsubscribeHeaders(appUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${appUrl}${ONE_CLICK_PATH}?token=${encodeURIComponent(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

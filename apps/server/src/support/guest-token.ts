import { GUEST_TOKEN_DAYS } from '@jinb/contract';
import { hmac, safeEqual } from '../shared/tokens';

/**
 * A chat guest's token: `g.<guestId>.<expires, unix seconds>.<HMAC-SHA256 of both under a key derived from the app
 * secret>`. Checked without the database (a socket's `auth` costs no lookup), valid 30 days; nothing in it can be
 * changed without the key, so a guest cannot name another guest's id. A guest row is made per device id
 * (support_guests), so the same device gets the same guest, and its conversation, back with a new token.
 */
export type GuestTokens = ReturnType<typeof createGuestTokens>;

export function createGuestTokens(secret: string, now: () => number = Date.now) {
  const key = hmac(secret, 'support-guest-token');
  const sign = (guestId: bigint, expires: number) => hmac(key, `${guestId}.${expires}`);
  return {
    issue(guestId: bigint): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + GUEST_TOKEN_DAYS * 86_400;
      return { token: `g.${guestId}.${expires}.${sign(guestId, expires)}`, expiresAt: new Date(expires * 1000) };
    },

    /** The guest the token names, or null (malformed, forged, expired). */
    verify(token: string): bigint | null {
      const match = /^g\.(\d{1,18})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
      if (!match) return null;
      const guestId = BigInt(match[1] ?? '0');
      const expires = Number(match[2]);
      if (!safeEqual(match[3] ?? '', sign(guestId, expires))) return null;
      if (expires * 1000 <= now()) return null;
      return guestId;
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** packages/contract/src/vendor-api.ts: headers and `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. */
export const SIGNATURE_HEADER = 'x-vendor-signature';
export const TIMESTAMP_HEADER = 'x-vendor-timestamp';
const CLOCK_SKEW_MS = 5 * 60_000;

export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function verify(secret: string, timestamp: string | undefined, signature: string | undefined, body: string) {
  if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp)) return false;
  if (Math.abs(Date.now() - Number(timestamp)) > CLOCK_SKEW_MS) return false;
  const expected = Buffer.from(sign(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { VENDOR_CLOCK_SKEW_MS } from '@jinb/contract';

/**
 * The signature of packages/contract/src/vendor-api.ts: `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`.
 * The raw body is signed, not a re-serialised object, so both sides agree byte for byte whatever their JSON encoder.
 */
export function vendorSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Checks a call's signature in constant time, and its timestamp against our clock: a captured request replayed later
 * than the allowed skew is refused even with a valid signature (the txId's idempotency covers replays inside it).
 */
export function verifyVendorSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now = Date.now(),
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > VENDOR_CLOCK_SKEW_MS) return false;
  const expected = Buffer.from(vendorSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and operator tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A numeric code of `length` digits from the CSPRNG (SMS and e-mail codes). */
export function numericCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index++) code += String(randomInt(10));
  return code;
}

/** Invite codes: 8 characters from an alphabet without look-alikes. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < 8; index++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

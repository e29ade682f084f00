import type { ErrorCode } from './errors';

/** Every response body. On failure `data` is the message for the member in the request's language. */
export type Ok<T> = { status: true; data: T };
/** `detail`, when present, is what the client needs to act on the refusal (ODDS_CHANGED: each leg's price now). */
export type Fail = { status: false; data: string; code: ErrorCode; detail?: unknown };
export type Envelope<T> = Ok<T> | Fail;

/** An expired or unknown session is exactly this body (the spec's rule); the site logs out on it. */
export const SESSION_EXPIRED_BODY = { status: false, data: 'token', code: 'SESSION_EXPIRED' } as const;

export function isSessionExpired(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !(body as { status?: unknown }).status &&
    (body as { data?: unknown }).data === 'token'
  );
}

/** Request headers every site call carries (spec section 7). */
export const HEADER = {
  d: 'd',
  lang: 'lang',
  deviceNo: 'device_no',
  token: 't',
  /** Response: replaces the stored session token. */
  rotatedToken: 'id',
  /** Response: stored as vid. */
  visitorId: 'vid',
  idempotencyKey: 'idempotency-key',
} as const;

export const CLIENT_D = '25';
export const REQUEST_TIMEOUT_MS = 10_000;

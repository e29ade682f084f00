import { z } from 'zod';
import { fields, smsSent } from './auth';
import type { EndpointSpec } from './endpoint-spec';

/**
 * The member's sign-in history and step-up checks (issue 25): before rebinding the phone, binding a payout card,
 * changing the withdraw password or the e-mail, the member proves it is them again.
 */

/** What the history's icon shows. */
export const DEVICE_KINDS = ['phone', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** One sign-in as the member reads it, in the request's language. */
export const loginRecord = z.object({
  id: z.string(),
  /** ISO time of the sign-in. */
  at: z.string(),
  /** A short readable name from the browser's user agent ("iPhone · Safari"), or 未知设备. */
  device: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  /** The client address, masked: 113.87.*.* (IPv6: its first two groups). */
  ip: z.string(),
  /** Province and city for Chinese addresses, the country otherwise; 本地网络 for private and loopback ones. */
  area: z.string(),
  /** Whether this is the session asking. */
  current: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecord>;

/** The history keeps what the member may want to check: the newest 30 a page. */
export const LOGIN_HISTORY_PAGE = 30;

export const loginHistoryQuery = z.object({
  page: z.coerce.number<string | number>().int().min(1).max(100).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(LOGIN_HISTORY_PAGE).default(LOGIN_HISTORY_PAGE),
});
export type LoginHistoryQuery = z.input<typeof loginHistoryQuery>;

export const loginHistory = z.object({
  list: z.array(loginRecord),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type LoginHistory = z.infer<typeof loginHistory>;

export const STEP_UP_METHODS = ['password', 'sms'] as const;
export type StepUpMethod = (typeof STEP_UP_METHODS)[number];

/** How long a step-up covers the session's guarded changes. */
export const STEP_UP_TTL_MS = 5 * 60_000;

/**
 * `password`: the sign-in password, RSA-encrypted as at sign-in. `sms`: the code `stepUpSms` sent to the bound phone.
 */
export const stepUpBody = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('password'), password: fields.cipher }),
    z.object({ method: z.literal('sms'), smsCode: fields.smsCode }),
  ],
  { error: 'BAD_REQUEST' },
);
export type StepUpBody = z.input<typeof stepUpBody>;

/** Until when (ISO) this session may make the guarded changes. */
export const stepUpGrant = z.object({ until: z.string() });
export type StepUpGrant = z.infer<typeof stepUpGrant>;

export const securityEndpoints = {
  loginHistory: { method: 'GET', query: loginHistoryQuery, response: loginHistory },
  stepUp: { method: 'POST', body: stepUpBody, response: stepUpGrant },
  stepUpSms: { method: 'POST', response: smsSent },
} satisfies Record<string, EndpointSpec>;

import { z } from 'zod';
import { fields } from './auth';
import { userInfo } from './member';
import { OPERATOR_ROLES } from './operator-access';

export const adminLoginBody = z.object({
  account: z.string({ error: 'REQUIRED_ACCOUNT' }).trim().min(1, { error: 'REQUIRED_ACCOUNT' }).max(64),
  password: z.string({ error: 'REQUIRED_PASSWORD' }).min(1, { error: 'REQUIRED_PASSWORD' }).max(128),
  /** The answer to the captcha image this client fetched (GET /api/findmed/v1/member/captcha, same device id). */
  code: fields.captcha,
  /**
   * The second factor: the six digits of the operator's authenticator app, or one of their recovery codes. Required
   * once they enrolled (OTP_REQUIRED without it, OTP_WRONG when wrong; both count against the sign-in lockout).
   */
  otp: z
    .string()
    .trim()
    .max(32)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const operatorSession = z.object({
  token: z.string(),
  operator: z.object({ id: z.string(), account: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

/** The dev outbox is read per recipient, as a phone would show it: `to` is a phone (+86...) or an e-mail address. */
export const outboxQuery = z.object({
  to: z.string({ error: 'OUTBOX_TO_REQUIRED' }).trim().min(1, { error: 'OUTBOX_TO_REQUIRED' }).max(254),
});
export const outboxItem = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  purpose: z.string(),
  code: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/** An operator or an approval named in the path: 1-18 digits; anything else names nothing, so it is not found. */
export const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: 'NOT_FOUND' }) });
/** A member named in the path (the real-name correction): a malformed id is refused as invalid. */
export const memberIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * Who the bearer token belongs to; `otp`: whether they enrolled a second factor and whether their role must (until
 * enrolled, such an operator may call only me, sign-out and the enrolment: OTP_ENROL_REQUIRED); `idleMinutes`: a
 * session ends after that long without a request.
 */
export const operatorMe = z.object({
  id: z.string(),
  account: z.string(),
  role: z.enum(OPERATOR_ROLES),
  otp: z.object({ enrolled: z.boolean(), required: z.boolean() }),
  idleMinutes: z.number().int(),
});
/** Signing out: how many sessions ended. */
export const sessionsEnded = z.object({ ended: z.number() });

/** Members by account prefix; an empty prefix lists the latest. */
export const memberSearchQuery = z.object({ account: z.string().trim().max(32).default('') });
export const memberSummary = userInfo.extend({ status: z.string(), balance: z.string() });

/** Visits per day and top pages over the last `days` days. */
export const pageViewsQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
export const pageViewSummary = z.object({
  days: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
  topPaths: z.array(z.object({ path: z.string(), views: z.number() })),
});

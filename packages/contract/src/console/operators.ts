import { z } from 'zod';
import type { EndpointSpec } from '../endpoint-spec';
import { OPERATOR_ROLES } from '../operator-access';

/**
 * The entries of operators.paths.ts's calls in the endpoint table: the operators page (admins) and 我的安全 (every
 * operator). Lists take `page` (1-based), `pageSize` (at most 100) and `sort` (`field` or `-field`) and answer
 * `{ rows, total }`.
 */

const page = z.coerce.number<string | number>().int().min(1).default(1);
const pageSize = z.coerce.number<string | number>().int().min(1).max(100).default(20);
const idPattern = /^\d{1,18}$/;

export const OPERATOR_STATUSES = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];
export const OPERATOR_SORTS = ['account', 'role', 'createdAt', 'lastSeenAt'] as const;

/** An account: 3-32 letters, digits, `_`, `.` or `-` (kept lower-case). */
export const operatorAccount = z
  .string({ error: 'REQUIRED_ACCOUNT' })
  .trim()
  .min(1, { error: 'REQUIRED_ACCOUNT' })
  .regex(/^[A-Za-z0-9_.-]{3,32}$/, { error: 'VALIDATION' });
/** At least ten characters: an operator's password guards the money desk. */
export const operatorPassword = z
  .string({ error: 'REQUIRED_PASSWORD' })
  .min(10, { error: 'OPERATOR_PASSWORD_SHORT' })
  .max(128, { error: 'OPERATOR_PASSWORD_SHORT' });
const emptyIsNone = (value: unknown) => (value === '' ? undefined : value);

export const operatorListQuery = z.object({
  page,
  pageSize,
  sort: z
    .string()
    .regex(new RegExp(`^-?(${OPERATOR_SORTS.join('|')})$`), { error: 'BAD_REQUEST' })
    .default('account'),
  /** An account prefix. */
  account: z.string().trim().max(32).default(''),
  role: z.preprocess(emptyIsNone, z.enum(OPERATOR_ROLES).optional()),
  status: z.preprocess(emptyIsNone, z.enum(OPERATOR_STATUSES, { error: 'STATUS_UNKNOWN' }).optional()),
});

export const operatorRow = z.object({
  id: z.string(),
  account: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_STATUSES),
  /** A second factor confirmed. */
  otpEnrolled: z.boolean(),
  createdAt: z.string(),
  /** The latest request of any of their sessions; null: never signed in. */
  lastSeenAt: z.string().nullable(),
  /** Live sessions now. */
  sessions: z.number().int(),
});
export type OperatorRow = z.infer<typeof operatorRow>;
export const operatorList = z.object({ rows: z.array(operatorRow), total: z.number().int() });

export const operatorCreateBody = z.object({
  account: operatorAccount,
  password: operatorPassword,
  role: z.enum(OPERATOR_ROLES, { error: 'BAD_REQUEST' }),
});
export const operatorRoleBody = z.object({ role: z.enum(OPERATOR_ROLES, { error: 'BAD_REQUEST' }) });
export const operatorStatusBody = z.object({ status: z.enum(OPERATOR_STATUSES, { error: 'STATUS_UNKNOWN' }) });

export const operatorIdParams = z.object({ id: z.string().regex(idPattern, { error: 'NOT_FOUND' }) });
export const operatorSessionParams = z.object({
  id: z.string().regex(idPattern, { error: 'NOT_FOUND' }),
  sessionId: z.string().regex(idPattern, { error: 'NOT_FOUND' }),
});

/** One live session: where and when it was opened, its latest request; `current`: the one asking. */
export const operatorSessionRow = z.object({
  id: z.string(),
  ip: z.string(),
  /** The browser's user agent, as sent. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export const operatorSessionList = z.object({ rows: z.array(operatorSessionRow), total: z.number().int() });
export const sessionEnded = z.object({ ended: z.number().int() });

/** A started enrolment: the secret (base32, for typing it in) and the otpauth URI for the QR code. */
export const otpEnrolment = z.object({ secret: z.string(), uri: z.string() });
/** A six-digit code from the authenticator app. */
export const otpCodeBody = z.object({
  code: z
    .string({ error: 'OTP_REQUIRED' })
    .trim()
    .regex(/^\d{6}$/, { error: 'OTP_WRONG' }),
});
/** Confirmed: ten single-use recovery codes, shown once (only their hashes are kept). */
export const otpRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export const otpState = z.object({ enrolled: z.boolean(), required: z.boolean() });

export const operatorsConsoleEndpoints = {
  adminOperators: { method: 'GET', query: operatorListQuery, response: operatorList },
  adminOperatorCreate: { method: 'POST', body: operatorCreateBody, response: operatorRow },
  adminOperatorRole: { method: 'POST', params: operatorIdParams, body: operatorRoleBody, response: operatorRow },
  adminOperatorStatus: { method: 'POST', params: operatorIdParams, body: operatorStatusBody, response: operatorRow },
  adminOperatorOtpReset: { method: 'POST', params: operatorIdParams, response: operatorRow },
  adminOperatorSessions: { method: 'GET', params: operatorIdParams, response: operatorSessionList },
  adminOperatorSessionRevoke: { method: 'POST', params: operatorSessionParams, response: sessionEnded },
  adminMyOtpStart: { method: 'POST', response: otpEnrolment },
  adminMyOtpConfirm: { method: 'POST', body: otpCodeBody, response: otpRecoveryCodes },
  adminMyOtpDisable: { method: 'POST', body: otpCodeBody, response: otpState },
  adminMySessions: { method: 'GET', response: operatorSessionList },
  adminMySessionRevoke: { method: 'POST', params: operatorIdParams, response: sessionEnded },
} satisfies Record<string, EndpointSpec>;

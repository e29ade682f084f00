import { z } from 'zod';
import { fields } from './auth';

export const adminLoginBody = z.object({
  account: z.string({ error: 'REQUIRED_ACCOUNT' }).trim().min(1, { error: 'REQUIRED_ACCOUNT' }).max(64),
  password: z.string({ error: 'REQUIRED_PASSWORD' }).min(1, { error: 'REQUIRED_PASSWORD' }).max(128),
  /** The answer to the captcha image this client fetched (GET /api/findmed/v1/member/captcha, same device id). */
  code: fields.captcha,
});

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorSession = z.object({
  token: z.string(),
  operator: z.object({ id: z.string(), account: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

export const outboxQuery = z.object({ to: z.string().min(1).max(254) });
export const outboxItem = z.object({
  to: z.string(),
  channel: z.enum(['sms', 'email']),
  purpose: z.string(),
  code: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

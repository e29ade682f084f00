import { z } from 'zod';
import { fields } from './auth';

/** What GET member/token returns: the signed-in member as they may see themselves (contact details masked). */
export const userInfo = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  realName: z.string(),
  avatar: z.string(),
  phoneArea: z.string(),
  phone: z.string().describe('masked, e.g. 138****8000; empty when none'),
  email: z.string().describe('masked, e.g. ab***@example.com; empty when none'),
  vipLevel: z.number().int(),
  inviteCode: z.string().describe('the code others use to register under this member'),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const session = z.object({ token: z.string(), user: userInfo });
export type Session = z.infer<typeof session>;

export const balance = z.object({
  balance: z.string().describe('main wallet, decimal string at scale 4'),
  currency: z.string(),
  symbol: z.string(),
});
export type Balance = z.infer<typeof balance>;

export const messageNum = z.object({ count: z.number().int() });

export const updateProfileBody = z
  .object({
    realName: z.string().trim().min(2, { error: 'NAME_FORMAT' }).max(30, { error: 'NAME_FORMAT' }).optional(),
    nickname: z.string().trim().min(1, { error: 'NICKNAME_FORMAT' }).max(16, { error: 'NICKNAME_FORMAT' }).optional(),
    avatar: z
      .string()
      .regex(/^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/, { error: 'BAD_REQUEST' })
      .optional(),
  })
  .refine((body) => body.realName !== undefined || body.nickname !== undefined || body.avatar !== undefined, {
    error: 'BAD_REQUEST',
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/**
 * The code sent to the new phone. Binding or changing a phone also needs a step-up of the session (security.ts):
 * the login password or a code to the bound phone, within the last 5 minutes.
 */
export const bindPhoneBody = z.object({
  area: fields.area,
  phone: fields.phone,
  smsCode: fields.smsCode,
});
/** Operator console: correct a member's real name (they can set it only once themselves). */
export const adminRealNameBody = z.object({
  realName: z.string().trim().min(2, { error: 'NAME_FORMAT' }).max(30, { error: 'NAME_FORMAT' }),
  reason: z.string().trim().min(2, { error: 'REASON_REQUIRED' }).max(200),
});
export const emailCodeBody = z.object({ email: fields.email });
export const bindEmailBody = z.object({ email: fields.email, code: fields.emailCode });

export const heartbeatBody = z.object({
  gameid: z.string().max(64).optional().default(''),
  platform: z.string().max(64).optional().default(''),
});

/** The heartbeat's echo of the game session the site reported. */
export const heartbeatResult = z.object({ online: z.boolean(), gameid: z.string(), platform: z.string() });

export const uploadResult = z.object({ url: z.string() });

/** Spec: d = feature enabled, p = password already set. */
export const withdrawPasswordConfig = z.object({ d: z.boolean(), p: z.boolean() });
export type WithdrawPasswordConfig = z.infer<typeof withdrawPasswordConfig>;

/** The site derives these from the config (spec section 3). */
export function deriveWithdrawPassword(config: WithdrawPasswordConfig) {
  return { enable: config.d, isUsed: config.p, isToSet: config.d && !config.p };
}

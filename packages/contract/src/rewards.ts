import { z } from 'zod';
import { inOrder, recordTime } from './wallet';

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

/**
 * Which programme paid a reward. Every one moves house:bonus -> main through the ledger with its own transfer code
 * (apps/server/src/wallet/bonus) and adds its amount x multiple to the member's turnover requirement.
 */
export const REWARD_PROGRAMMES = [
  'vip_upgrade',
  'vip_weekly',
  'vip_monthly',
  'vip_birthday',
  'rebate',
  'task',
  'task_points',
  'signin',
  'promotion',
  'code',
  'agent_commission',
] as const;
export type RewardProgramme = (typeof REWARD_PROGRAMMES)[number];

/**
 * A turnover multiple (流水倍数) as operators type it, 0 to 100 with at most two decimals ("1.5" is one and a half
 * times the bonus), parsed to an integer of hundredths (150) so the requirement is computed in integers.
 */
export const turnoverMultiple = z
  .union([z.string(), z.number()], { error: 'MULTIPLE_INVALID' })
  .transform((value, context) => {
    const text = String(value).trim();
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
    const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
    if (!(hundredths >= 0 && hundredths <= 10_000)) {
      context.addIssue({ code: 'custom', message: 'MULTIPLE_INVALID' });
      return z.NEVER;
    }
    return hundredths;
  });

/** Hundredths back to how an operator wrote them: 150 -> "1.5", 300 -> "3". */
export function formatMultiple(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A reward the member received, as the VIP, task, promotion and redemption pages list them. */
export const rewardGrantView = z.object({
  id: z.string(),
  programme: z.enum(REWARD_PROGRAMMES),
  /** Which rule or period paid it: vip:3, rebate:2026-11-25:sports, task:12:2026-11-25, promo:4, code:17. */
  reference: z.string(),
  amount: money,
  /** What this reward added to the turnover the member must wager before withdrawing. */
  turnoverRequired: money,
  /** What the pages show beside it: level, rate, period, task or promotion title, code. */
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type RewardGrantView = z.infer<typeof rewardGrantView>;

export const rewardGrantsQuery = z
  .object({
    /** One programme, or several joined by commas (vip_upgrade,vip_weekly); all when empty. */
    programme: z
      .string()
      .max(200)
      .optional()
      .default('')
      .refine(
        (text) => text === '' || text.split(',').every((one) => (REWARD_PROGRAMMES as readonly string[]).includes(one)),
        {
          error: 'BAD_REQUEST',
        },
      ),
    startTime: recordTime,
    endTime: recordTime,
    page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
    size: z.coerce.number<string | number>().int().min(1).max(50).default(20),
  })
  .refine(inOrder, { error: 'DATE_INVALID', path: ['endTime'] });

export const rewardGrantsPage = z.object({
  list: z.array(rewardGrantView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The sum over every grant the query matches. */
  amount: money,
});
export type RewardGrantsPage = z.infer<typeof rewardGrantsPage>;

export const adminRewardPayoutsQuery = z.object({
  /** Days in the platform's time zone, inclusive (yyyy-MM-dd); the last 7 days when empty. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'DATE_INVALID' })
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'DATE_INVALID' })
    .optional(),
});

/** What each programme paid per day: how many grants, to how many members, how much. */
export const adminRewardPayouts = z.array(
  z.object({
    day: z.string(),
    programme: z.enum(REWARD_PROGRAMMES),
    grants: z.number().int(),
    members: z.number().int(),
    amount: money,
  }),
);
export type AdminRewardPayoutsQuery = z.infer<typeof adminRewardPayoutsQuery>;

import { z } from 'zod';
import type { EndpointSpec } from './endpoint-spec';
import { localizedTexts } from './localized';
import { turnoverMultiple } from './rewards';

/** VIP levels and privileges (issue 23): the calls' schemas and their endpoint-table entries. */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');

/** One level with its thresholds and privileges, as both member calls and the console show it. */
export const vipLevelView = z.object({
  level: z.number().int(),
  name: z.string(),
  /** Reached when lifetime valid turnover AND lifetime deposits both meet these. */
  turnover: money,
  deposits: money,
  /** Valid turnover a calendar month must show to keep the level ("0.0000": never lost). */
  keepTurnover: money,
  upgradeBonus: money,
  weeklyWage: money,
  monthlyWage: money,
  birthdayBonus: money,
  /** Daily rebate (返水) as a percent of valid turnover per category: sports, casino, a vendor code, default. */
  rebateRates: z.record(z.string(), z.string()),
  /** Withdrawals a day and the daily withdrawal maximum at this level. */
  withdrawCount: z.number().int(),
  withdrawMax: money,
  /** Turnover multiple of the level's rewards, as operators write it ("1", "1.5"). */
  multiple: z.string(),
  /** Operators only: the name in the other languages (members read `name` in their own). */
  i18n: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});
export type VipLevelView = z.infer<typeof vipLevelView>;

const progress = z.object({
  turnover: money,
  deposits: money,
  /** 0-100, two decimals, truncated. */
  turnoverPercent: z.number(),
  depositsPercent: z.number(),
});

/** A member's standing: where they are, what they did, what the next level needs. */
export const vipStanding = z.object({
  level: z.number().int(),
  name: z.string(),
  /** The highest level ever reached (its upgrade bonuses were paid). */
  peak: z.number().int(),
  turnover: money,
  deposits: money,
  next: z
    .object({ level: z.number().int(), name: z.string(), turnover: money, deposits: money })
    .merge(progress.pick({ turnoverPercent: true, depositsPercent: true }))
    .nullable(),
  /** This calendar month's valid turnover against the level's keep requirement. */
  month: z.object({ turnover: money, keepTurnover: money, percent: z.number(), kept: z.boolean() }),
  /** yyyy-MM-dd or null when not set. */
  birthday: z.string().nullable(),
});
export type VipStanding = z.infer<typeof vipStanding>;

/** `vips`: the member's standing (null for a visitor), their level, and every level. */
export const vipsView = z.object({
  level: z.number().int().nullable(),
  member: vipStanding.nullable(),
  levels: z.array(vipLevelView),
});
export type VipsView = z.infer<typeof vipsView>;

/** `vipsList`: every level's privileges side by side, and the member's own level (null for a visitor). */
export const vipsListView = z.object({
  level: z.number().int().nullable(),
  levels: z.array(vipLevelView),
});
export type VipsListView = z.infer<typeof vipsListView>;

const day = z.string({ error: 'BIRTHDAY_INVALID' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'BIRTHDAY_INVALID' });
export const vipBirthdayBody = z.object({ birthday: day });

const levelAmount = z
  .union([z.string(), z.number()], { error: 'VIP_LEVEL_INVALID' })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, { error: 'VIP_LEVEL_INVALID' }));
const ratePercent = z
  .union([z.string(), z.number()], { error: 'VIP_LEVEL_INVALID' })
  .transform(String)
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { error: 'VIP_LEVEL_INVALID' }));

/** Console: the whole level table at once (levels 0..n, thresholds strictly increasing, level 0 at zero). */
export const vipLevelsBody = z.object({
  levels: z
    .array(
      z.object({
        level: z.number({ error: 'VIP_LEVEL_INVALID' }).int().min(0).max(100),
        name: z.string({ error: 'VIP_LEVEL_INVALID' }).trim().min(1, { error: 'VIP_LEVEL_INVALID' }).max(20),
        turnover: levelAmount,
        deposits: levelAmount,
        keepTurnover: levelAmount,
        upgradeBonus: levelAmount,
        weeklyWage: levelAmount,
        monthlyWage: levelAmount,
        birthdayBonus: levelAmount,
        rebateRates: z.record(z.string().regex(/^[a-z0-9_]{1,32}$/, { error: 'VIP_LEVEL_INVALID' }), ratePercent),
        withdrawCount: z.number({ error: 'VIP_LEVEL_INVALID' }).int().min(1).max(1000),
        withdrawMax: levelAmount,
        multiple: turnoverMultiple,
        i18n: localizedTexts(['name'], 20),
      }),
      { error: 'VIP_LEVEL_INVALID' },
    )
    .min(1, { error: 'VIP_LEVEL_INVALID' })
    .max(101, { error: 'VIP_LEVEL_INVALID' }),
});
export type VipLevelsBody = z.infer<typeof vipLevelsBody>;

export const vipMemberParams = z.object({ id: z.coerce.number<string>().int().positive() });

export const vipEndpoints = {
  vips: { method: 'GET', response: vipsView },
  vipsList: { method: 'GET', response: vipsListView },
  vipBirthday: { method: 'POST', body: vipBirthdayBody, response: vipStanding },
  adminVipLevels: { method: 'GET', response: z.array(vipLevelView) },
  adminVipLevelsSave: { method: 'PUT', body: vipLevelsBody, json: true, response: z.array(vipLevelView) },
  adminVipMember: { method: 'GET', params: vipMemberParams, response: vipStanding },
  adminVipBirthday: {
    method: 'PUT',
    params: vipMemberParams,
    body: vipBirthdayBody,
    json: true,
    response: vipStanding,
  },
} satisfies Record<string, EndpointSpec>;

// ---------------------------------------------------------------------------------------------------------------------
// VIP payouts (issue 23, helper "vip-payouts"): the scheduled rebate (返水), weekly and monthly wages (俸禄) and the
// birthday bonus; what a member has to claim and the operators' jobs. Endpoints spread into the table as
// `vipPayoutEndpoints` (endpoints.ts).
// ---------------------------------------------------------------------------------------------------------------------

export const VIP_PAYOUT_KINDS = ['rebate', 'weekly', 'monthly', 'birthday'] as const;
export type VipPayoutKind = (typeof VIP_PAYOUT_KINDS)[number];

/** A payout computed for the member: `period` is a day (rebate), 2026-W48 (weekly), 2026-11 (monthly), a year (birthday). */
export const vipPayoutView = z.object({
  id: z.string(),
  kind: z.enum(VIP_PAYOUT_KINDS),
  period: z.string(),
  level: z.number().int(),
  amount: money,
  /** Turnover multiple as operators write it ("1", "1.5"). */
  multiple: z.string(),
  status: z.enum(['paid', 'pending', 'claimed', 'expired']),
  /** The rebate's per category valid turnover, rate and amount ("sports.valid", "sports.rate", "sports.amount"). */
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VipPayoutView = z.infer<typeof vipPayoutView>;

/** `vipPayouts`: what the member can claim now, and the sum. */
export const vipPayoutsView = z.object({ list: z.array(vipPayoutView), total: z.number().int(), amount: money });
export type VipPayoutsView = z.infer<typeof vipPayoutsView>;

export const vipPayoutClaimBody = z.object({
  id: z.coerce.number<string | number>({ error: 'REWARD_NOT_FOUND' }).int().positive({ error: 'REWARD_NOT_FOUND' }),
});

/** What a claim credited: how many payouts and how much. */
export const vipPayoutClaimed = z.object({ claimed: z.number().int(), amount: money });
export type VipPayoutClaimed = z.infer<typeof vipPayoutClaimed>;

export const vipPayoutSetting = z.object({
  kind: z.enum(VIP_PAYOUT_KINDS),
  mode: z.enum(['auto', 'claim']),
  enabled: z.boolean(),
  /** Valid turnover the period must show for a wage to be paid ("0.0000": none; rebate and birthday ignore it). */
  minTurnover: money,
  /** Days a claim-mode payout stays claimable. */
  expiryDays: z.number().int(),
});
export type VipPayoutSetting = z.infer<typeof vipPayoutSetting>;

export const vipPayoutSettingsBody = z.object({
  settings: z
    .array(
      z.object({
        kind: z.enum(VIP_PAYOUT_KINDS, { error: 'BAD_REQUEST' }),
        mode: z.enum(['auto', 'claim'], { error: 'BAD_REQUEST' }),
        enabled: z.boolean({ error: 'BAD_REQUEST' }),
        minTurnover: levelAmount,
        expiryDays: z.number({ error: 'BAD_REQUEST' }).int().min(1).max(365),
      }),
      { error: 'BAD_REQUEST' },
    )
    .min(1, { error: 'BAD_REQUEST' })
    .max(4, { error: 'BAD_REQUEST' }),
});
export type VipPayoutSettingsBody = z.infer<typeof vipPayoutSettingsBody>;

export const vipPayoutRunBody = z.object({
  kind: z.enum(VIP_PAYOUT_KINDS, { error: 'BAD_REQUEST' }),
  /** 2026-11-25 (rebate, birthday), 2026-W48 (weekly), 2026-11 (monthly); a period that has ended (birthday: today too). */
  period: z.string({ error: 'VIP_PAYOUT_PERIOD_INVALID' }).max(10, { error: 'VIP_PAYOUT_PERIOD_INVALID' }),
});

export const vipPayoutRunView = z.object({
  id: z.string(),
  kind: z.enum(VIP_PAYOUT_KINDS),
  period: z.string(),
  mode: z.enum(['auto', 'claim']),
  status: z.enum(['running', 'done']),
  /** Payouts computed (credited or left to claim), of them credited by the run, and their sum. */
  payouts: z.number().int(),
  credited: z.number().int(),
  amount: money,
  slices: z.number().int(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type VipPayoutRunView = z.infer<typeof vipPayoutRunView>;

export const vipPayoutRunsQuery = z.object({
  kind: z.enum(VIP_PAYOUT_KINDS, { error: 'BAD_REQUEST' }).optional(),
  page: z.coerce.number<string | number>().int().min(1).max(10_000).default(1),
  size: z.coerce.number<string | number>().int().min(1).max(100).default(20),
});

export const vipPayoutRunsPage = z.object({
  list: z.array(vipPayoutRunView),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

export const vipPayoutEndpoints = {
  vipPayouts: { method: 'GET', response: vipPayoutsView },
  vipPayoutClaim: { method: 'POST', body: vipPayoutClaimBody, response: vipPayoutClaimed },
  vipPayoutClaimAll: { method: 'POST', response: vipPayoutClaimed },
  adminVipPayoutSettings: { method: 'GET', response: z.array(vipPayoutSetting) },
  adminVipPayoutSettingsSave: {
    method: 'PUT',
    body: vipPayoutSettingsBody,
    json: true,
    response: z.array(vipPayoutSetting),
  },
  adminVipPayoutRuns: { method: 'GET', query: vipPayoutRunsQuery, response: vipPayoutRunsPage },
  adminVipPayoutRun: { method: 'POST', body: vipPayoutRunBody, json: true, response: vipPayoutRunView },
} satisfies Record<string, EndpointSpec>;

import { sql } from 'drizzle-orm';
import { artworkUrl } from '../content/artwork/artwork.catalogue';
import type { Database } from '../db/database';
import { resultRows } from '../db/result-rows';
import { codesRepository } from './codes.repository';
import { type NewRule, promotionsRepository } from './promotions.repository';

const YUAN = 10_000n;

/** The demo's activities beside the seeded text-only ones; each with its rule. */
const DEMO_PROMOTIONS: Array<{ title: string; summary: string; content: string; sort: number; rule: NewRule }> = [
  {
    title: '每日幸运红包',
    summary: '每天登录即可领取一次随机红包',
    content:
      '活动对象：全体会员。\n活动内容：每天可领取一次随机红包，金额 1.88 元至 18.88 元。\n活动规则：红包需完成 1 倍流水后方可提现。',
    sort: 4,
    rule: {
      kind: 'red_packet',
      rate: 0,
      cap: 0n,
      minAmount: 18_800n,
      maxAmount: 188_800n,
      dailyPool: 0n,
      minLevel: 0,
      channelKinds: [],
      frequency: 'day',
      multiple: 100,
    },
  },
  {
    title: '亏损救援金',
    summary: '昨日净亏损满 100 元，次日可领 5% 救援金',
    content:
      '活动对象：全体会员。\n活动内容：昨日体育、真人及电子游戏的净亏损（投注额减去派彩）满 100 元，可领取亏损额 5% 的救援金，最高 588 元。\n活动规则：每天可领取一次，救援金需完成 3 倍流水后方可提现。',
    sort: 5,
    rule: {
      kind: 'loss_rebate',
      rate: 500,
      cap: 588n * YUAN,
      minAmount: 100n * YUAN,
      maxAmount: 0n,
      dailyPool: 0n,
      minLevel: 0,
      channelKinds: [],
      frequency: 'day',
      multiple: 300,
    },
  },
  {
    title: '晋级彩金申请',
    summary: '提交申请，审核通过后派发彩金',
    content:
      '活动对象：VIP1 及以上会员。\n活动内容：提交申请并说明参与情况，客服审核后派发彩金。\n活动规则：每周可申请一次，彩金需完成 1 倍流水后方可提现。',
    sort: 6,
    rule: {
      kind: 'apply',
      rate: 0,
      cap: 0n,
      minAmount: 0n,
      maxAmount: 0n,
      dailyPool: 0n,
      minLevel: 1,
      channelKinds: [],
      frequency: 'week',
      multiple: 100,
    },
  },
];

/** The seeded 新人首存礼 pays 100% of the first deposit, up to 888, with 1x turnover. */
const FIRST_DEPOSIT: NewRule = {
  kind: 'first_deposit',
  rate: 10_000,
  cap: 888n * YUAN,
  minAmount: 0n,
  maxAmount: 0n,
  dailyPool: 0n,
  minLevel: 0,
  channelKinds: [],
  frequency: 'once',
  multiple: 100,
};

/** A demo-only code many members may redeem once each (8.88, 1x turnover). */
export const DEMO_CODE = 'JINB888';

/**
 * Demo activities and a demo code batch; idempotent (runs once, when no promotion has a rule yet). Called from
 * seedDemoContent, which runs in demo mode only.
 */
export async function seedDemoPromotions(db: Database): Promise<void> {
  const [existing] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from promotion_rules`));
  if (Number(existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    const [first] = resultRows<{ id: string }>(
      await tx.execute(sql`select id::text from promos where title = '新人首存礼' order by id limit 1`),
    );
    if (first) await promotionsRepository.upsertRule(tx, Number(first.id), FIRST_DEPOSIT);
    for (const promo of DEMO_PROMOTIONS) {
      const promoId = await promotionsRepository.insertPromo(tx, {
        title: promo.title,
        summary: promo.summary,
        content: promo.content,
        image: artworkUrl('news-budget'),
        startAt: null,
        endAt: null,
        sort: promo.sort,
        active: true,
      });
      await promotionsRepository.upsertRule(tx, promoId, promo.rule);
    }
    if (!(await codesRepository.code(tx, DEMO_CODE))) {
      const batchId = await codesRepository.insertBatch(tx, {
        name: '演示兑换码',
        amount: 88_800n,
        uses: 100_000,
        multiple: 100,
        minLevel: 0,
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
        createdBy: null,
      });
      await codesRepository.insertCodes(tx, batchId, 100_000, [DEMO_CODE]);
    }
  });
}

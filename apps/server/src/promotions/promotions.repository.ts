import type { LocalizedTexts } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type RuleRow = {
  promoId: number;
  title: string;
  summary: string;
  active: boolean;
  sort: number;
  startAt: Date | null;
  endAt: Date | null;
  kind: string;
  rate: number;
  cap: bigint;
  minAmount: bigint;
  maxAmount: bigint;
  dailyPool: bigint;
  minLevel: number;
  channelKinds: string[];
  frequency: string;
  multiple: number;
};

type RawRule = {
  promo_id: string | number;
  title: string;
  summary: string;
  active: boolean;
  sort: number;
  start_at: string | Date | null;
  end_at: string | Date | null;
  kind: string;
  rate: number;
  cap: string;
  min_amount: string;
  max_amount: string;
  daily_pool: string;
  min_level: number;
  channel_kinds: string[] | string;
  frequency: string;
  multiple: number;
};

const date = (value: string | Date | null) => (value === null ? null : new Date(value));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toRule(row: RawRule): RuleRow {
  return {
    promoId: Number(row.promo_id),
    title: row.title,
    summary: row.summary,
    active: row.active,
    sort: Number(row.sort),
    startAt: date(row.start_at),
    endAt: date(row.end_at),
    kind: row.kind,
    rate: Number(row.rate),
    cap: BigInt(row.cap),
    minAmount: BigInt(row.min_amount),
    maxAmount: BigInt(row.max_amount),
    dailyPool: BigInt(row.daily_pool),
    minLevel: Number(row.min_level),
    channelKinds: json<string[]>(row.channel_kinds),
    frequency: row.frequency,
    multiple: Number(row.multiple),
  };
}

const RULE_COLUMNS = sql`p.id::text as promo_id, p.title, p.summary, p.active, p.sort, p.start_at, p.end_at, r.kind,
  r.rate, r.cap::text, r.min_amount::text, r.max_amount::text, r.daily_pool::text, r.min_level, r.channel_kinds,
  r.frequency, r.multiple`;

export type ClaimRow = {
  id: bigint;
  promoId: number;
  memberId: bigint;
  account: string;
  title: string;
  kind: string;
  multiple: number;
  period: string;
  status: string;
  amount: bigint;
  basis: bigint;
  note: string;
  flags: string[];
  grantId: bigint | null;
  reviewNote: string;
  createdAt: Date;
  reviewedAt: Date | null;
  /** The promotion's texts in the other languages (the member's list shows the title in theirs). */
  i18n: LocalizedTexts;
};

type RawClaim = {
  id: string;
  promo_id: string;
  member_id: string;
  account: string;
  title: string;
  kind: string;
  multiple: number;
  period: string;
  status: string;
  amount: string;
  basis: string;
  note: string;
  flags: string[] | string;
  grant_id: string | null;
  review_note: string;
  created_at: string | Date;
  reviewed_at: string | Date | null;
  promo_i18n: LocalizedTexts | null;
};

function toClaim(row: RawClaim): ClaimRow {
  return {
    id: BigInt(row.id),
    promoId: Number(row.promo_id),
    memberId: BigInt(row.member_id),
    account: row.account,
    title: row.title,
    kind: row.kind,
    multiple: Number(row.multiple),
    period: row.period,
    status: row.status,
    amount: BigInt(row.amount),
    basis: BigInt(row.basis),
    note: row.note,
    flags: json<string[]>(row.flags),
    grantId: row.grant_id === null ? null : BigInt(row.grant_id),
    reviewNote: row.review_note,
    i18n: row.promo_i18n ?? {},
    createdAt: new Date(row.created_at),
    reviewedAt: date(row.reviewed_at),
  };
}

const CLAIM_SELECT = sql`select c.id::text, c.promo_id::text, c.member_id::text, m.account, p.title, r.kind, r.multiple,
  c.period, c.status, c.amount::text, c.basis::text, c.note, c.flags, c.grant_id::text, c.review_note, c.created_at,
  c.reviewed_at, p.i18n as promo_i18n
  from promotion_claims c join promos p on p.id = c.promo_id join promotion_rules r on r.promo_id = c.promo_id
  join members m on m.id = c.member_id`;

export type NewRule = Omit<RuleRow, 'promoId' | 'title' | 'summary' | 'active' | 'sort' | 'startAt' | 'endAt'>;
export type PromoFields = {
  title: string;
  summary: string;
  content: string;
  image: string;
  startAt: Date | null;
  endAt: Date | null;
  sort: number;
  active: boolean;
};

export type DepositRow = { id: bigint; amount: bigint; kind: string; at: Date };

/** Promotions' rules, claims and what they count (deposits, turnover, net loss, who a member shares an identity with). */
export const promotionsRepository = {
  async rule(db: Executor, promoId: number, options: { lock?: boolean; activeOnly?: boolean } = {}) {
    const [row] = resultRows<RawRule>(
      await db.execute(sql`select ${RULE_COLUMNS} from promos p join promotion_rules r on r.promo_id = p.id
        where p.id = ${promoId} ${options.activeOnly === false ? sql`` : sql`and p.active`}
        ${options.lock ? sql`for update of r` : sql``}`),
    );
    return row ? toRule(row) : null;
  },

  async rules(db: Executor) {
    return resultRows<RawRule>(
      await db.execute(sql`select ${RULE_COLUMNS} from promos p join promotion_rules r on r.promo_id = p.id
        order by p.sort, p.id desc`),
    ).map(toRule);
  },

  async paidTotals(db: Executor): Promise<Map<number, { count: number; amount: bigint }>> {
    const rows = resultRows<{ promo_id: string; count: number; amount: string }>(
      await db.execute(sql`select promo_id::text, count(*)::int as count, coalesce(sum(amount), 0)::text as amount
        from promotion_claims where status = 'paid' group by promo_id`),
    );
    return new Map(rows.map((row) => [Number(row.promo_id), { count: Number(row.count), amount: BigInt(row.amount) }]));
  },

  /** A promotion's texts and picture with the other languages' texts (the console's form). */
  async promoTexts(db: Executor, id: number) {
    const [row] = resultRows<{
      id: string;
      title: string;
      summary: string;
      content: string;
      image: string;
      i18n: Record<string, Record<string, string>> | null;
    }>(await db.execute(sql`select id::text, title, summary, content, image, i18n from promos where id = ${id}`));
    return row ? { ...row, id: Number(row.id), i18n: row.i18n ?? {} } : null;
  },

  async insertPromo(db: Executor, promo: PromoFields): Promise<number> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into promos (title, image, summary, content, start_at, end_at, sort, active)
        values (${promo.title}, ${promo.image}, ${promo.summary}, ${promo.content},
          ${promo.startAt?.toISOString() ?? null}::timestamptz, ${promo.endAt?.toISOString() ?? null}::timestamptz,
          ${promo.sort}, ${promo.active})
        returning id::text`),
    );
    return Number(row?.id);
  },

  async updatePromo(db: Executor, id: number, promo: PromoFields): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`update promos set title = ${promo.title}, image = ${promo.image}, summary = ${promo.summary},
          content = ${promo.content}, start_at = ${promo.startAt?.toISOString() ?? null}::timestamptz,
          end_at = ${promo.endAt?.toISOString() ?? null}::timestamptz, sort = ${promo.sort}, active = ${promo.active}
        where id = ${id} returning id::text`),
    );
    return rows.length > 0;
  },

  async upsertRule(db: Executor, promoId: number, rule: NewRule) {
    await db.execute(sql`insert into promotion_rules (promo_id, kind, rate, cap, min_amount, max_amount, daily_pool,
        min_level, channel_kinds, frequency, multiple)
      values (${promoId}, ${rule.kind}, ${rule.rate}, ${rule.cap}, ${rule.minAmount}, ${rule.maxAmount},
        ${rule.dailyPool}, ${rule.minLevel}, ${JSON.stringify(rule.channelKinds)}::jsonb, ${rule.frequency},
        ${rule.multiple})
      on conflict (promo_id) do update set kind = excluded.kind, rate = excluded.rate, cap = excluded.cap,
        min_amount = excluded.min_amount, max_amount = excluded.max_amount, daily_pool = excluded.daily_pool,
        min_level = excluded.min_level, channel_kinds = excluded.channel_kinds, frequency = excluded.frequency,
        multiple = excluded.multiple, updated_at = now()`);
  },

  async memberLevel(db: Executor, memberId: bigint): Promise<number> {
    const [row] = resultRows<{ vip_level: number }>(
      await db.execute(sql`select vip_level from members where id = ${memberId}`),
    );
    return Number(row?.vip_level ?? 0);
  },

  /** The member's claim of a promotion for a period, if any. */
  async claimOf(db: Executor, promoId: number, memberId: bigint, period: string) {
    const [row] = resultRows<RawClaim>(
      await db.execute(sql`${CLAIM_SELECT}
        where c.promo_id = ${promoId} and c.member_id = ${memberId} and c.period = ${period}`),
    );
    return row ? toClaim(row) : null;
  },

  async claim(db: Executor, id: bigint, options: { lock?: boolean } = {}) {
    const [row] = resultRows<RawClaim>(
      await db.execute(sql`${CLAIM_SELECT} where c.id = ${id} ${options.lock ? sql`for update of c` : sql``}`),
    );
    return row ? toClaim(row) : null;
  },

  /** Inserts the claim unless the member already has one for the period: null then (someone else's row won). */
  async insertClaim(
    db: Executor,
    claim: {
      promoId: number;
      memberId: bigint;
      period: string;
      status: string;
      amount: bigint;
      basis: bigint;
      note: string;
      flags: string[];
    },
  ): Promise<bigint | null> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into promotion_claims (promo_id, member_id, period, status, amount, basis, note, flags)
        values (${claim.promoId}, ${claim.memberId}, ${claim.period}, ${claim.status}, ${claim.amount}, ${claim.basis},
          ${claim.note}, ${JSON.stringify(claim.flags)}::jsonb)
        on conflict (promo_id, member_id, period) do nothing returning id::text`),
    );
    return row ? BigInt(row.id) : null;
  },

  async resolveClaim(
    db: Executor,
    id: bigint,
    change: { status: string; amount: bigint; grantId: bigint | null; reviewedBy: bigint | null; reviewNote: string },
  ) {
    await db.execute(sql`update promotion_claims set status = ${change.status}, amount = ${change.amount},
        grant_id = ${change.grantId}, reviewed_by = ${change.reviewedBy}, review_note = ${change.reviewNote},
        reviewed_at = ${change.reviewedBy === null ? null : sql`now()`}
      where id = ${id}`);
  },

  async memberClaims(db: Executor, memberId: bigint, offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db.execute(sql`${CLAIM_SELECT} where c.member_id = ${memberId}
        order by c.created_at desc, c.id desc offset ${offset} limit ${limit}`),
      db
        .execute(sql`select count(*)::int as total from promotion_claims where member_id = ${memberId}`)
        .then((result) => resultRows<{ total: number }>(result)),
    ]);
    return { rows: resultRows<RawClaim>(rows).map(toClaim), total: Number(total?.total ?? 0) };
  },

  async claimsByStatus(db: Executor, statuses: string[], offset: number, limit: number) {
    const list = sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    );
    const [rows, [total]] = await Promise.all([
      db.execute(sql`${CLAIM_SELECT} where c.status in (${list})
        order by c.created_at, c.id offset ${offset} limit ${limit}`),
      db
        .execute(sql`select count(*)::int as total from promotion_claims where status in (${list})`)
        .then((result) => resultRows<{ total: number }>(result)),
    ]);
    return { rows: resultRows<RawClaim>(rows).map(toClaim), total: Number(total?.total ?? 0) };
  },

  /** What the promotion paid in a period (a red packet's daily pool). */
  async paidInPeriod(db: Executor, promoId: number, period: string): Promise<bigint> {
    const [row] = resultRows<{ amount: string }>(
      await db.execute(sql`select coalesce(sum(amount), 0)::text as amount from promotion_claims
        where promo_id = ${promoId} and period = ${period} and status in ('paid', 'review')`),
    );
    return BigInt(row?.amount ?? '0');
  },

  /** The member's first confirmed deposit ever, with its channel's kind. */
  async firstDeposit(db: Executor, memberId: bigint): Promise<DepositRow | null> {
    const [row] = resultRows<{ id: string; amount: string; kind: string; at: string | Date }>(
      await db.execute(sql`select o.id::text, o.pay_amount::text as amount, coalesce(ch.kind, '') as kind,
          o.resolved_at as at
        from deposit_orders o left join deposit_channels ch on ch.id = o.channel_id
        where o.member_id = ${memberId} and o.status = 'confirmed'
        order by o.resolved_at, o.id limit 1`),
    );
    return row ? { id: BigInt(row.id), amount: BigInt(row.amount), kind: row.kind, at: new Date(row.at) } : null;
  },

  /** The member's confirmed deposits resolved within [start, end), with their channels' kinds. */
  async depositsIn(db: Executor, memberId: bigint, start: Date | null, end: Date | null): Promise<DepositRow[]> {
    return resultRows<{ id: string; amount: string; kind: string; at: string | Date }>(
      await db.execute(sql`select o.id::text, o.pay_amount::text as amount, coalesce(ch.kind, '') as kind,
          o.resolved_at as at
        from deposit_orders o left join deposit_channels ch on ch.id = o.channel_id
        where o.member_id = ${memberId} and o.status = 'confirmed'
          ${start ? sql`and o.resolved_at >= ${start.toISOString()}::timestamptz` : sql``}
          ${end ? sql`and o.resolved_at < ${end.toISOString()}::timestamptz` : sql``}
        order by o.resolved_at, o.id`),
    ).map((row) => ({ id: BigInt(row.id), amount: BigInt(row.amount), kind: row.kind, at: new Date(row.at) }));
  },

  /**
   * The member's net loss over bets settled within [start, end): what was staked minus what came back, over the
   * sportsbook (total_stake, payout of settled bets), the house tables (settled casino bets) and the vendors (settled,
   * not rolled back, not tombstoned). Refunded or rolled-back bets count neither way. Negative means a net win.
   */
  async netLoss(db: Executor, memberId: bigint, start: Date | null, end: Date | null): Promise<bigint> {
    const span = (column: string) =>
      sql`${start ? sql`and ${sql.raw(column)} >= ${start.toISOString()}::timestamptz` : sql``}
        ${end ? sql`and ${sql.raw(column)} < ${end.toISOString()}::timestamptz` : sql``}`;
    const [row] = resultRows<{ loss: string }>(
      await db.execute(sql`select (
          coalesce((select sum(total_stake - coalesce(payout, 0)) from sports_bets
            where member_id = ${memberId} and status = 'settled' ${span('settled_at')}), 0)
          + coalesce((select sum(stake - coalesce(payout, 0)) from casino_bets
            where member_id = ${memberId} and status = 'settled' ${span('settled_at')}), 0)
          + coalesce((select sum(stake - coalesce(payout, 0)) from vendor_bets
            where member_id = ${memberId} and status = 'settled' and not tombstone ${span('settled_at')}), 0)
        )::text as loss`),
    );
    return BigInt(row?.loss ?? '0');
  },

  /**
   * Which identities the member shares with another member already paid by this promotion: a device they signed in
   * from, the phone (area and number), the real name (when set) or a withdrawal card's account number.
   */
  async sharedIdentities(db: Executor, promoId: number, memberId: bigint): Promise<string[]> {
    const [row] = resultRows<{ device: boolean; phone: boolean; real_name: boolean; card: boolean }>(
      await db.execute(sql`with paid as (
          select distinct member_id from promotion_claims
          where promo_id = ${promoId} and status = 'paid' and member_id <> ${memberId})
        select
          exists (select 1 from member_sessions mine join member_sessions theirs on theirs.device_no = mine.device_no
            join paid on paid.member_id = theirs.member_id
            where mine.member_id = ${memberId} and mine.device_no <> '') as device,
          exists (select 1 from members me join members other on other.phone = me.phone and other.phone_area = me.phone_area
            join paid on paid.member_id = other.id
            where me.id = ${memberId} and me.phone <> '') as phone,
          exists (select 1 from members me join members other on other.real_name = me.real_name
            join paid on paid.member_id = other.id
            where me.id = ${memberId} and btrim(me.real_name) <> '') as real_name,
          exists (select 1 from member_cards mine join member_cards theirs on theirs.account_no = mine.account_no
            join paid on paid.member_id = theirs.member_id
            where mine.member_id = ${memberId} and mine.account_no <> '') as card`),
    );
    if (!row) return [];
    return (['device', 'phone', 'real_name', 'card'] as const).filter((flag) => row[flag]);
  },
};

import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

export type BatchRow = {
  id: bigint;
  name: string;
  amount: bigint;
  uses: number;
  multiple: number;
  minLevel: number;
  expiresAt: Date;
  disabledAt: Date | null;
  codes: number;
  redeemed: number;
  createdAt: Date;
};

type RawBatch = {
  id: string;
  name: string;
  amount: string;
  uses: number;
  multiple: number;
  min_level: number;
  expires_at: string | Date;
  disabled_at: string | Date | null;
  codes: number;
  redeemed: number;
  created_at: string | Date;
};

function toBatch(row: RawBatch): BatchRow {
  return {
    id: BigInt(row.id),
    name: row.name,
    amount: BigInt(row.amount),
    uses: Number(row.uses),
    multiple: Number(row.multiple),
    minLevel: Number(row.min_level),
    expiresAt: new Date(row.expires_at),
    disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
    codes: Number(row.codes),
    redeemed: Number(row.redeemed),
    createdAt: new Date(row.created_at),
  };
}

const BATCH_SELECT = sql`select b.id::text, b.name, b.amount::text, b.uses, b.multiple, b.min_level, b.expires_at,
  b.disabled_at, b.created_at,
  (select count(*)::int from redemption_codes c where c.batch_id = b.id) as codes,
  (select coalesce(sum(c.redeemed), 0)::int from redemption_codes c where c.batch_id = b.id) as redeemed
  from code_batches b`;

export type CodeRow = {
  id: bigint;
  batchId: bigint;
  code: string;
  uses: number;
  redeemed: number;
  amount: bigint;
  multiple: number;
  minLevel: number;
  expiresAt: Date;
  disabledAt: Date | null;
};

export type RedemptionRow = {
  id: bigint;
  code: string;
  amount: bigint;
  turnoverRequired: bigint;
  multiple: number;
  createdAt: Date;
};

type RawRedemption = {
  id: string;
  code: string;
  amount: string;
  turnover_required: string;
  multiple: number;
  created_at: string | Date;
};

function toRedemption(row: RawRedemption): RedemptionRow {
  return {
    id: BigInt(row.id),
    code: row.code,
    amount: BigInt(row.amount),
    turnoverRequired: BigInt(row.turnover_required),
    multiple: Number(row.multiple),
    createdAt: new Date(row.created_at),
  };
}

const REDEMPTION_SELECT = sql`select r.id::text, c.code, g.amount::text, g.turnover_required::text, b.multiple,
  r.created_at
  from code_redemptions r join redemption_codes c on c.id = r.code_id join code_batches b on b.id = c.batch_id
  join reward_grants g on g.id = r.grant_id`;

export type BatchCodeRow = {
  code: string;
  uses: number;
  redeemed: number;
  lastRedeemedAt: Date | null;
  lastAccount: string | null;
};

export type BatchCodesQuery = {
  /** Upper-case text the code contains ('' for any). */
  contains: string;
  state: '' | 'unused' | 'partly' | 'usedUp';
  sort: { field: 'code' | 'redeemed' | 'lastRedeemedAt'; descending: boolean } | null;
  offset: number;
  limit: number;
};

const CODE_ORDER = {
  code: sql`c.code`,
  redeemed: sql`c.redeemed`,
  lastRedeemedAt: sql`last.created_at`,
} as const;

/** Redemption codes: batches, codes (the row is the lock that counts its uses) and the members' redemptions. */
export const codesRepository = {
  async insertBatch(
    db: Executor,
    batch: {
      name: string;
      amount: bigint;
      uses: number;
      multiple: number;
      minLevel: number;
      expiresAt: Date;
      createdBy: bigint | null;
    },
  ): Promise<bigint> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into code_batches (name, amount, uses, multiple, min_level, expires_at, created_by)
        values (${batch.name}, ${batch.amount}, ${batch.uses}, ${batch.multiple}, ${batch.minLevel},
          ${batch.expiresAt.toISOString()}::timestamptz, ${batch.createdBy})
        returning id::text`),
    );
    return BigInt(row?.id ?? '0');
  },

  /** Inserts the codes that are not taken yet; answers the ones inserted. */
  async insertCodes(db: Executor, batchId: bigint, uses: number, codes: string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const values = sql.join(
      codes.map((code) => sql`(${batchId}, ${code}, ${uses})`),
      sql`, `,
    );
    return resultRows<{ code: string }>(
      await db.execute(sql`insert into redemption_codes (batch_id, code, uses) values ${values}
        on conflict (code) do nothing returning code`),
    ).map((row) => row.code);
  },

  async batch(db: Executor, id: bigint): Promise<BatchRow | null> {
    const [row] = resultRows<RawBatch>(await db.execute(sql`${BATCH_SELECT} where b.id = ${id}`));
    return row ? toBatch(row) : null;
  },

  async batches(db: Executor, offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db.execute(sql`${BATCH_SELECT} order by b.created_at desc, b.id desc offset ${offset} limit ${limit}`),
      db
        .execute(sql`select count(*)::int as total from code_batches`)
        .then((result) => resultRows<{ total: number }>(result)),
    ]);
    return { rows: resultRows<RawBatch>(rows).map(toBatch), total: Number(total?.total ?? 0) };
  },

  /** One batch's codes with their redemptions so far and the latest one's member, filtered, sorted and paged. */
  async batchCodes(db: Executor, batchId: bigint, query: BatchCodesQuery) {
    const states = {
      '': sql``,
      unused: sql`and c.redeemed = 0`,
      partly: sql`and c.redeemed > 0 and c.redeemed < c.uses`,
      usedUp: sql`and c.redeemed >= c.uses`,
    };
    const where = sql`c.batch_id = ${batchId} ${states[query.state]}
      ${query.contains ? sql`and strpos(c.code, ${query.contains}) > 0` : sql``}`;
    const order = query.sort
      ? sql`${CODE_ORDER[query.sort.field]} ${query.sort.descending ? sql`desc nulls last` : sql`asc nulls first`}, c.id`
      : sql`c.id`;
    const [rows, [total]] = await Promise.all([
      db.execute(sql`select c.code, c.uses, c.redeemed, last.created_at as last_redeemed_at, last.account as last_account
        from redemption_codes c
        left join lateral (select r.created_at, m.account from code_redemptions r join members m on m.id = r.member_id
          where r.code_id = c.id order by r.created_at desc, r.id desc limit 1) last on true
        where ${where} order by ${order} offset ${query.offset} limit ${query.limit}`),
      db
        .execute(sql`select count(*)::int as total from redemption_codes c where ${where}`)
        .then((result) => resultRows<{ total: number }>(result)),
    ]);
    const list = resultRows<{
      code: string;
      uses: number;
      redeemed: number;
      last_redeemed_at: string | Date | null;
      last_account: string | null;
    }>(rows).map(
      (row): BatchCodeRow => ({
        code: row.code,
        uses: Number(row.uses),
        redeemed: Number(row.redeemed),
        lastRedeemedAt: row.last_redeemed_at === null ? null : new Date(row.last_redeemed_at),
        lastAccount: row.last_account,
      }),
    );
    return { rows: list, total: Number(total?.total ?? 0) };
  },

  async disableBatch(db: Executor, id: bigint): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`update code_batches set disabled_at = coalesce(disabled_at, now()) where id = ${id}
        returning id::text`),
    );
    return rows.length > 0;
  },

  async code(db: Executor, code: string): Promise<CodeRow | null> {
    const [row] = resultRows<{
      id: string;
      batch_id: string;
      code: string;
      uses: number;
      redeemed: number;
      amount: string;
      multiple: number;
      min_level: number;
      expires_at: string | Date;
      disabled_at: string | Date | null;
    }>(
      await db.execute(sql`select c.id::text, c.batch_id::text, c.code, c.uses, c.redeemed, b.amount::text, b.multiple,
          b.min_level, b.expires_at, b.disabled_at
        from redemption_codes c join code_batches b on b.id = c.batch_id where c.code = ${code}`),
    );
    if (!row) return null;
    return {
      id: BigInt(row.id),
      batchId: BigInt(row.batch_id),
      code: row.code,
      uses: Number(row.uses),
      redeemed: Number(row.redeemed),
      amount: BigInt(row.amount),
      multiple: Number(row.multiple),
      minLevel: Number(row.min_level),
      expiresAt: new Date(row.expires_at),
      disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
    };
  },

  async hasRedeemed(db: Executor, codeId: bigint, memberId: bigint): Promise<boolean> {
    const rows = await db.execute(
      sql`select 1 from code_redemptions where code_id = ${codeId} and member_id = ${memberId}`,
    );
    return resultRows(rows).length > 0;
  },

  /** Takes one use of the code (locking its row until the transaction ends); false when none is left. */
  async takeUse(db: Executor, codeId: bigint): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`update redemption_codes set redeemed = redeemed + 1
        where id = ${codeId} and redeemed < uses returning id::text`),
    );
    return rows.length > 0;
  },

  async insertRedemption(db: Executor, codeId: bigint, memberId: bigint, grantId: bigint): Promise<bigint | null> {
    const [row] = resultRows<{ id: string }>(
      await db.execute(sql`insert into code_redemptions (code_id, member_id, grant_id)
        values (${codeId}, ${memberId}, ${grantId})
        on conflict (code_id, member_id) do nothing returning id::text`),
    );
    return row ? BigInt(row.id) : null;
  },

  async redemption(db: Executor, memberId: bigint, id: bigint): Promise<RedemptionRow | null> {
    const [row] = resultRows<RawRedemption>(
      await db.execute(sql`${REDEMPTION_SELECT} where r.id = ${id} and r.member_id = ${memberId}`),
    );
    return row ? toRedemption(row) : null;
  },

  async redemptions(
    db: Executor,
    memberId: bigint,
    query: { start: Date | null; end: Date | null; offset: number; limit: number },
  ) {
    const where = sql`r.member_id = ${memberId}
      ${query.start ? sql`and r.created_at >= ${query.start.toISOString()}::timestamptz` : sql``}
      ${query.end ? sql`and r.created_at < ${query.end.toISOString()}::timestamptz` : sql``}`;
    const [rows, [total]] = await Promise.all([
      db.execute(sql`${REDEMPTION_SELECT} where ${where}
        order by r.created_at desc, r.id desc offset ${query.offset} limit ${query.limit}`),
      db
        .execute(sql`select count(*)::int as total from code_redemptions r where ${where}`)
        .then((result) => resultRows<{ total: number }>(result)),
    ]);
    return { rows: resultRows<RawRedemption>(rows).map(toRedemption), total: Number(total?.total ?? 0) };
  },
};

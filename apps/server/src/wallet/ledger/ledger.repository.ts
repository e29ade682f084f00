import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { resultRows } from '../../db/result-rows';
import { type ledgerTransfers, walletAccounts } from '../../db/schema';

export type AccountRow = typeof walletAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type PostOutcome =
  | { outcome: 'posted' | 'replayed'; transferId: bigint; paramsHash: string }
  | { outcome: 'insufficient' };

type OutcomeRow = { outcome: string; transfer_id: string | null; params_hash: string | null };

/** A posted or replayed row of ledger_post or ledger_post_batch; one without a transfer is a bug in the function. */
function toPosted(row: OutcomeRow, source: string) {
  if (!row.transfer_id || !row.params_hash) throw new Error(`${source}: ${row.outcome} without a transfer`);
  return {
    outcome: row.outcome === 'posted' ? ('posted' as const) : ('replayed' as const),
    transferId: BigInt(row.transfer_id),
    paramsHash: row.params_hash,
  };
}

/** SQL for accounts, transfers and entries. Only ledger.service.ts calls the writing half. */
export const ledgerRepository = {
  /** The account's id, creating it on first use. House accounts have no member. */
  async ensureAccount(db: Executor, memberId: bigint | null, kind: string): Promise<bigint> {
    const found = await db
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(
        and(
          memberId === null ? isNull(walletAccounts.memberId) : eq(walletAccounts.memberId, memberId),
          eq(walletAccounts.kind, kind),
        ),
      )
      .limit(1);
    if (found[0]) return found[0].id;
    if (memberId === null) {
      await db.execute(
        sql`insert into wallet_accounts (member_id, kind) values (null, ${kind}) on conflict (kind) where member_id is null do nothing`,
      );
    } else {
      await db.execute(
        sql`insert into wallet_accounts (member_id, kind) values (${memberId}, ${kind}) on conflict (member_id, kind) do nothing`,
      );
    }
    return ledgerRepository.ensureAccount(db, memberId, kind);
  },

  /** Row locks in ascending id order, the one order every transaction uses, so two never wait on each other. */
  async lockAccounts(
    db: Executor,
    ids: bigint[],
  ): Promise<Map<bigint, { balance: bigint; version: bigint; memberId: bigint | null }>> {
    const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const locked = await db
      .select({
        id: walletAccounts.id,
        balance: walletAccounts.balance,
        version: walletAccounts.version,
        memberId: walletAccounts.memberId,
      })
      .from(walletAccounts)
      .where(inArray(walletAccounts.id, sorted))
      .orderBy(walletAccounts.id)
      .for('update');
    return new Map(locked.map((row) => [row.id, row]));
  },

  /**
   * One posting in one round trip (the ledger_post function of migration 0007): locks both accounts in id order,
   * checks the member balance, inserts the transfer unless its key exists, moves both balances, writes both entries.
   */
  async post(
    db: Executor,
    input: {
      key: string;
      paramsHash: string;
      code: string;
      fromId: bigint;
      toId: bigint;
      amount: bigint;
      actor: string;
      reference: string;
      memo: string;
    },
  ): Promise<PostOutcome> {
    const result = await db.execute(
      sql`select outcome, transfer_id::text as transfer_id, params_hash from ledger_post(${input.key}, ${input.paramsHash}, ${input.code}, ${input.fromId}, ${input.toId}, ${input.amount}, ${input.actor}, ${input.reference}, ${input.memo})`,
    );
    const [row] = resultRows<OutcomeRow>(result);
    if (!row) throw new Error('ledger_post returned nothing');
    if (row.outcome === 'insufficient') return { outcome: 'insufficient' };
    return toPosted(row, 'ledger_post');
  },

  /**
   * Many postings in one statement (ledger_post_batch, migration 0008). Arrays go as single parameters; ids as text,
   * since both drivers pass text arrays the same way and PostgreSQL casts them.
   */
  async postBatch(
    db: Executor,
    input: Array<{
      key: string;
      paramsHash: string;
      code: string;
      fromId: bigint;
      toId: bigint;
      amount: bigint;
      actor: string;
      reference: string;
      memo: string;
    }>,
  ): Promise<Array<{ outcome: 'posted' | 'replayed'; transferId: bigint; paramsHash: string }>> {
    const column = <T>(pick: (item: (typeof input)[number]) => T) => sql.param(input.map(pick));
    const result = await db.execute(sql`
      select ord, outcome, transfer_id::text as transfer_id, params_hash from ledger_post_batch(
        ${column((item) => item.key)}::text[], ${column((item) => item.paramsHash)}::text[],
        ${column((item) => item.code)}::text[], ${column((item) => item.fromId.toString())}::bigint[],
        ${column((item) => item.toId.toString())}::bigint[], ${column((item) => item.amount.toString())}::bigint[],
        ${column((item) => item.actor)}::text[], ${column((item) => item.reference)}::text[],
        ${column((item) => item.memo)}::text[])`);
    return resultRows<OutcomeRow & { ord: string }>(result).map((row) =>
      toPosted(row, `ledger_post_batch #${row.ord}`),
    );
  },

  /** Creates whichever of these member accounts do not exist yet, and returns every id, in two statements. */
  async ensureMemberAccounts(
    db: Executor,
    refs: Array<{ memberId: bigint; kind: string }>,
  ): Promise<Map<string, bigint>> {
    const members = sql.param(refs.map((ref) => ref.memberId.toString()));
    const kinds = sql.param(refs.map((ref) => ref.kind));
    await db.execute(sql`
      insert into wallet_accounts (member_id, kind)
      select * from unnest(${members}::bigint[], ${kinds}::text[]) on conflict (member_id, kind) do nothing`);
    const found = await db.execute(sql`
      select a.id::text as id, a.member_id::text as member_id, a.kind from wallet_accounts a
      join unnest(${members}::bigint[], ${kinds}::text[]) as r(member_id, kind)
        on a.member_id = r.member_id and a.kind = r.kind`);
    return new Map(
      resultRows<{ id: string; member_id: string; kind: string }>(found).map((row) => [
        `${row.member_id}:${row.kind}`,
        BigInt(row.id),
      ]),
    );
  },

  async balances(db: Executor, memberId: bigint): Promise<Array<{ id: bigint; kind: string; balance: bigint }>> {
    return db
      .select({ id: walletAccounts.id, kind: walletAccounts.kind, balance: walletAccounts.balance })
      .from(walletAccounts)
      .where(eq(walletAccounts.memberId, memberId))
      .orderBy(walletAccounts.id);
  },

  /** Balances by account id: primary-key lookups, cheap however often the accounts' rows were updated. */
  /** Balances with the accounts' versions (each posting moves an account's version by one). */
  async balancesById(db: Executor, ids: readonly bigint[]): Promise<Map<bigint, { balance: bigint; version: bigint }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: walletAccounts.id, balance: walletAccounts.balance, version: walletAccounts.version })
      .from(walletAccounts)
      .where(inArray(walletAccounts.id, [...ids]));
    return new Map(rows.map((row) => [row.id, { balance: row.balance, version: row.version }]));
  },

  /** The three invariants an operator can ask about at any time (GET /api/admin/v1/ledger/check). */
  async check(db: Executor) {
    const [unbalanced, mismatched, negative, totals] = await Promise.all([
      db.execute(
        sql`select count(*)::int as n from (select transfer_id from ledger_entries group by transfer_id having sum(amount) <> 0 or count(*) <> 2) t`,
      ),
      db.execute(
        sql`select count(*)::int as n from wallet_accounts a left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id where a.balance <> coalesce(e.total, 0)`,
      ),
      db.execute(sql`select count(*)::int as n from wallet_accounts where member_id is not null and balance < 0`),
      db.execute(
        sql`select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from ledger_entries)::int as entries, coalesce((select sum(balance) from wallet_accounts), 0)::text as total`,
      ),
    ]);
    const n = (result: unknown) => Number(resultRows<{ n: number }>(result)[0]?.n ?? 0);
    const total = resultRows<{ transfers: number; entries: number; total: string }>(totals)[0];
    return {
      unbalancedTransfers: n(unbalanced),
      mismatchedAccounts: n(mismatched),
      negativeMemberAccounts: n(negative),
      transfers: Number(total?.transfers ?? 0),
      entries: Number(total?.entries ?? 0),
      sumOfAllBalances: BigInt(total?.total ?? '0'),
    };
  },
};

import type {
  MemberBetProduct,
  MemberBetStatus,
  MemberPaymentKind,
  MemberPaymentStatus,
  MemberSortField,
  MemberStatus,
} from '@jinb/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** The members list's filters, already validated and normalised by the contract's query schema. */
export type MemberFilters = {
  account?: string;
  phone?: string;
  realName?: string;
  inviteCode?: string;
  deviceNo?: string;
  status?: MemberStatus;
  vipLevel?: number;
  registeredFrom?: string;
  registeredTo?: string;
};

export type MemberSort = { field: MemberSortField; descending: boolean };

type Paging = { page: number; pageSize: number };

/** The start of a LIKE pattern, its wildcards taken literally. */
function prefixPattern(text: string): string {
  return `${text.replace(/[%_\\]/g, '\\$&')}%`;
}

/**
 * Each filter reads an index of migration 0034 (or a unique one): the list and its count stay fast over 100,000
 * members. The redundant `<> ''` and `<> 'active'` terms let the planner use the partial indexes.
 */
function whereOf(filters: MemberFilters): SQL {
  const terms: SQL[] = [sql`true`];
  if (filters.account) terms.push(sql`m.account like ${prefixPattern(filters.account)}`);
  if (filters.phone) terms.push(sql`m.phone = ${filters.phone} and m.phone <> ''`);
  if (filters.realName) terms.push(sql`m.real_name like ${prefixPattern(filters.realName)} and m.real_name <> ''`);
  if (filters.inviteCode) terms.push(sql`m.invite_code = ${filters.inviteCode}`);
  if (filters.deviceNo)
    terms.push(sql`m.id in (select d.member_id from member_devices d where d.device_no = ${filters.deviceNo})`);
  if (filters.status === 'active') terms.push(sql`m.status = 'active'`);
  if (filters.status === 'disabled') terms.push(sql`m.status <> 'active'`);
  if (filters.vipLevel !== undefined) terms.push(sql`m.vip_level = ${filters.vipLevel}`);
  if (filters.registeredFrom) terms.push(sql`m.created_at >= ${filters.registeredFrom}`);
  if (filters.registeredTo) terms.push(sql`m.created_at <= ${filters.registeredTo}`);
  return sql.join(terms, sql` and `);
}

/** Members the filters find that are sorted in memory rather than by walking a sort's index. */
const FEW_MATCHES = 2000;

/**
 * Each sort follows one index, the id breaking ties so pages never overlap. `found` names the columns of the
 * materialised set (balance and id are its own columns there).
 */
function orderOf(sort: MemberSort, found?: 'm'): SQL {
  const direction = sort.descending ? 'desc' : 'asc';
  switch (sort.field) {
    case 'registered':
      return sql.raw(`m.created_at ${direction}, m.id ${direction}`);
    case 'balance':
      return sql.raw(
        found ? `m.balance ${direction}, m.id ${direction}` : `coalesce(wa.balance, 0) ${direction}, m.id ${direction}`,
      );
    case 'lastSignIn':
      return sql.raw(
        sort.descending ? 'm.last_login_at desc nulls last, m.id desc' : 'm.last_login_at asc nulls first, m.id asc',
      );
    case 'vip':
      return sql.raw(`m.vip_level ${direction}, m.id ${direction}`);
  }
}

/**
 * The ids of one page of many matches, in the sort's order, read from the sort's index. The balance sort walks the
 * main wallets' balance index (every member has a main account: registration makes it, migration 0035 gave one to
 * those made without), joining members only when a filter needs their columns.
 */
function pageIds(filters: MemberFilters, where: SQL, sort: MemberSort, limit: number, start: number): SQL {
  if (sort.field !== 'balance')
    return sql`select m.id from members m where ${where} order by ${orderOf(sort)} limit ${limit} offset ${start}`;
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  return sql`select wa.member_id as id from wallet_accounts wa
    ${filtered ? sql`join members m on m.id = wa.member_id and ${where}` : sql``}
    where wa.kind = 'main' and wa.member_id is not null
    order by wa.balance ${direction}, wa.member_id ${direction} limit ${limit} offset ${start}`;
}

type RawListRow = {
  id: string;
  account: string;
  real_name: string;
  phone_area: string;
  phone: string;
  invite_code: string;
  vip_level: number;
  status: MemberStatus;
  balance: string;
  created_at: string | Date;
  last_login_at: string | Date | null;
};

export type MemberListRecord = {
  id: bigint;
  account: string;
  realName: string;
  phoneArea: string;
  phone: string;
  inviteCode: string;
  vipLevel: number;
  status: MemberStatus;
  balance: bigint;
  createdAt: Date;
  lastLoginAt: Date | null;
};

const dateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
const count = (rows: Array<{ total: string | number }>) => Number(rows[0]?.total ?? 0);

/** SQL of the console's members desk: the list, the picture's pages, links, notes, lock state. */
export const memberDeskRepository = {
  /**
   * One page of the members list and the exact number of members the filters find. The count comes first and picks the
   * plan: a few thousand matches are gathered by their filters' indexes and sorted in memory (the planner would
   * otherwise walk a sort's index hoping to meet them soon, 100 ms for a rare VIP level by balance); a page past the
   * middle of many is read from the other end of the sort's index (offset 99,980 of 100,000 costs what offset 0 does).
   */
  async search(
    db: Executor,
    filters: MemberFilters,
    sort: MemberSort,
    paging: Paging,
  ): Promise<{ rows: MemberListRecord[]; total: number }> {
    const where = whereOf(filters);
    const total = count(resultRows(await db.execute(sql`select count(*) as total from members m where ${where}`)));
    const offset = (paging.page - 1) * paging.pageSize;
    if (offset >= total) return { total, rows: [] };
    const fromEnd = total > FEW_MATCHES && offset > total / 2;
    const limit = Math.min(paging.pageSize, total - offset);
    const walk = fromEnd ? { ...sort, descending: !sort.descending } : sort;
    const start = fromEnd ? total - offset - limit : offset;
    const columns = sql`m.id, m.account, m.real_name, m.phone_area, m.phone, m.invite_code, m.vip_level, m.status,
      coalesce(wa.balance, 0) as balance, m.created_at, m.last_login_at`;
    // Left joined: a member whose main account went missing is still listed (at 0), as the count above counts them.
    const from = sql`members m left join wallet_accounts wa on wa.member_id = m.id and wa.kind = 'main'`;
    const raw = resultRows<RawListRow>(
      await db.execute(
        total <= FEW_MATCHES
          ? sql`with found as materialized (select ${columns} from ${from} where ${where})
              select * from found m order by ${orderOf(sort, 'm')} limit ${limit} offset ${start}`
          : // The page's ids first, from the sort's index alone (no row, no wallet read for the rows skipped: an
            // OFFSET over full rows joined to their wallets cost a row read and a join per skipped member), then
            // the page's rows.
            sql`with page as materialized (${pageIds(filters, where, walk, limit, start)})
              select ${columns} from page p join ${from} on m.id = p.id order by ${orderOf(walk)}`,
      ),
    );
    if (fromEnd) raw.reverse();
    return {
      total,
      rows: raw.map((row) => ({
        id: BigInt(row.id),
        account: row.account,
        realName: row.real_name,
        phoneArea: row.phone_area,
        phone: row.phone,
        inviteCode: row.invite_code,
        vipLevel: Number(row.vip_level),
        status: row.status,
        balance: BigInt(row.balance),
        createdAt: new Date(row.created_at),
        lastLoginAt: dateOrNull(row.last_login_at),
      })),
    };
  },

  async liveSessions(db: Executor, memberId: bigint): Promise<number> {
    return count(
      resultRows(
        await db.execute(sql`select count(*) as total from member_sessions
          where member_id = ${memberId} and revoked_at is null and expires_at > now()`),
      ),
    );
  },

  /** The member's ledger entries on every account of theirs, newest first. */
  async ledgerPage(db: Executor, memberId: bigint, paging: Paging) {
    const rows = resultRows<{
      id: string;
      kind: string;
      code: string;
      amount: string;
      balance_after: string;
      reference: string | null;
      memo: string | null;
      created_at: string | Date;
    }>(
      await db.execute(sql`select e.id, a.kind, t.code, e.amount, e.balance_after, t.reference, t.memo, e.created_at
        from ledger_entries e
        join wallet_accounts a on a.id = e.account_id
        join ledger_transfers t on t.id = e.transfer_id
        where a.member_id = ${memberId}
        order by e.id desc limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`),
    );
    const total = count(
      resultRows(
        await db.execute(sql`select count(*) as total from ledger_entries e
          join wallet_accounts a on a.id = e.account_id where a.member_id = ${memberId}`),
      ),
    );
    return {
      total,
      rows: rows.map((row) => ({
        id: BigInt(row.id),
        account: row.kind,
        code: row.code,
        amount: BigInt(row.amount),
        balanceAfter: BigInt(row.balance_after),
        reference: row.reference ?? '',
        memo: row.memo ?? '',
        createdAt: new Date(row.created_at),
      })),
    };
  },

  /** The member's bets of one product, newest first: our book, our tables, the vendors' games. */
  async betsPage(db: Executor, memberId: bigint, product: MemberBetProduct, paging: Paging) {
    const source = {
      sports: sql`select id, type || coalesce(' ' || system, '') as game, total_stake as stake, payout,
          turnover as valid, status, placed_at, settled_at from sports_bets where member_id = ${memberId}`,
      casino: sql`select id, table_code as game, stake, payout, valid, status, placed_at, settled_at
          from casino_bets where member_id = ${memberId}`,
      vendor: sql`select id, platform || ' ' || game as game, stake, payout, valid, status, placed_at, settled_at
          from vendor_bets where member_id = ${memberId} and not tombstone`,
    }[product];
    const rows = resultRows<{
      id: string;
      game: string;
      stake: string;
      payout: string | null;
      valid: string;
      status: MemberBetStatus;
      placed_at: string | Date;
      settled_at: string | Date | null;
    }>(
      await db.execute(sql`select * from (${source}) b order by b.placed_at desc, b.id desc
        limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`),
    );
    const total = count(resultRows(await db.execute(sql`select count(*) as total from (${source}) b`)));
    return {
      total,
      rows: rows.map((row) => ({
        id: BigInt(row.id),
        game: row.game,
        stake: BigInt(row.stake),
        payout: row.payout === null ? null : BigInt(row.payout),
        valid: BigInt(row.valid),
        status: row.status,
        placedAt: new Date(row.placed_at),
        settledAt: dateOrNull(row.settled_at),
      })),
    };
  },

  /** The member's deposit orders or withdrawals, newest first. */
  async paymentsPage(db: Executor, memberId: bigint, kind: MemberPaymentKind, paging: Paging) {
    const source =
      kind === 'deposit'
        ? sql`select id, amount, 0::bigint as fee, status, channel_id as channel, reason, created_at, resolved_at
            from deposit_orders where member_id = ${memberId}`
        : sql`select w.id, w.amount, w.fee, w.status, c.kind || ' ' || right(c.account_no, 4) as channel, w.reason,
              w.created_at, case when w.status in ('paid', 'refused', 'cancelled') then w.updated_at end as resolved_at
            from withdrawals w left join member_cards c on c.id = w.card_id where w.member_id = ${memberId}`;
    const rows = resultRows<{
      id: string;
      amount: string;
      fee: string;
      status: MemberPaymentStatus;
      channel: string | null;
      reason: string;
      created_at: string | Date;
      resolved_at: string | Date | null;
    }>(
      await db.execute(sql`select * from (${source}) p order by p.id desc
        limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`),
    );
    const total = count(resultRows(await db.execute(sql`select count(*) as total from (${source}) p`)));
    return {
      total,
      rows: rows.map((row) => ({
        id: BigInt(row.id),
        amount: BigInt(row.amount),
        fee: BigInt(row.fee),
        status: row.status,
        channel: row.channel ?? '',
        reason: row.reason,
        createdAt: new Date(row.created_at),
        resolvedAt: dateOrNull(row.resolved_at),
      })),
    };
  },

  /** The devices the member used, each with how many other members used it too. */
  async devices(db: Executor, memberId: bigint) {
    const rows = resultRows<{ device_no: string; first_seen_at: string | Date; shared: string | number }>(
      await db.execute(sql`select d.device_no, d.first_seen_at,
          (select count(*) from member_devices o where o.device_no = d.device_no and o.member_id <> d.member_id) as shared
        from member_devices d where d.member_id = ${memberId} and d.device_no <> ''
        order by d.first_seen_at desc limit 100`),
    );
    return rows.map((row) => ({
      deviceNo: row.device_no,
      firstSeenAt: new Date(row.first_seen_at),
      sharedWith: Number(row.shared),
    }));
  },

  /**
   * Other members on one of the member's devices, with the same phone number (whatever its area code: the unique
   * index is per area) or the same payout account number (bank card, Alipay, USDT address).
   */
  async links(db: Executor, memberId: bigint) {
    const rows = resultRows<{ member_id: string; account: string; status: MemberStatus; via: string; value: string }>(
      await db.execute(sql`select * from (
          select distinct o.member_id, m.account, m.status, 'device' as via, o.device_no as value
            from member_devices d
            join member_devices o on o.device_no = d.device_no and o.member_id <> d.member_id
            join members m on m.id = o.member_id
            where d.member_id = ${memberId} and d.device_no <> ''
          union
          select o.id as member_id, o.account, o.status, 'phone' as via, o.phone as value
            from members self join members o on o.phone = self.phone and o.id <> self.id and o.phone <> ''
            where self.id = ${memberId} and self.phone <> ''
          union
          select distinct o.member_id, m.account, m.status, 'card' as via, o.account_no as value
            from member_cards c
            join member_cards o on o.account_no = c.account_no and o.member_id <> c.member_id
            join members m on m.id = o.member_id
            where c.member_id = ${memberId}
        ) l order by l.via, l.member_id limit 200`),
    );
    return rows.map((row) => ({
      memberId: BigInt(row.member_id),
      account: row.account,
      status: row.status,
      via: row.via as 'device' | 'phone' | 'card',
      value: row.value,
    }));
  },

  async notesPage(db: Executor, memberId: bigint, paging: Paging) {
    const rows = resultRows<{ id: string; body: string; operator: string; created_at: string | Date }>(
      await db.execute(sql`select n.id, n.body, o.account as operator, n.created_at
        from member_notes n join operators o on o.id = n.operator_id
        where n.member_id = ${memberId}
        order by n.id desc limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`),
    );
    const total = count(
      resultRows(await db.execute(sql`select count(*) as total from member_notes where member_id = ${memberId}`)),
    );
    return {
      total,
      rows: rows.map((row) => ({
        id: BigInt(row.id),
        body: row.body,
        operator: row.operator,
        createdAt: new Date(row.created_at),
      })),
    };
  },

  async insertNote(db: Executor, note: { memberId: bigint; operatorId: bigint; body: string }) {
    const [row] = resultRows<{ id: string; created_at: string | Date }>(
      await db.execute(sql`insert into member_notes (member_id, operator_id, body)
        values (${note.memberId}, ${note.operatorId}, ${note.body}) returning id, created_at`),
    );
    if (!row) throw new Error('note insert returned nothing');
    return { id: BigInt(row.id), createdAt: new Date(row.created_at) };
  },

  /** Locks or unlocks the member; false when there is no such member. */
  async setLocked(db: Executor, memberId: bigint, lock: { reason: string } | null): Promise<boolean> {
    const rows = resultRows(
      await db.execute(
        lock
          ? sql`update members set status = 'disabled', locked_at = coalesce(locked_at, now()), lock_reason = ${lock.reason}
              where id = ${memberId} returning id`
          : sql`update members set status = 'active', locked_at = null, lock_reason = ''
              where id = ${memberId} returning id`,
      ),
    );
    return rows.length > 0;
  },
};

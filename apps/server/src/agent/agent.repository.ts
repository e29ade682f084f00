import type { AgentBasis, AgentFlagReason, AgentPeriod, CommissionStatus } from '@jinb/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

/** The scheme as stored: amounts at scale 4, rates in millionths, the multiple in hundredths. */
export type SchemeRow = {
  enabled: boolean;
  basis: AgentBasis;
  period: AgentPeriod;
  tiers: Array<{ from: bigint; rate: number }>;
  secondRate: number;
  multiple: number;
  mode: 'auto' | 'claim';
  expiryDays: number;
};

export type RunRow = {
  id: bigint;
  period: string;
  scheme: SchemeRow;
  status: 'running' | 'done';
  cursor: bigint;
  slices: number;
  commissions: number;
  amount: bigint;
  credited: number;
  startedBy: string;
  startedAt: Date;
  finishedAt: Date | null;
};

export type CommissionRow = {
  id: bigint;
  agentId: bigint;
  period: string;
  basis: AgentBasis;
  basisAmount: bigint;
  secondAmount: bigint;
  members: number;
  secondMembers: number;
  tier: number;
  rate: number;
  secondRate: number;
  amount: bigint;
  multiple: number;
  status: CommissionStatus;
  expiresAt: Date | null;
  createdAt: Date;
  claimedAt: Date | null;
};

export type NewCommission = Omit<CommissionRow, 'id' | 'status' | 'expiresAt' | 'createdAt' | 'claimedAt' | 'period'>;

/** One agent of a slice with its downline's figures for the period (flagged members left out). */
export type AgentFigures = {
  agentId: bigint;
  active: boolean;
  basisAmount: bigint;
  secondAmount: bigint;
  members: number;
  secondMembers: number;
};

export type FlagRow = {
  id: bigint;
  memberId: bigint;
  account: string;
  agentId: bigint;
  agentAccount: string;
  reason: AgentFlagReason;
  detail: string;
  status: 'pending' | 'confirmed' | 'cleared';
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

type Span = { start: Date; end: Date };

const at = (value: string | Date) => new Date(value);
const atOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

type RawScheme = {
  enabled: boolean;
  basis: AgentBasis;
  period: AgentPeriod;
  tiers: Array<{ from: string | number; rate: string | number }>;
  second_rate: number;
  multiple: number;
  mode: 'auto' | 'claim';
  expiry_days: number;
};

function toScheme(row: RawScheme): SchemeRow {
  return {
    enabled: row.enabled,
    basis: row.basis,
    period: row.period,
    tiers: (row.tiers ?? []).map((tier) => ({ from: BigInt(tier.from), rate: Number(tier.rate) })),
    secondRate: Number(row.second_rate),
    multiple: Number(row.multiple),
    mode: row.mode,
    expiryDays: Number(row.expiry_days),
  };
}

/** The scheme as a run keeps it (jsonb; bigints as strings). */
export function schemeJson(scheme: SchemeRow): RawScheme {
  return {
    enabled: scheme.enabled,
    basis: scheme.basis,
    period: scheme.period,
    tiers: scheme.tiers.map((tier) => ({ from: String(tier.from), rate: tier.rate })),
    second_rate: scheme.secondRate,
    multiple: scheme.multiple,
    mode: scheme.mode,
    expiry_days: scheme.expiryDays,
  };
}

type RawRun = {
  id: string;
  period: string;
  scheme: RawScheme;
  status: 'running' | 'done';
  cursor: string;
  slices: number;
  commissions: number;
  amount: string;
  credited: number;
  started_by: string;
  started_at: string | Date;
  finished_at: string | Date | null;
};

const runColumns = sql`id::text, period, scheme, status, cursor::text, slices, commissions, amount::text, credited,
  started_by, started_at, finished_at`;

function toRun(row: RawRun): RunRow {
  return {
    id: BigInt(row.id),
    period: row.period,
    scheme: toScheme(row.scheme),
    status: row.status,
    cursor: BigInt(row.cursor),
    slices: Number(row.slices),
    commissions: Number(row.commissions),
    amount: BigInt(row.amount),
    credited: Number(row.credited),
    startedBy: row.started_by,
    startedAt: at(row.started_at),
    finishedAt: atOrNull(row.finished_at),
  };
}

type RawCommission = {
  id: string;
  agent_id: string;
  period: string;
  basis: AgentBasis;
  basis_amount: string;
  second_amount: string;
  members: number;
  second_members: number;
  tier: number;
  rate: number;
  second_rate: number;
  amount: string;
  multiple: number;
  status: CommissionStatus;
  expires_at: string | Date | null;
  created_at: string | Date;
  claimed_at: string | Date | null;
};

const commissionColumns = sql`c.id::text, c.agent_id::text, c.period, c.basis, c.basis_amount::text,
  c.second_amount::text, c.members, c.second_members, c.tier, c.rate, c.second_rate, c.amount::text, c.multiple,
  c.status, c.expires_at, c.created_at, c.claimed_at`;

function toCommission(row: RawCommission): CommissionRow {
  return {
    id: BigInt(row.id),
    agentId: BigInt(row.agent_id),
    period: row.period,
    basis: row.basis,
    basisAmount: BigInt(row.basis_amount),
    secondAmount: BigInt(row.second_amount),
    members: Number(row.members),
    secondMembers: Number(row.second_members),
    tier: Number(row.tier),
    rate: Number(row.rate),
    secondRate: Number(row.second_rate),
    amount: BigInt(row.amount),
    multiple: Number(row.multiple),
    status: row.status,
    expiresAt: atOrNull(row.expires_at),
    createdAt: at(row.created_at),
    claimedAt: atOrNull(row.claimed_at),
  };
}

type RawFlag = {
  id: string;
  member_id: string;
  account: string;
  agent_id: string;
  agent_account: string;
  reason: AgentFlagReason;
  detail: string;
  status: 'pending' | 'confirmed' | 'cleared';
  decided_by: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
};

const flagColumns = sql`f.id::text, f.member_id::text, m.account, f.agent_id::text, a.account as agent_account,
  f.reason, f.detail, f.status, f.decided_by, f.created_at, f.decided_at`;

function toFlag(row: RawFlag): FlagRow {
  return {
    id: BigInt(row.id),
    memberId: BigInt(row.member_id),
    account: row.account,
    agentId: BigInt(row.agent_id),
    agentAccount: row.agent_account,
    reason: row.reason,
    detail: row.detail,
    status: row.status,
    decidedBy: row.decided_by,
    createdAt: at(row.created_at),
    decidedAt: atOrNull(row.decided_at),
  };
}

const inSpan = (column: SQL, span: Span | null) =>
  span
    ? sql`and ${column} >= ${span.start.toISOString()}::timestamptz and ${column} < ${span.end.toISOString()}::timestamptz`
    : sql``;

/** A downline member counts for the agents above them only while no flag on them is open (pending or confirmed). */
const unflagged = (memberId: SQL) =>
  sql`not exists (select 1 from agent_flags f where f.member_id = ${memberId} and f.status <> 'cleared')`;

/** What each member's bets contribute to the basis: valid turnover, or stake minus payout (negative when they won). */
function basisSource(basis: AgentBasis): SQL {
  return basis === 'turnover'
    ? sql`select member_id, valid as figure, counted_at from member_valid_bets`
    : sql`select member_id, stake - payout as figure, counted_at from member_bet_results`;
}

/** SQL of the agent programme: the scheme, runs and their cursors, commissions, the downline, farming flags. */
export const agentRepository = {
  async scheme(db: Executor): Promise<SchemeRow | undefined> {
    const [row] = resultRows<RawScheme>(
      await db.execute(sql`select enabled, basis, period, tiers, second_rate, multiple, mode, expiry_days
        from agent_settings where id = 1`),
    );
    return row ? toScheme(row) : undefined;
  },

  async saveScheme(db: Executor, scheme: SchemeRow): Promise<void> {
    const tiers = JSON.stringify(scheme.tiers.map((tier) => ({ from: String(tier.from), rate: tier.rate })));
    await db.execute(sql`insert into agent_settings
        (id, enabled, basis, period, tiers, second_rate, multiple, mode, expiry_days, updated_at)
      values (1, ${scheme.enabled}, ${scheme.basis}, ${scheme.period}, ${tiers}::jsonb, ${scheme.secondRate},
        ${scheme.multiple}, ${scheme.mode}, ${scheme.expiryDays}, now())
      on conflict (id) do update set enabled = excluded.enabled, basis = excluded.basis, period = excluded.period,
        tiers = excluded.tiers, second_rate = excluded.second_rate, multiple = excluded.multiple,
        mode = excluded.mode, expiry_days = excluded.expiry_days, updated_at = now()`);
  },

  // --- runs --------------------------------------------------------------------------------------------------------

  /** Creates the period's run unless it exists; answers whether this call created it. */
  async claimRun(db: Executor, run: { period: string; scheme: SchemeRow; startedBy: string }): Promise<boolean> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`insert into agent_commission_runs (period, scheme, started_by)
        values (${run.period}, ${JSON.stringify(schemeJson(run.scheme))}::jsonb, ${run.startedBy})
        on conflict (period) do nothing returning id::text`),
    );
    return rows.length > 0;
  },

  async run(db: Executor, period: string): Promise<RunRow | undefined> {
    const [row] = resultRows<RawRun>(
      await db.execute(sql`select ${runColumns} from agent_commission_runs where period = ${period}`),
    );
    return row ? toRun(row) : undefined;
  },

  /** The run row locked for one slice: every runner of the period waits here, so slices never overlap. */
  async lockRun(db: Executor, period: string): Promise<RunRow | undefined> {
    const [row] = resultRows<RawRun>(
      await db.execute(sql`select ${runColumns} from agent_commission_runs where period = ${period} for update`),
    );
    return row ? toRun(row) : undefined;
  },

  async advanceRun(
    db: Executor,
    id: bigint,
    step: { cursor: bigint; commissions: number; amount: bigint; credited: number },
  ): Promise<void> {
    await db.execute(sql`update agent_commission_runs set cursor = ${step.cursor}, slices = slices + 1,
        commissions = commissions + ${step.commissions}, amount = amount + ${step.amount},
        credited = credited + ${step.credited}
      where id = ${id}`);
  },

  async finishRun(db: Executor, id: bigint): Promise<void> {
    await db.execute(sql`update agent_commission_runs set status = 'done', finished_at = now() where id = ${id}`);
  },

  /** The next agents (members someone registered under) after the cursor, in id order. */
  async agentSlice(db: Executor, input: { afterAgentId: bigint; limit: number }): Promise<bigint[]> {
    const rows = resultRows<{ agent_id: string }>(
      await db.execute(sql`select distinct inviter_id::text as agent_id, inviter_id from members
        where inviter_id is not null and inviter_id > ${input.afterAgentId}
        order by inviter_id limit ${input.limit}`),
    );
    return rows.map((row) => BigInt(row.agent_id));
  },

  /**
   * Re-checks the agents' downline (both levels) against the agent before their commission is computed: a session of
   * both on one device, the same phone number (whatever the area code: the exact same phone is already unique), the
   * same card or wallet number. New findings become pending flags; a flag an operator decided stays decided.
   */
  async recheckFlags(db: Executor, agentIds: readonly bigint[]): Promise<number> {
    if (agentIds.length === 0) return 0;
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`with agents as (select unnest(${sql.param(agentIds.map(String))}::bigint[]) as agent_id),
        down as (
          select a.agent_id, m.id as member_id from agents a join members m on m.inviter_id = a.agent_id
          union all
          select a.agent_id, m2.id from agents a join members m1 on m1.inviter_id = a.agent_id
            join members m2 on m2.inviter_id = m1.id),
        found as (
          select d.member_id, d.agent_id, 'shared_device' as reason, min(mine.device_no) as detail
          from down d join member_sessions mine on mine.member_id = d.member_id and mine.device_no <> ''
            join member_sessions theirs on theirs.member_id = d.agent_id and theirs.device_no = mine.device_no
          where not exists (select 1 from agent_flags f where f.member_id = d.member_id and f.agent_id = d.agent_id
            and f.reason = 'self_invite')
          group by d.member_id, d.agent_id
          union all
          select d.member_id, d.agent_id, 'shared_phone', me.phone
          from down d join members me on me.id = d.member_id join members ag on ag.id = d.agent_id
          where me.phone <> '' and me.phone = ag.phone
          union all
          select d.member_id, d.agent_id, 'shared_card', '****' || right(min(mine.account_no), 4)
          from down d join member_cards mine on mine.member_id = d.member_id and mine.account_no <> ''
            join member_cards theirs on theirs.member_id = d.agent_id and theirs.account_no = mine.account_no
          group by d.member_id, d.agent_id)
        insert into agent_flags (member_id, agent_id, reason, detail)
        select member_id, agent_id, reason, detail from found
        on conflict (member_id, agent_id, reason) do nothing
        returning id::text`),
    );
    return rows.length;
  },

  /**
   * A registration through an invite code: self_invite when the registering device is one the inviter signed in from
   * (the rule is the device, not the address: members behind one carrier or office NAT share addresses), shared_phone
   * when the numbers match whatever the area code. Answers the reasons flagged.
   */
  async flagRegistration(
    db: Executor,
    input: { memberId: bigint; inviterId: bigint; deviceNo: string },
  ): Promise<AgentFlagReason[]> {
    const rows = resultRows<{ reason: AgentFlagReason }>(
      await db.execute(sql`with found as (
          select 'self_invite' as reason, ${input.deviceNo}::text as detail
          where ${input.deviceNo}::text <> '' and exists (select 1 from member_sessions s
            where s.member_id = ${input.inviterId} and s.device_no = ${input.deviceNo}::text)
          union all
          select 'shared_phone', me.phone from members me join members ag on ag.id = ${input.inviterId}
          where me.id = ${input.memberId} and me.phone <> '' and me.phone = ag.phone)
        insert into agent_flags (member_id, agent_id, reason, detail)
        select ${input.memberId}, ${input.inviterId}, reason, detail from found
        on conflict (member_id, agent_id, reason) do nothing
        returning reason`),
    );
    return rows.map((row) => row.reason);
  },

  /** The slice's agents with their unflagged downline's totals of the basis within the span. */
  async figures(db: Executor, input: { agentIds: readonly bigint[]; basis: AgentBasis; span: Span }) {
    if (input.agentIds.length === 0) return [];
    const rows = resultRows<{
      agent_id: string;
      status: string;
      basis_amount: string;
      second_amount: string;
      members: number;
      second_members: number;
    }>(
      await db.execute(sql`with agents as (select unnest(${sql.param(input.agentIds.map(String))}::bigint[]) as agent_id),
        l1 as (
          select a.agent_id, m.id as member_id from agents a join members m on m.inviter_id = a.agent_id
          where ${unflagged(sql`m.id`)}),
        l2 as (
          select l1.agent_id, m.id as member_id from l1 join members m on m.inviter_id = l1.member_id
          where ${unflagged(sql`m.id`)}),
        figures as (
          select src.member_id, sum(src.figure) as figure from (${basisSource(input.basis)}) src
          where src.member_id in (select member_id from l1 union select member_id from l2)
            ${inSpan(sql`src.counted_at`, input.span)}
          group by src.member_id)
        select a.agent_id::text, ag.status,
          coalesce((select sum(f.figure) from l1 join figures f using (member_id) where l1.agent_id = a.agent_id), 0)::text
            as basis_amount,
          coalesce((select sum(f.figure) from l2 join figures f using (member_id) where l2.agent_id = a.agent_id), 0)::text
            as second_amount,
          (select count(*) from l1 where l1.agent_id = a.agent_id)::int as members,
          (select count(*) from l2 where l2.agent_id = a.agent_id)::int as second_members
        from agents a join members ag on ag.id = a.agent_id
        order by a.agent_id`),
    );
    return rows.map(
      (row): AgentFigures => ({
        agentId: BigInt(row.agent_id),
        active: row.status === 'active',
        basisAmount: BigInt(row.basis_amount),
        secondAmount: BigInt(row.second_amount),
        members: Number(row.members),
        secondMembers: Number(row.second_members),
      }),
    );
  },

  /** Writes a slice's commissions; one an agent already has for the period is left as it is. Answers those written. */
  async insertCommissions(
    db: Executor,
    input: {
      period: string;
      runId: bigint;
      status: 'paid' | 'pending';
      expiryDays: number;
      commissions: readonly NewCommission[];
    },
  ): Promise<Array<{ id: bigint; agentId: bigint }>> {
    const list = input.commissions;
    if (list.length === 0) return [];
    const rows = resultRows<{ id: string; agent_id: string }>(
      await db.execute(sql`insert into agent_commissions (agent_id, period, run_id, basis, basis_amount, second_amount,
          members, second_members, tier, rate, second_rate, amount, multiple, status, expires_at)
        select g, ${input.period}, ${input.runId}, b, ba, sa, m1, m2, t, r, sr, a, x, ${input.status},
          ${input.status === 'pending' ? sql`now() + make_interval(days => ${input.expiryDays}::int)` : sql`null::timestamptz`}
        from unnest(
          ${sql.param(list.map((c) => String(c.agentId)))}::bigint[],
          ${sql.param(list.map((c) => c.basis))}::text[],
          ${sql.param(list.map((c) => String(c.basisAmount)))}::bigint[],
          ${sql.param(list.map((c) => String(c.secondAmount)))}::bigint[],
          ${sql.param(list.map((c) => c.members))}::int[],
          ${sql.param(list.map((c) => c.secondMembers))}::int[],
          ${sql.param(list.map((c) => c.tier))}::int[],
          ${sql.param(list.map((c) => c.rate))}::int[],
          ${sql.param(list.map((c) => c.secondRate))}::int[],
          ${sql.param(list.map((c) => String(c.amount)))}::bigint[],
          ${sql.param(list.map((c) => c.multiple))}::int[]) as i(g, b, ba, sa, m1, m2, t, r, sr, a, x)
        order by g
        on conflict (agent_id, period) do nothing
        returning id::text, agent_id::text`),
    );
    return rows.map((row) => ({ id: BigInt(row.id), agentId: BigInt(row.agent_id) }));
  },

  // --- the member --------------------------------------------------------------------------------------------------

  async inviteCode(db: Executor, memberId: bigint): Promise<string | undefined> {
    const [row] = resultRows<{ invite_code: string }>(
      await db.execute(sql`select invite_code from members where id = ${memberId}`),
    );
    return row?.invite_code;
  },

  /** How many registered with the member's code, and with theirs. */
  async downlineCounts(db: Executor, memberId: bigint): Promise<{ direct: number; second: number }> {
    const [row] = resultRows<{ direct: number; second: number }>(
      await db.execute(sql`select
          (select count(*) from members where inviter_id = ${memberId})::int as direct,
          (select count(*) from members m join members d on m.inviter_id = d.id where d.inviter_id = ${memberId})::int
            as second`),
    );
    return { direct: Number(row?.direct ?? 0), second: Number(row?.second ?? 0) };
  },

  /** Commission credited (paid or claimed) and waiting (pending, not expired). */
  async commissionTotals(db: Executor, memberId: bigint): Promise<{ paid: bigint; waiting: bigint }> {
    const [row] = resultRows<{ paid: string; waiting: string }>(
      await db.execute(sql`select
          coalesce(sum(amount) filter (where status in ('paid', 'claimed')), 0)::text as paid,
          coalesce(sum(amount) filter (where status = 'pending' and expires_at > now()), 0)::text as waiting
        from agent_commissions where agent_id = ${memberId}`),
    );
    return { paid: BigInt(row?.paid ?? '0'), waiting: BigInt(row?.waiting ?? '0') };
  },

  /** One page of the downline, newest first, with each member's deposits and valid turnover (all time or the span). */
  async downline(
    db: Executor,
    input: { memberId: bigint; level: 1 | 2; span: Span | null; timeZone: string; offset: number; limit: number },
  ) {
    const who =
      input.level === 1
        ? sql`m.inviter_id = ${input.memberId}`
        : sql`m.inviter_id in (select id from members where inviter_id = ${input.memberId})`;
    const [rows, total] = await Promise.all([
      db.execute(sql`select m.account, to_char(m.created_at at time zone ${input.timeZone}, 'YYYY-MM-DD') as day,
          (select coalesce(sum(d.amount), 0) from member_deposits d
            where d.member_id = m.id ${inSpan(sql`d.counted_at`, input.span)})::text as deposits,
          (select coalesce(sum(b.valid), 0) from member_valid_bets b
            where b.member_id = m.id ${inSpan(sql`b.counted_at`, input.span)})::text as valid
        from members m where ${who}
        order by m.created_at desc, m.id desc offset ${input.offset} limit ${input.limit}`),
      db.execute(sql`select count(*)::int as total from members m where ${who}`),
    ]);
    return {
      rows: resultRows<{ account: string; day: string; deposits: string; valid: string }>(rows).map((row) => ({
        account: row.account,
        day: row.day,
        deposits: BigInt(row.deposits),
        valid: BigInt(row.valid),
      })),
      total: Number(resultRows<{ total: number }>(total)[0]?.total ?? 0),
    };
  },

  async commissionsOf(
    db: Executor,
    input: { memberId: bigint; offset: number; limit: number },
  ): Promise<{ rows: CommissionRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      db.execute(sql`select ${commissionColumns} from agent_commissions c where c.agent_id = ${input.memberId}
        order by c.id desc offset ${input.offset} limit ${input.limit}`),
      db.execute(sql`select count(*)::int as total from agent_commissions where agent_id = ${input.memberId}`),
    ]);
    return {
      rows: resultRows<RawCommission>(rows).map(toCommission),
      total: Number(resultRows<{ total: number }>(total)[0]?.total ?? 0),
    };
  },

  /** One of the member's commissions, locked (another member's id finds nothing). */
  async lockCommission(
    db: Executor,
    memberId: bigint,
    id: bigint,
  ): Promise<(CommissionRow & { expired: boolean }) | undefined> {
    const [row] = resultRows<RawCommission & { expired: boolean }>(
      await db.execute(sql`select ${commissionColumns}, (c.expires_at is not null and c.expires_at <= now()) as expired
        from agent_commissions c where c.id = ${id} and c.agent_id = ${memberId} for update`),
    );
    return row ? { ...toCommission(row), expired: row.expired } : undefined;
  },

  async markClaimed(db: Executor, id: bigint): Promise<void> {
    await db.execute(sql`update agent_commissions set status = 'claimed', claimed_at = now() where id = ${id}`);
  },

  /** Pending commissions past their expiry become expired; answers how many. */
  async expireOverdue(db: Executor): Promise<number> {
    const rows = resultRows<{ id: string }>(
      await db.execute(sql`update agent_commissions set status = 'expired'
        where status = 'pending' and expires_at <= now() returning id::text`),
    );
    return rows.length;
  },

  // --- operators ---------------------------------------------------------------------------------------------------

  async report(
    db: Executor,
    input: { period?: string; agentId?: bigint; offset: number; limit: number },
  ): Promise<{ rows: Array<CommissionRow & { account: string }>; total: number; amount: bigint }> {
    const where = sql`where true ${input.period ? sql`and c.period = ${input.period}` : sql``}
      ${input.agentId ? sql`and c.agent_id = ${input.agentId}` : sql``}`;
    const [rows, total] = await Promise.all([
      db.execute(sql`select ${commissionColumns}, m.account from agent_commissions c join members m on m.id = c.agent_id
        ${where} order by c.period desc, c.id desc offset ${input.offset} limit ${input.limit}`),
      db.execute(sql`select count(*)::int as total, coalesce(sum(c.amount), 0)::text as amount
        from agent_commissions c ${where}`),
    ]);
    const [sums] = resultRows<{ total: number; amount: string }>(total);
    return {
      rows: resultRows<RawCommission & { account: string }>(rows).map((row) => ({
        ...toCommission(row),
        account: row.account,
      })),
      total: Number(sums?.total ?? 0),
      amount: BigInt(sums?.amount ?? '0'),
    };
  },

  async flags(
    db: Executor,
    input: { status?: 'pending' | 'confirmed' | 'cleared'; offset: number; limit: number },
  ): Promise<{ rows: FlagRow[]; total: number }> {
    const where = input.status ? sql`where f.status = ${input.status}` : sql``;
    const [rows, total] = await Promise.all([
      db.execute(sql`select ${flagColumns} from agent_flags f join members m on m.id = f.member_id
          join members a on a.id = f.agent_id
        ${where} order by f.id desc offset ${input.offset} limit ${input.limit}`),
      db.execute(sql`select count(*)::int as total from agent_flags f ${where}`),
    ]);
    return {
      rows: resultRows<RawFlag>(rows).map(toFlag),
      total: Number(resultRows<{ total: number }>(total)[0]?.total ?? 0),
    };
  },

  /** Records an operator's decision; answers the flag, or nothing when there is no such flag. */
  async decideFlag(
    db: Executor,
    input: { id: bigint; status: 'confirmed' | 'cleared'; decidedBy: string },
  ): Promise<FlagRow | undefined> {
    const [updated] = resultRows<{ id: string }>(
      await db.execute(sql`update agent_flags set status = ${input.status}, decided_by = ${input.decidedBy},
          decided_at = now()
        where id = ${input.id} returning id::text`),
    );
    if (!updated) return undefined;
    const [row] = resultRows<RawFlag>(
      await db.execute(sql`select ${flagColumns} from agent_flags f join members m on m.id = f.member_id
          join members a on a.id = f.agent_id where f.id = ${input.id}`),
    );
    return row ? toFlag(row) : undefined;
  },
};

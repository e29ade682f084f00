import {
  type AdminAgentCommissionsQuery,
  type AdminAgentFlagView,
  type AdminAgentRunView,
  type AgentCommissionClaimed,
  type AgentCommissionsPage,
  type AgentCommissionView,
  type AgentDownlinePage,
  type AgentDownlineQuery,
  type AgentInfoView,
  type AgentScheme,
  type AgentSettingsBody,
  ENDPOINT_ACCESS,
  formatMultiple,
  platformDay,
  platformDayBounds,
  rolesOf,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { rateMillionths, ratePercent } from '../vip/rebate-rates';
import type { BonusService, Grant } from '../wallet/bonus/bonus.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import {
  type CommissionRow,
  type FlagRow,
  type NewCommission,
  type RunRow,
  agentRepository as repo,
  type SchemeRow,
} from './agent.repository';
import { commissionDays, commissionSpan, periodKind } from './agent-periods';

/** The roles of an operator call: its line in the console's role matrix (ENDPOINT_ACCESS), the server's one table. */
const rolesFor = (call: string) => rolesOf(ENDPOINT_ACCESS[call] ?? 'admin');

/**
 * Who reads the programme's scheme, report and flags; who changes the scheme (marketing, issue 27); who computes a
 * period now or decides a flag (both move commission: the money desk). The routes get the same check from the table.
 */
export const AGENT_VIEWERS = rolesFor('adminAgentSettings');
export const AGENT_SCHEME_EDITORS = rolesFor('adminAgentSettingsSave');
export const AGENT_RUNNERS = rolesFor('adminAgentRun');
export const AGENT_FLAG_DECIDERS = rolesFor('adminAgentFlagDecide');

/** Agents per slice: one transaction re-checks their downline, computes, writes and credits, moves the cursor. */
export const DEFAULT_SLICE = 500;

/** The scheme when the table has none (never after migration 0026, which writes one). */
const FALLBACK_SCHEME: SchemeRow = {
  enabled: false,
  basis: 'turnover',
  period: 'week',
  tiers: [{ from: 0n, rate: 0 }],
  secondRate: 0,
  multiple: 100,
  mode: 'claim',
  expiryDays: 30,
};

/**
 * One agent's commission for a period, in integers:
 *   tier    = the highest tier whose `from` the direct downline's total reaches (1-based; 0 when none)
 *   first   = direct total x tier rate / 1,000,000, truncated to 0.0001 (nothing when the total is not above zero)
 *   second  = second-level total x second rate / 1,000,000, truncated the same way
 *   amount  = first + second
 * e.g. direct 1,500.0000 at a tier of 0.3% (3000) = 4.5000; second level 200.0000 at 0.1% (1000) = 0.2000; 4.7000.
 */
export function priceCommission(
  scheme: Pick<SchemeRow, 'tiers' | 'secondRate'>,
  basisAmount: bigint,
  secondAmount: bigint,
): { tier: number; rate: number; amount: bigint } {
  let tier = 0;
  let rate = 0;
  scheme.tiers.forEach((one, index) => {
    if (basisAmount >= one.from) {
      tier = index + 1;
      rate = one.rate;
    }
  });
  const first = basisAmount > 0n ? (basisAmount * BigInt(rate)) / 1_000_000n : 0n;
  const second = secondAmount > 0n ? (secondAmount * BigInt(scheme.secondRate)) / 1_000_000n : 0n;
  return { tier, rate, amount: first + second };
}

/** 'abcdef9' -> 'ab***9'; a short account keeps only its first character. */
export function maskAccount(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

export function schemeView(scheme: SchemeRow): AgentScheme {
  return {
    enabled: scheme.enabled,
    basis: scheme.basis,
    period: scheme.period,
    tiers: scheme.tiers.map((tier) => ({ from: formatAmount(tier.from), rate: ratePercent(tier.rate) })),
    secondRate: ratePercent(scheme.secondRate),
    multiple: formatMultiple(scheme.multiple),
    mode: scheme.mode,
    expiryDays: scheme.expiryDays,
  };
}

function commissionView(row: CommissionRow): AgentCommissionView {
  return {
    id: String(row.id),
    period: row.period,
    basis: row.basis,
    basisAmount: formatAmount(row.basisAmount),
    secondAmount: formatAmount(row.secondAmount),
    tier: row.tier,
    rate: ratePercent(row.rate),
    secondRate: ratePercent(row.secondRate),
    amount: formatAmount(row.amount),
    status: row.status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function runView(run: RunRow): AdminAgentRunView {
  return {
    id: String(run.id),
    period: run.period,
    status: run.status,
    commissions: run.commissions,
    credited: run.credited,
    amount: formatAmount(run.amount),
    slices: run.slices,
    startedBy: run.startedBy,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

function flagView(row: FlagRow): AdminAgentFlagView {
  return {
    id: String(row.id),
    memberId: String(row.memberId),
    account: row.account,
    agentId: String(row.agentId),
    agentAccount: row.agentAccount,
    reason: row.reason,
    detail: row.detail,
    status: row.status,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The ledger key of an agent's commission for a period: the job's credit and a claim share it, so it moves once. */
export const commissionKey = (agentId: bigint, period: string) => `agent_commission:${agentId}:${period}`;

export type RunOptions = {
  /** Agents per slice (tests use a few). */
  sliceSize?: number;
  /** Called after each committed slice: tests throw here to kill a run mid-way. */
  afterSlice?: (slice: number) => void | Promise<void>;
  /** Asked before each slice: false stops the walk (shutdown); the cursor says where the next runner starts. */
  keepGoing?: () => boolean;
  startedBy?: string;
};

export type AgentService = ReturnType<typeof createAgentService>;

/**
 * The agent programme: the member's invite link and downline, commission per period (a run row per period, walked in
 * agent-id slices, one commission row per agent and period), claims, and the operators' scheme, report and flags.
 * Rules in README.md.
 */
export function createAgentService(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  timeZone: string;
}) {
  const { db, ledger, bonus, timeZone } = deps;

  const currentScheme = async () => (await repo.scheme(db)) ?? FALLBACK_SCHEME;

  /** One slice in one transaction: lock the run, re-check and price the next agents, credit, move the cursor. */
  async function slice(period: string, limit: number): Promise<{ done: boolean }> {
    return ledger.transaction(async (tx) => {
      const run = await repo.lockRun(tx, period);
      if (!run || run.status === 'done') return { done: true };
      const { scheme } = run;
      const span = commissionSpan(scheme.period, period, timeZone);
      if (!span) throw new AppError('COMMISSION_PERIOD_INVALID');
      const agentIds = await repo.agentSlice(tx, { afterAgentId: run.cursor, limit });
      if (agentIds.length === 0) {
        await repo.finishRun(tx, run.id);
        return { done: true };
      }
      await repo.recheckFlags(tx, agentIds);
      const figures = await repo.figures(tx, { agentIds, basis: scheme.basis, span });
      const commissions: NewCommission[] = [];
      for (const one of figures) {
        if (!one.active) continue;
        const priced = priceCommission(scheme, one.basisAmount, one.secondAmount);
        if (priced.amount <= 0n) continue;
        commissions.push({
          agentId: one.agentId,
          basis: scheme.basis,
          basisAmount: one.basisAmount,
          secondAmount: one.secondAmount,
          members: one.members,
          secondMembers: one.secondMembers,
          tier: priced.tier,
          rate: priced.rate,
          secondRate: scheme.secondRate,
          amount: priced.amount,
          multiple: scheme.multiple,
        });
      }
      const written = await repo.insertCommissions(tx, {
        period,
        runId: run.id,
        status: scheme.mode === 'auto' ? 'paid' : 'pending',
        expiryDays: scheme.expiryDays,
        commissions,
      });
      const writtenAgents = new Set(written.map((row) => row.agentId));
      const fresh = commissions.filter((one) => writtenAgents.has(one.agentId));
      let credited = 0;
      if (scheme.mode === 'auto' && fresh.length > 0) {
        const grants: Grant[] = fresh.map((one) => grantOf(one, period, 'system:agent_commission'));
        credited = (await bonus.grantBatchIn(tx, grants)).credited;
      }
      await repo.advanceRun(tx, run.id, {
        cursor: agentIds[agentIds.length - 1] as bigint,
        commissions: fresh.length,
        amount: fresh.reduce((sum, one) => sum + one.amount, 0n),
        credited,
      });
      return { done: false };
    });
  }

  function grantOf(
    one: Pick<NewCommission, 'agentId' | 'amount' | 'multiple' | 'basis' | 'basisAmount' | 'secondAmount' | 'tier'> & {
      rate: number;
      secondRate: number;
    },
    period: string,
    actor: string,
  ): Grant {
    return {
      memberId: one.agentId,
      programme: 'agent_commission',
      reference: `agent_commission:${period}`,
      amount: one.amount,
      multiple: one.multiple,
      key: commissionKey(one.agentId, period),
      actor,
      detail: {
        period,
        basis: one.basis,
        basisAmount: formatAmount(one.basisAmount),
        secondAmount: formatAmount(one.secondAmount),
        tier: one.tier,
        rate: ratePercent(one.rate),
        secondRate: ratePercent(one.secondRate),
      },
    };
  }

  /**
   * Computes (or resumes) one period to its end. Any number of processes may call this at once for one period: the
   * run row is created once with the scheme of that moment, and its lock hands the slices out one at a time.
   */
  async function runPeriod(period: string, options: RunOptions = {}): Promise<RunRow> {
    const existing = await repo.run(db, period);
    if (existing?.status === 'done') return existing;
    if (!existing) {
      const scheme = await currentScheme();
      if (periodKind(period) !== scheme.period) throw new AppError('COMMISSION_PERIOD_INVALID');
      await repo.claimRun(db, { period, scheme, startedBy: options.startedBy ?? 'system' });
    }
    const limit = options.sliceSize ?? DEFAULT_SLICE;
    for (let index = 1; ; index += 1) {
      if (options.keepGoing && !options.keepGoing()) break;
      const result = await slice(period, limit);
      if (result.done) break;
      await options.afterSlice?.(index);
    }
    const run = await repo.run(db, period);
    if (!run) throw new AppError('INTERNAL');
    return run;
  }

  return {
    runPeriod,
    currentScheme,

    /** Pending commissions past their expiry become expired (the job's tick). */
    expireOverdue: () => repo.expireOverdue(db),

    // --- the member ------------------------------------------------------------------------------------------------

    /** The invite code and link (`origin`: the site's address), the downline's size, what was paid, the scheme. */
    async info(memberId: bigint, origin: string): Promise<AgentInfoView> {
      const [code, counts, totals, scheme] = await Promise.all([
        repo.inviteCode(db, memberId),
        repo.downlineCounts(db, memberId),
        repo.commissionTotals(db, memberId),
        currentScheme(),
      ]);
      if (!code) throw new AppError('SESSION_EXPIRED');
      return {
        inviteCode: code,
        link: `${origin}/register?i_code=${encodeURIComponent(code)}`,
        direct: counts.direct,
        second: counts.second,
        paid: formatAmount(totals.paid),
        waiting: formatAmount(totals.waiting),
        scheme: schemeView(scheme),
      };
    },

    /** The downline at one level, newest first: masked account, registration day, deposits and valid turnover. */
    async downline(memberId: bigint, query: AgentDownlineQuery): Promise<AgentDownlinePage> {
      let span: { start: Date; end: Date } | null = null;
      if (query.from || query.to) {
        const start = query.from ? platformDayBounds(query.from, timeZone)?.start : new Date(0);
        const end = platformDayBounds(query.to ?? platformDay(new Date(), timeZone), timeZone)?.end;
        if (!start || !end || start >= end) throw new AppError('DATE_INVALID');
        span = { start, end };
      }
      const page = await repo.downline(db, {
        memberId,
        level: query.level === 2 ? 2 : 1,
        span,
        timeZone,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return {
        list: page.rows.map((row) => ({
          account: maskAccount(row.account),
          registeredAt: row.day,
          deposits: formatAmount(row.deposits),
          validTurnover: formatAmount(row.valid),
        })),
        total: page.total,
        page: query.page,
        size: query.size,
      };
    },

    async commissions(memberId: bigint, query: { page: number; size: number }): Promise<AgentCommissionsPage> {
      const page = await repo.commissionsOf(db, {
        memberId,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { list: page.rows.map(commissionView), total: page.total, page: query.page, size: query.size };
    },

    /** Claims one pending commission: another member's id is not found; paid, claimed or expired is not claimable. */
    claim(memberId: bigint, id: number): Promise<AgentCommissionClaimed> {
      return ledger.transaction(async (tx) => {
        const row = await repo.lockCommission(tx, memberId, BigInt(id));
        if (!row) throw new AppError('COMMISSION_NOT_FOUND');
        if (row.status !== 'pending' || row.expired) throw new AppError('COMMISSION_NOT_CLAIMABLE');
        await repo.markClaimed(tx, row.id);
        await bonus.grantIn(tx, grantOf(row, row.period, `member:${memberId}`));
        return { id: String(row.id), amount: formatAmount(row.amount) };
      });
    },

    // --- operators -------------------------------------------------------------------------------------------------

    async adminScheme(actor: OperatorActor): Promise<AgentScheme> {
      assertRole(actor, AGENT_VIEWERS);
      return schemeView(await currentScheme());
    },

    /** Replaces the whole scheme (tiers ascending by `from`, every rate at most 100%), audited in its transaction. */
    async saveScheme(actor: OperatorActor, body: AgentSettingsBody): Promise<AgentScheme> {
      assertRole(actor, AGENT_SCHEME_EDITORS);
      const tiers = body.tiers.map((tier) => {
        const from = parseAmount(tier.from);
        const rate = rateMillionths(tier.rate);
        if (!from.ok || from.value < 0n || rate === null) throw new AppError('BAD_REQUEST');
        return { from: from.value, rate };
      });
      for (let index = 1; index < tiers.length; index += 1)
        if ((tiers[index] as (typeof tiers)[number]).from <= (tiers[index - 1] as (typeof tiers)[number]).from)
          throw new AppError('BAD_REQUEST');
      const secondRate = rateMillionths(body.secondRate);
      if (secondRate === null) throw new AppError('BAD_REQUEST');
      const scheme: SchemeRow = {
        enabled: body.enabled,
        basis: body.basis,
        period: body.period,
        tiers,
        secondRate,
        multiple: body.multiple,
        mode: body.mode,
        expiryDays: body.expiryDays,
      };
      await db.transaction(async (tx) => {
        await repo.saveScheme(tx, scheme);
        await auditIn(tx, actor, 'agent.settings', 'agent_settings', schemeView(scheme));
      });
      return schemeView(await currentScheme());
    },

    /** The report: commission per agent and period, newest period first, with the sum over the whole query. */
    async report(actor: OperatorActor, query: AdminAgentCommissionsQuery) {
      assertRole(actor, AGENT_VIEWERS);
      const page = await repo.report(db, {
        period: query.period,
        agentId: query.agentId === undefined ? undefined : BigInt(query.agentId),
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return {
        list: page.rows.map((row) => ({
          ...commissionView(row),
          agentId: String(row.agentId),
          account: row.account,
          members: row.members,
          secondMembers: row.secondMembers,
          claimedAt: row.claimedAt?.toISOString() ?? null,
        })),
        total: page.total,
        page: query.page,
        size: query.size,
        amount: formatAmount(page.amount),
      };
    },

    /** Computes one ended period of the scheme's kind now; a finished period answers its totals and pays nothing. */
    async runNow(actor: OperatorActor, body: { period: string }): Promise<AdminAgentRunView> {
      assertRole(actor, AGENT_RUNNERS);
      const existing = await repo.run(db, body.period);
      if (existing?.status === 'done') return runView(existing);
      const scheme = await currentScheme();
      const kind = periodKind(body.period);
      const days = kind ? commissionDays(kind, body.period) : null;
      if (!existing && (kind !== scheme.period || !days || days.next > platformDay(new Date(), timeZone)))
        throw new AppError('COMMISSION_PERIOD_INVALID');
      if (!existing)
        await db.transaction(async (tx) => {
          const created = await repo.claimRun(tx, {
            period: body.period,
            scheme,
            startedBy: `operator:${actor.id}`,
          });
          if (created) await auditIn(tx, actor, 'agent.run', `agent_commission_run:${body.period}`, schemeView(scheme));
        });
      return runView(await runPeriod(body.period));
    },

    async flags(
      actor: OperatorActor,
      query: { status?: 'pending' | 'confirmed' | 'cleared'; page: number; size: number },
    ) {
      assertRole(actor, AGENT_VIEWERS);
      const page = await repo.flags(db, {
        status: query.status,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { list: page.rows.map(flagView), total: page.total, page: query.page, size: query.size };
    },

    /** confirm keeps the referral out of commission; clear lets it count from the next period computed. Audited. */
    async decideFlag(actor: OperatorActor, id: number, decision: 'confirm' | 'clear'): Promise<AdminAgentFlagView> {
      assertRole(actor, AGENT_FLAG_DECIDERS);
      return db.transaction(async (tx) => {
        const flag = await repo.decideFlag(tx, {
          id: BigInt(id),
          status: decision === 'confirm' ? 'confirmed' : 'cleared',
          decidedBy: `operator:${actor.id}`,
        });
        if (!flag) throw new AppError('NOT_FOUND');
        await auditIn(tx, actor, 'agent.flag.decide', `agent_flag:${id}`, {
          decision,
          member: String(flag.memberId),
          agent: String(flag.agentId),
          reason: flag.reason,
        });
        return flagView(flag);
      });
    },
  };
}

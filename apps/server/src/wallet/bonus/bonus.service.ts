import {
  type AdminRewardPayoutsQuery,
  parseDateTime,
  platformDay,
  platformDayBounds,
  REWARD_PROGRAMMES,
  type RewardGrantsPage,
  type RewardGrantView,
  type RewardProgramme,
  rolesOf,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, type OperatorActor } from '../../admin/operator-actor';
import type { Database, Executor } from '../../db/database';
import type { Notice, SystemMessages } from '../../messages/system-messages';
import type { ProtectionGate } from '../../protection/gate/protection-gate';
import { AppError } from '../../shared/app-error';
import { house, type LedgerService, member, type TransferCode } from '../ledger/ledger.service';
import { bonusRepository, type GrantRow } from './bonus.repository';

/** The ledger code each programme's money moves under (records list them all as bonuses). */
const CODE_OF: Record<RewardProgramme, TransferCode> = {
  vip_upgrade: 'vip_bonus',
  vip_birthday: 'vip_bonus',
  vip_weekly: 'vip_wage',
  vip_monthly: 'vip_wage',
  rebate: 'rebate',
  task: 'task_reward',
  task_points: 'task_reward',
  signin: 'task_reward',
  promotion: 'promo_bonus',
  code: 'code_bonus',
  agent_commission: 'commission',
};

/** A reward to credit. */
export type Grant = {
  memberId: bigint;
  programme: RewardProgramme;
  /** Which rule or period pays it (vip:3, rebate:2026-11-25:sports); also the ledger transfer's reference. */
  reference: string;
  amount: bigint;
  /** Turnover multiple in hundredths (contract `turnoverMultiple`): 300 means 3x the amount must be wagered. */
  multiple: number;
  /**
   * The ledger idempotency key, unique for ever: the same key again replays the first grant (no second credit, no
   * second turnover requirement). Derive it from what makes the reward once: `vip_upgrade:<member>:<level>`.
   */
  key: string;
  /** member:<id>, operator:<id> or system:<job>. */
  actor: string;
  detail?: Record<string, string | number>;
};

export type Granted = { grant: GrantRow; replayed: boolean };

/** amount x multiple, truncated to scale 4: 10.0000 at 1.5x requires 15.0000. */
export function turnoverFor(amount: bigint, multipleHundredths: number): bigint {
  return (amount * BigInt(multipleHundredths)) / 100n;
}

function movementOf(grant: Grant) {
  if (grant.amount <= 0n) throw new AppError('AMOUNT_INVALID');
  return {
    key: grant.key,
    code: CODE_OF[grant.programme],
    from: house('bonus'),
    to: member(grant.memberId, 'main'),
    amount: grant.amount,
    actor: grant.actor,
    reference: `reward:${grant.reference}`,
    memo: grant.programme,
  };
}

export function grantView(row: GrantRow): RewardGrantView {
  return {
    id: String(row.id),
    programme: row.programme as RewardProgramme,
    reference: row.reference,
    amount: formatAmount(row.amount),
    turnoverRequired: formatAmount(row.turnoverRequired),
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  };
}

export type BonusService = ReturnType<typeof createBonusService>;

/**
 * Credits rewards: house:bonus -> main under the programme's code, the reward's row (what the member received) and
 * its turnover requirement, in the caller's transaction. Every programme (VIP, tasks, promotions, codes) pays through
 * here; a replay of the same key credits nothing and adds no requirement.
 */
export function createBonusService(deps: {
  db: Database;
  ledger: LedgerService;
  timeZone: string;
  /** Each reward credited tells the member in their inbox, in the same transaction. */
  messages: SystemMessages;
  /** Rewards stop while a member's time-out or self-exclusion is in force. */
  gate: ProtectionGate;
}) {
  const { db, ledger, timeZone } = deps;

  const noticeOf = (row: GrantRow): Notice => ({
    memberId: row.memberId,
    template: 'reward_credited',
    params: { programme: row.programme, amount: formatAmount(row.amount) },
    ref: `reward:${row.id}`,
  });

  async function grantIn(tx: Executor, grant: Grant): Promise<Granted> {
    // A claim or a single reward to an excluded member is refused with why; the batch jobs skip them instead.
    await deps.gate.refuseReward(tx, grant.memberId);
    const posted = await ledger.post(tx, movementOf(grant));
    const [written] = await bonusRepository.insert(tx, [rowOf(grant, posted.transfer.id)]);
    if (written) {
      await deps.messages.sendIn(tx, [noticeOf(written)]);
      return { grant: written, replayed: false };
    }
    const existing = await bonusRepository.byTransfer(tx, posted.transfer.id);
    if (!existing) throw new AppError('INTERNAL');
    return { grant: existing, replayed: true };
  }

  function rowOf(grant: Grant, transferId: bigint) {
    return {
      memberId: grant.memberId,
      programme: grant.programme,
      reference: grant.reference,
      amount: grant.amount,
      turnoverRequired: turnoverFor(grant.amount, grant.multiple),
      detail: grant.detail ?? {},
      transferId,
    };
  }

  return {
    /** One reward inside the caller's transaction (a claim that also marks its own row claimed). */
    grantIn,

    /** One reward in its own transaction. */
    grant(grant: Grant): Promise<Granted> {
      return ledger.transaction((tx) => grantIn(tx, grant));
    },

    /**
     * Many rewards with one ledger statement inside the caller's transaction (the scheduled VIP and rebate jobs).
     * A batch sent again after a crash posts only what had not committed. Answers how many were credited now.
     */
    async grantBatchIn(
      tx: Executor,
      all: readonly Grant[],
    ): Promise<{ credited: number; replayed: number; skipped: number }> {
      // Members excluded now are left out and the others paid: one member's exclusion never stops a job.
      const excluded = await deps.gate.excludedAmong(tx, [...new Set(all.map((grant) => grant.memberId))]);
      const grants = excluded.size === 0 ? all : all.filter((grant) => !excluded.has(grant.memberId));
      const skipped = all.length - grants.length;
      if (grants.length === 0) return { credited: 0, replayed: 0, skipped };
      const posted = await ledger.postBatch(tx, grants.map(movementOf));
      const written = await bonusRepository.insert(
        tx,
        grants.map((grant, index) => rowOf(grant, (posted[index] as (typeof posted)[number]).transfer.id)),
      );
      await deps.messages.sendIn(tx, written.map(noticeOf));
      return { credited: written.length, replayed: grants.length - written.length, skipped };
    },

    /** What the member received, newest first (the VIP, task and redemption records). */
    async list(
      memberId: bigint,
      query: { programme: string; startTime: string; endTime: string; page: number; size: number },
    ): Promise<RewardGrantsPage> {
      const end = parseDateTime(query.endTime, timeZone);
      const page = await bonusRepository.page(db, {
        memberId,
        programmes: query.programme === '' ? [] : query.programme.split(','),
        start: parseDateTime(query.startTime, timeZone),
        end: end ? new Date(end.getTime() + 1000) : null,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return {
        list: page.rows.map(grantView),
        total: page.total,
        page: query.page,
        size: query.size,
        amount: formatAmount(page.amount),
      };
    },

    /** Console: what each programme paid per day. */
    async payouts(actor: OperatorActor, query: AdminRewardPayoutsQuery) {
      assertRole(actor, rolesOf('marketingViewers'));
      const today = platformDay(new Date(), timeZone);
      const to = query.to ?? today;
      const from = query.from ?? platformDay(new Date(Date.now() - 6 * 86_400_000), timeZone);
      const start = platformDayBounds(from, timeZone)?.start;
      const end = platformDayBounds(to, timeZone)?.end;
      if (!start || !end || start >= end) throw new AppError('DATE_INVALID');
      const rows = await bonusRepository.payouts(db, { start, end, timeZone });
      return rows
        .filter((row) => (REWARD_PROGRAMMES as readonly string[]).includes(row.programme))
        .map((row) => ({
          day: row.day,
          programme: row.programme as RewardProgramme,
          grants: row.grants,
          members: row.members,
          amount: formatAmount(BigInt(row.amount)),
        }));
    },
  };
}

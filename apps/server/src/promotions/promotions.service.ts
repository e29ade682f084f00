import { randomInt } from 'node:crypto';
import {
  type AdminPromotionBody,
  type AdminPromotionTextsView,
  DEFAULT_LANG,
  formatMultiple,
  type Lang,
  type OperatorRole,
  type PromotionClaimStatus,
  type PromotionClaimView,
  type PromotionEligibility,
  type PromotionKind,
  type PromotionReason,
  type PromotionRuleView,
  parseDateTime,
  rolesOf,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { actorLabel, assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database, Executor } from '../db/database';
import { memberActivityRepository } from '../rewards/member-activity.repository';
import { AppError } from '../shared/app-error';
import { localize } from '../shared/localize';
import type { BonusService } from '../wallet/bonus/bonus.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { type ClaimQueuePublisher, silentClaimQueue } from './claim-queue';
import { clip, type Period, periodOf } from './promotion-periods';
import { type ClaimRow, type NewRule, type RuleRow, promotionsRepository as repo } from './promotions.repository';

/** Who configures promotions and reviews claims; who may look. */
export const PROMO_MANAGERS: readonly OperatorRole[] = rolesOf('marketing');
export const PROMO_VIEWERS: readonly OperatorRole[] = rolesOf('marketingViewers');

/** Money is paid in whole cents. */
const CENT = 100n;
const toCents = (amount: bigint) => amount - (amount % CENT);

export function ruleView(rule: RuleRow): PromotionRuleView {
  return {
    promoId: rule.promoId,
    kind: rule.kind as PromotionKind,
    rate: formatMultiple(rule.rate),
    cap: formatAmount(rule.cap),
    minAmount: formatAmount(rule.minAmount),
    maxAmount: formatAmount(rule.maxAmount),
    dailyPool: formatAmount(rule.dailyPool),
    minLevel: rule.minLevel,
    channelKinds: rule.channelKinds as PromotionRuleView['channelKinds'],
    frequency: rule.frequency as PromotionRuleView['frequency'],
    multiple: formatMultiple(rule.multiple),
    startAt: rule.startAt?.toISOString() ?? null,
    endAt: rule.endAt?.toISOString() ?? null,
  };
}

export function claimView(claim: ClaimRow): PromotionClaimView {
  return {
    id: String(claim.id),
    promoId: claim.promoId,
    title: claim.title,
    kind: claim.kind as PromotionKind,
    period: claim.period,
    status: claim.status as PromotionClaimStatus,
    amount: formatAmount(claim.amount),
    basis: formatAmount(claim.basis),
    note: claim.note,
    flags: claim.flags,
    reviewNote: claim.reviewNote,
    createdAt: claim.createdAt.toISOString(),
    reviewedAt: claim.reviewedAt?.toISOString() ?? null,
  };
}

const adminClaimView = (claim: ClaimRow) => ({
  ...claimView(claim),
  memberId: String(claim.memberId),
  account: claim.account,
});

/** What a member may take now: the reason not, or the amount (null when random or decided by an operator). */
type Evaluation = {
  period: Period;
  reason: PromotionReason | null;
  amount: bigint | null;
  basis: bigint | null;
};

/** rate (basis points) x basis, capped, in whole cents. */
function percentOf(rule: RuleRow, basis: bigint): bigint {
  const raw = toCents((basis * BigInt(rule.rate)) / 10_000n);
  return rule.cap > 0n && raw > rule.cap ? rule.cap : raw;
}

/** The rule as the audit log records it (amounts as decimal text). */
function auditedRule(rule: NewRule, title: string) {
  return {
    ...rule,
    title,
    cap: formatAmount(rule.cap),
    minAmount: formatAmount(rule.minAmount),
    maxAmount: formatAmount(rule.maxAmount),
    dailyPool: formatAmount(rule.dailyPool),
  };
}

const countsChannel = (rule: RuleRow, kind: string) =>
  rule.channelKinds.length === 0 || rule.channelKinds.includes(kind);

export type PromotionsService = ReturnType<typeof createPromotionsService>;

/**
 * Activities (活动) with rules operators configure: eligibility (level, dates, deposit channel, once ever / a day / a
 * week), the formula with its cap and turnover multiple, claims and applications. One bonus per person: a claim by a
 * member sharing a device, phone, real name or card with a member already paid is kept for review, not paid.
 * Claims of one promotion take its rule row's lock, so parallel claims (and two accounts of one person) run one
 * after another and each sees what the one before it committed.
 */
export function createPromotionsService(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  timeZone: string;
  /** The review queue's live topic (`claims`), told after each commit that moves a claim into or out of it. */
  queue?: ClaimQueuePublisher;
}) {
  const { db, ledger, bonus, timeZone } = deps;
  const queue = deps.queue ?? silentClaimQueue;

  /** The period a claim now uses: the counted (previous) day or week for rebate boost and loss rebate. */
  function claimPeriod(rule: RuleRow, now: Date): Period {
    const frequency = rule.kind === 'first_deposit' ? 'once' : rule.frequency;
    const previous = rule.kind === 'rebate_boost' || rule.kind === 'loss_rebate';
    return periodOf(frequency, now, timeZone, previous);
  }

  async function evaluate(tx: Executor, rule: RuleRow, memberId: bigint, now: Date): Promise<Evaluation> {
    const period = claimPeriod(rule, now);
    const refuse = (reason: PromotionReason): Evaluation => ({ period, reason, amount: null, basis: null });
    if (rule.startAt && rule.startAt > now) return refuse('PROMO_NOT_STARTED');
    if (rule.endAt && rule.endAt <= now) return refuse('PROMO_ENDED');
    if ((await repo.memberLevel(tx, memberId)) < rule.minLevel) return refuse('PROMO_LEVEL');
    const existing = await repo.claimOf(tx, rule.promoId, memberId, period.key);
    if (existing) {
      if (existing.status === 'review' || existing.status === 'pending') return refuse('PROMO_PENDING');
      return refuse(period.key === 'once' ? 'PROMO_ONCE' : 'PROMO_PERIOD_USED');
    }
    // What counts: the period, never before the promotion started nor after it ended (nor after now).
    const span = clip(period, rule.startAt, rule.endAt && rule.endAt < now ? rule.endAt : now);
    const paying = (basis: bigint): Evaluation => {
      const amount = percentOf(rule, basis);
      return amount > 0n ? { period, reason: null, amount, basis } : { ...refuse('PROMO_NOTHING'), basis };
    };
    switch (rule.kind) {
      case 'first_deposit': {
        const first = await repo.firstDeposit(tx, memberId);
        const counts =
          first &&
          (!rule.startAt || first.at >= rule.startAt) &&
          countsChannel(rule, first.kind) &&
          first.amount >= rule.minAmount;
        return counts ? paying(first.amount) : refuse('PROMO_NO_DEPOSIT');
      }
      case 'reload': {
        const deposits = (await repo.depositsIn(tx, memberId, span.start, span.end)).filter(
          (deposit) => countsChannel(rule, deposit.kind) && deposit.amount >= rule.minAmount,
        );
        if (deposits.length === 0) return refuse('PROMO_NO_DEPOSIT');
        return paying(deposits.reduce((most, deposit) => (deposit.amount > most ? deposit.amount : most), 0n));
      }
      case 'rebate_boost': {
        const turnover = await memberActivityRepository.validTurnover(tx, memberId, span);
        return paying([...turnover.values()].reduce((sum, valid) => sum + valid, 0n));
      }
      case 'loss_rebate': {
        const loss = await repo.netLoss(tx, memberId, span.start, span.end);
        if (loss <= 0n || loss < rule.minAmount) return { ...refuse('PROMO_NOTHING'), basis: loss };
        return paying(loss);
      }
      case 'red_packet': {
        if (rule.dailyPool > 0n) {
          const left = rule.dailyPool - (await repo.paidInPeriod(tx, rule.promoId, period.key));
          if (left < (rule.minAmount > CENT ? rule.minAmount : CENT)) return refuse('PROMO_NOTHING');
        }
        return { period, reason: null, amount: null, basis: null };
      }
      default:
        return { period, reason: null, amount: null, basis: null };
    }
  }

  /** A red packet's amount: uniform in whole cents between min and max, within what the day's pool has left. */
  async function redPacket(tx: Executor, rule: RuleRow, period: Period): Promise<bigint> {
    const low = rule.minAmount > CENT ? toCents(rule.minAmount) : CENT;
    const high = rule.maxAmount > low ? toCents(rule.maxAmount) : low;
    let amount = low + BigInt(randomInt(0, Number((high - low) / CENT) + 1)) * CENT;
    if (rule.dailyPool > 0n) {
      const left = toCents(rule.dailyPool - (await repo.paidInPeriod(tx, rule.promoId, period.key)));
      if (left < low) throw new AppError('PROMO_NOTHING');
      if (amount > left) amount = left;
    }
    return amount;
  }

  async function liveRule(tx: Executor, promoId: number, lock: boolean): Promise<RuleRow> {
    const rule = await repo.rule(tx, promoId, { lock });
    if (!rule) throw new AppError('PROMO_NOT_FOUND');
    return rule;
  }

  function grantOf(
    claim: { promoId: number; memberId: bigint; period: string },
    rule: RuleRow,
    amount: bigint,
    actor: string,
  ) {
    return {
      memberId: claim.memberId,
      programme: 'promotion' as const,
      reference: `promo:${claim.promoId}`,
      amount,
      multiple: rule.multiple,
      key: `promo:${claim.promoId}:${claim.memberId}:${claim.period}`,
      actor,
      detail: { title: rule.title, kind: rule.kind, period: claim.period },
    };
  }

  async function loadClaim(tx: Executor, id: bigint): Promise<ClaimRow> {
    const claim = await repo.claim(tx, id);
    if (!claim) throw new AppError('INTERNAL');
    return claim;
  }

  function promoFields(body: AdminPromotionBody) {
    const startAt = body.startAt === '' ? null : parseDateTime(body.startAt, timeZone);
    const endAt = body.endAt === '' ? null : parseDateTime(body.endAt, timeZone);
    if ((body.startAt !== '' && !startAt) || (body.endAt !== '' && !endAt)) throw new AppError('DATE_INVALID');
    if (startAt && endAt && endAt <= startAt) throw new AppError('DATE_INVALID');
    const percentKinds = ['first_deposit', 'reload', 'rebate_boost', 'loss_rebate'];
    if (percentKinds.includes(body.kind) && body.rate <= 0) throw new AppError('BAD_REQUEST');
    if (body.kind === 'red_packet' && (body.maxAmount <= 0n || body.maxAmount < body.minAmount))
      throw new AppError('AMOUNT_INVALID');
    return {
      promo: {
        title: body.title,
        summary: body.summary,
        content: body.content,
        image: body.image,
        startAt,
        endAt,
        sort: body.sort,
        active: body.active,
      },
      rule: {
        kind: body.kind,
        rate: body.rate,
        cap: body.cap,
        minAmount: body.minAmount,
        maxAmount: body.maxAmount,
        dailyPool: body.dailyPool,
        minLevel: body.minLevel,
        channelKinds: body.channelKinds,
        frequency: body.kind === 'first_deposit' ? 'once' : body.frequency,
        multiple: body.multiple,
      },
    };
  }

  async function adminView(tx: Executor, promoId: number) {
    const rule = await repo.rule(tx, promoId, { activeOnly: false });
    if (!rule) throw new AppError('NOT_FOUND');
    const paid = (await repo.paidTotals(tx)).get(promoId) ?? { count: 0, amount: 0n };
    return adminPromotionView(rule, paid);
  }

  function adminPromotionView(rule: RuleRow, paid: { count: number; amount: bigint }) {
    return {
      ...ruleView(rule),
      title: rule.title,
      summary: rule.summary,
      active: rule.active,
      sort: rule.sort,
      paid: paid.count,
      paidAmount: formatAmount(paid.amount),
    };
  }

  return {
    /** The rule beside a promotion's text (null for a promotion that is only text). */
    async rule(promoId: number): Promise<PromotionRuleView | null> {
      const rule = await repo.rule(db, promoId);
      return rule ? ruleView(rule) : null;
    },

    /** Whether the member may take it now, or exactly why not, and what it would pay now. */
    async eligibility(memberId: bigint, promoId: number): Promise<PromotionEligibility> {
      const rule = await repo.rule(db, promoId);
      if (!rule) throw new AppError('PROMO_NOT_FOUND');
      const result = await evaluate(db, rule, memberId, new Date());
      return {
        promoId,
        kind: rule.kind as PromotionKind,
        eligible: result.reason === null,
        reason: result.reason,
        amount: result.amount === null ? null : formatAmount(result.amount),
        basis: result.basis === null ? null : formatAmount(result.basis),
        period: result.period.key,
      };
    },

    /**
     * Claims the bonus: paid through the wallet in this transaction, or kept for review when the member shares an
     * identity with a member already paid (answered REWARD_REVIEW once the claim is recorded).
     */
    async claim(memberId: bigint, promoId: number): Promise<PromotionClaimView> {
      const claim = await ledger.transaction(async (tx) => {
        const rule = await liveRule(tx, promoId, true);
        if (rule.kind === 'apply') throw new AppError('PROMO_NOT_CLAIMABLE');
        const result = await evaluate(tx, rule, memberId, new Date());
        if (result.reason) throw new AppError(result.reason);
        const period = result.period;
        const amount = result.amount ?? (await redPacket(tx, rule, period));
        const flags = await repo.sharedIdentities(tx, promoId, memberId);
        const id = await repo.insertClaim(tx, {
          promoId,
          memberId,
          period: period.key,
          status: flags.length > 0 ? 'review' : 'paid',
          amount,
          basis: result.basis ?? 0n,
          note: '',
          flags,
        });
        if (id === null) throw new AppError(period.key === 'once' ? 'PROMO_ONCE' : 'PROMO_PERIOD_USED');
        if (flags.length === 0) {
          const granted = await bonus.grantIn(
            tx,
            grantOf({ promoId, memberId, period: period.key }, rule, amount, `member:${memberId}`),
          );
          await repo.resolveClaim(tx, id, {
            status: 'paid',
            amount,
            grantId: granted.grant.id,
            reviewedBy: null,
            reviewNote: '',
          });
        }
        return loadClaim(tx, id);
      });
      if (claim.status === 'review') {
        queue.changed(claim.id, 'review');
        throw new AppError('REWARD_REVIEW');
      }
      return claimView(claim);
    },

    /** Applies for an apply-for-review promotion with a note; an operator decides the amount. */
    async apply(memberId: bigint, promoId: number, note: string): Promise<PromotionClaimView> {
      const applied = await ledger.transaction(async (tx) => {
        const rule = await liveRule(tx, promoId, true);
        if (rule.kind !== 'apply') throw new AppError('PROMO_NOT_CLAIMABLE');
        const result = await evaluate(tx, rule, memberId, new Date());
        if (result.reason) throw new AppError(result.reason);
        const flags = await repo.sharedIdentities(tx, promoId, memberId);
        const id = await repo.insertClaim(tx, {
          promoId,
          memberId,
          period: result.period.key,
          status: 'pending',
          amount: 0n,
          basis: 0n,
          note,
          flags,
        });
        if (id === null) throw new AppError('PROMO_PENDING');
        return claimView(await loadClaim(tx, id));
      });
      queue.changed(applied.id, 'pending');
      return applied;
    },

    /** The member's claims and applications, newest first. */
    /** The member's claims, each promotion's title in the member's language. */
    async claims(memberId: bigint, query: { page: number; size: number }, lang: Lang = DEFAULT_LANG) {
      const { rows, total } = await repo.memberClaims(db, memberId, (query.page - 1) * query.size, query.size);
      const list = rows.map((row) => claimView(localize(row, ['title'], lang)));
      return { list, total, page: query.page, size: query.size };
    },

    // --- operators -------------------------------------------------------------------------------------------------

    async adminList(actor: OperatorActor) {
      assertRole(actor, PROMO_VIEWERS);
      const [rules, paid] = await Promise.all([repo.rules(db), repo.paidTotals(db)]);
      return rules.map((rule) => adminPromotionView(rule, paid.get(rule.promoId) ?? { count: 0, amount: 0n }));
    },

    /** A promotion's texts, picture and other languages' texts, which the list leaves out (the console's form). */
    async adminTexts(actor: OperatorActor, promoId: number): Promise<AdminPromotionTextsView> {
      assertRole(actor, rolesOf('marketingViewers'));
      const row = await repo.promoTexts(db, promoId);
      if (!row) throw new AppError('NOT_FOUND');
      return {
        promoId: row.id,
        title: row.title,
        summary: row.summary,
        content: row.content,
        image: row.image,
        i18n: row.i18n,
      };
    },

    async adminCreate(actor: OperatorActor, body: AdminPromotionBody) {
      assertRole(actor, PROMO_MANAGERS);
      const { promo, rule } = promoFields(body);
      return ledger.transaction(async (tx) => {
        const promoId = await repo.insertPromo(tx, promo);
        await repo.upsertRule(tx, promoId, rule);
        await auditIn(tx, actor, 'promotion.create', `promo:${promoId}`, auditedRule(rule, promo.title));
        return adminView(tx, promoId);
      });
    },

    async adminUpdate(actor: OperatorActor, promoId: number, body: AdminPromotionBody) {
      assertRole(actor, PROMO_MANAGERS);
      const { promo, rule } = promoFields(body);
      return ledger.transaction(async (tx) => {
        if (!(await repo.updatePromo(tx, promoId, promo))) throw new AppError('NOT_FOUND');
        await repo.upsertRule(tx, promoId, rule);
        await auditIn(tx, actor, 'promotion.update', `promo:${promoId}`, auditedRule(rule, promo.title));
        return adminView(tx, promoId);
      });
    },

    /** Flagged claims and applications waiting (or those of one status), oldest first. */
    async adminClaims(actor: OperatorActor, query: { status: string; page: number; size: number }) {
      assertRole(actor, PROMO_VIEWERS);
      const statuses = query.status === 'open' ? ['review', 'pending'] : [query.status];
      const { rows, total } = await repo.claimsByStatus(db, statuses, (query.page - 1) * query.size, query.size);
      return { list: rows.map(adminClaimView), total, page: query.page, size: query.size };
    },

    /** Pays a flagged claim (its computed amount unless given) or an application (its amount is required), once. */
    async approve(actor: OperatorActor, claimId: bigint, body: { amount?: bigint; note: string }) {
      assertRole(actor, PROMO_MANAGERS);
      const decided = await ledger.transaction(async (tx) => {
        const claim = await repo.claim(tx, claimId, { lock: true });
        if (!claim) throw new AppError('REWARD_NOT_FOUND');
        if (claim.status !== 'review' && claim.status !== 'pending') throw new AppError('APPROVAL_DECIDED');
        const amount = body.amount ?? (claim.status === 'review' ? claim.amount : 0n);
        if (amount <= 0n) throw new AppError('AMOUNT_INVALID');
        const rule = await repo.rule(tx, claim.promoId, { activeOnly: false });
        if (!rule) throw new AppError('PROMO_NOT_FOUND');
        const granted = await bonus.grantIn(tx, grantOf(claim, rule, amount, actorLabel(actor)));
        await repo.resolveClaim(tx, claimId, {
          status: 'paid',
          amount,
          grantId: granted.grant.id,
          reviewedBy: actor.id,
          reviewNote: body.note,
        });
        await auditIn(tx, actor, 'promotion.claim.approve', `promotion_claim:${claimId}`, {
          memberId: String(claim.memberId),
          promoId: claim.promoId,
          amount: formatAmount(amount),
          note: body.note,
        });
        return adminClaimView(await loadClaim(tx, claimId));
      });
      queue.changed(decided.id, decided.status);
      return decided;
    },

    async reject(actor: OperatorActor, claimId: bigint, body: { note: string }) {
      assertRole(actor, PROMO_MANAGERS);
      const decided = await ledger.transaction(async (tx) => {
        const claim = await repo.claim(tx, claimId, { lock: true });
        if (!claim) throw new AppError('REWARD_NOT_FOUND');
        if (claim.status !== 'review' && claim.status !== 'pending') throw new AppError('APPROVAL_DECIDED');
        await repo.resolveClaim(tx, claimId, {
          status: 'rejected',
          amount: claim.amount,
          grantId: null,
          reviewedBy: actor.id,
          reviewNote: body.note,
        });
        await auditIn(tx, actor, 'promotion.claim.reject', `promotion_claim:${claimId}`, {
          memberId: String(claim.memberId),
          promoId: claim.promoId,
          note: body.note,
        });
        return adminClaimView(await loadClaim(tx, claimId));
      });
      queue.changed(decided.id, decided.status);
      return decided;
    },
  };
}

import { randomInt } from 'node:crypto';
import {
  type AdminBatchCodeView,
  type AdminCodeBatchCodesFilter,
  type AdminCodesBody,
  formatMultiple,
  parseDateTime,
  platformDayBounds,
  type RedemptionView,
  rolesOf,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import type { BonusService } from '../wallet/bonus/bonus.service';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { type BatchCodeRow, type BatchRow, type RedemptionRow, codesRepository as repo } from './codes.repository';
import { promotionsRepository } from './promotions.repository';
import { PROMO_MANAGERS, PROMO_VIEWERS } from './promotions.service';

/** Letters and digits nobody misreads: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

export function newCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a member types: spaces and dashes dropped, any case. */
export function normaliseCode(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

function batchView(batch: BatchRow) {
  return {
    id: String(batch.id),
    name: batch.name,
    amount: formatAmount(batch.amount),
    uses: batch.uses,
    multiple: formatMultiple(batch.multiple),
    minLevel: batch.minLevel,
    expiresAt: batch.expiresAt.toISOString(),
    disabled: batch.disabledAt !== null,
    codes: batch.codes,
    redeemed: batch.redeemed,
    createdAt: batch.createdAt.toISOString(),
  };
}

function batchCodeView(row: BatchCodeRow): AdminBatchCodeView {
  return {
    code: row.code,
    uses: row.uses,
    redeemed: row.redeemed,
    state: row.redeemed === 0 ? 'unused' : row.redeemed < row.uses ? 'partly' : 'usedUp',
    lastRedeemedAt: row.lastRedeemedAt?.toISOString() ?? null,
    lastAccount: row.lastAccount,
  };
}

function redemptionView(row: RedemptionRow): RedemptionView {
  return {
    id: String(row.id),
    code: row.code,
    amount: formatAmount(row.amount),
    turnoverRequired: formatAmount(row.turnoverRequired),
    multiple: formatMultiple(row.multiple),
    status: 'credited',
    createdAt: row.createdAt.toISOString(),
  };
}

export type CodesService = ReturnType<typeof createCodesService>;

/**
 * Redemption codes (兑换码): operators issue batches (amount, uses per code, expiry, multiple, level); a member redeems
 * a code once, and a code pays at most `uses` members: the code's row is updated (and so locked) before the credit,
 * so parallel redemptions queue on it and the count can never pass its uses.
 */
export function createCodesService(deps: {
  db: Database;
  ledger: LedgerService;
  bonus: BonusService;
  timeZone: string;
}) {
  const { db, ledger, bonus, timeZone } = deps;

  /**
   * A wall-clock time in the platform's zone (a date alone: the end of that day), an ISO instant or epoch
   * milliseconds. One already past is taken: the
   * codes are dead on arrival (members are told they expired), which is how an operator withdraws a batch's promise
   * ahead of time as well as how a check of the expired path sets one up.
   */
  function expiryOf(value: string | number): Date {
    const text = String(value).trim();
    // A date alone means through that whole day, as an operator who types "2026-12-31" means it.
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
      const day = platformDayBounds(text, timeZone);
      if (!day) throw new AppError('DATE_INVALID');
      return day.end;
    }
    const instant = /^\d{10,14}$/.test(text)
      ? new Date(Number(text))
      : (parseDateTime(text, timeZone) ?? (/^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null));
    if (!instant || Number.isNaN(instant.getTime())) throw new AppError('DATE_INVALID');
    return instant;
  }

  return {
    /** Issues a batch: `count` unique random codes; answers them (the only time they are listed in full). */
    async create(actor: OperatorActor, body: AdminCodesBody) {
      assertRole(actor, PROMO_MANAGERS);
      const expiresAt = expiryOf(body.expiresAt);
      return ledger.transaction(async (tx) => {
        const batchId = await repo.insertBatch(tx, {
          name: body.name,
          amount: body.amount,
          uses: body.uses,
          multiple: body.multiple,
          minLevel: body.minLevel,
          expiresAt,
          createdBy: actor.id,
        });
        const codes: string[] = [];
        for (let attempt = 0; codes.length < body.count && attempt < 20; attempt += 1) {
          const wanted = new Set<string>();
          while (wanted.size < body.count - codes.length) wanted.add(newCode());
          codes.push(...(await repo.insertCodes(tx, batchId, body.uses, [...wanted])));
        }
        if (codes.length < body.count) throw new AppError('INTERNAL');
        await auditIn(tx, actor, 'codes.create', `code_batch:${batchId}`, {
          count: body.count,
          amount: formatAmount(body.amount),
          uses: body.uses,
          multiple: formatMultiple(body.multiple),
          minLevel: body.minLevel,
          expiresAt: expiresAt.toISOString(),
          name: body.name,
        });
        const batch = await repo.batch(tx, batchId);
        if (!batch) throw new AppError('INTERNAL');
        return { batch: batchView(batch), codes };
      });
    },

    async batches(actor: OperatorActor, query: { page: number; size: number }) {
      assertRole(actor, PROMO_VIEWERS);
      const { rows, total } = await repo.batches(db, (query.page - 1) * query.size, query.size);
      return { list: rows.map(batchView), total, page: query.page, size: query.size };
    },

    /**
     * One batch's codes (the console's list and its CSV): how often each was redeemed and by whom last. The codes are
     * the batch's promise to members, so only the marketing desk and those who answer for its money read them.
     */
    async batchCodes(actor: OperatorActor, batchId: bigint, query: AdminCodeBatchCodesFilter) {
      assertRole(actor, rolesOf('marketingViewers'));
      const batch = await repo.batch(db, batchId);
      if (!batch) throw new AppError('NOT_FOUND');
      const descending = query.sort.startsWith('-');
      const field = query.sort.replace(/^-/, '') as 'code' | 'redeemed' | 'lastRedeemedAt' | '';
      const { rows, total } = await repo.batchCodes(db, batchId, {
        contains: normaliseCode(query.code),
        state: query.state,
        sort: field ? { field, descending } : null,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { rows: rows.map(batchCodeView), total, batch: batchView(batch) };
    },

    /** Stops a batch: its codes answer REDEEM_CODE_DISABLED from now on. */
    async disable(actor: OperatorActor, batchId: bigint) {
      assertRole(actor, PROMO_MANAGERS);
      return ledger.transaction(async (tx) => {
        if (!(await repo.disableBatch(tx, batchId))) throw new AppError('NOT_FOUND');
        await auditIn(tx, actor, 'codes.disable', `code_batch:${batchId}`);
        const batch = await repo.batch(tx, batchId);
        if (!batch) throw new AppError('NOT_FOUND');
        return batchView(batch);
      });
    },

    /** Redeems a code for the member: credited through the wallet with the batch's multiple, once per member. */
    async redeem(memberId: bigint, text: string): Promise<RedemptionView> {
      const id = await ledger.transaction(async (tx) => {
        const code = await repo.code(tx, normaliseCode(text));
        if (!code) throw new AppError('REDEEM_CODE_UNKNOWN');
        if (code.disabledAt) throw new AppError('REDEEM_CODE_DISABLED');
        if (code.expiresAt <= new Date()) throw new AppError('REDEEM_CODE_EXPIRED');
        if ((await promotionsRepository.memberLevel(tx, memberId)) < code.minLevel)
          throw new AppError('REDEEM_CODE_LEVEL');
        if (await repo.hasRedeemed(tx, code.id, memberId)) throw new AppError('REDEEM_CODE_REDEEMED');
        if (!(await repo.takeUse(tx, code.id))) {
          // The update waited for any redemption holding the row: it may have been this member's own double tap.
          if (await repo.hasRedeemed(tx, code.id, memberId)) throw new AppError('REDEEM_CODE_REDEEMED');
          throw new AppError('REDEEM_CODE_USED_UP');
        }
        const granted = await bonus.grantIn(tx, {
          memberId,
          programme: 'code',
          reference: `code:${code.id}`,
          amount: code.amount,
          multiple: code.multiple,
          key: `code:${code.id}:${memberId}`,
          actor: `member:${memberId}`,
          detail: { code: code.code, batch: String(code.batchId) },
        });
        const redemptionId = await repo.insertRedemption(tx, code.id, memberId, granted.grant.id);
        if (redemptionId === null) throw new AppError('REDEEM_CODE_REDEEMED');
        return redemptionId;
      });
      const row = await repo.redemption(db, memberId, id);
      if (!row) throw new AppError('INTERNAL');
      return redemptionView(row);
    },

    /** The member's redemptions, newest first, within an optional range. */
    async list(memberId: bigint, query: { startTime: string; endTime: string; page: number; size: number }) {
      const end = parseDateTime(query.endTime, timeZone);
      const { rows, total } = await repo.redemptions(db, memberId, {
        start: parseDateTime(query.startTime, timeZone),
        // A day alone as the end means through that day; a time means through that second.
        end: end ? new Date(end.getTime() + (query.endTime.length === 10 ? 86_400_000 : 1000)) : null,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { list: rows.map(redemptionView), total, page: query.page, size: query.size };
    },

    /** One of the member's redemptions; another member's id is not found. */
    async detail(memberId: bigint, id: string): Promise<RedemptionView> {
      const row = await repo.redemption(db, memberId, BigInt(id));
      if (!row) throw new AppError('REWARD_NOT_FOUND');
      return redemptionView(row);
    },
  };
}

import type { MemberBetProduct, MemberPaymentKind, MemberSortField } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { assertRole, auditIn, type Operator, type OperatorActor } from '../admin/operator-actor';
import { authRepository } from '../auth/auth.repository';
import type { Database } from '../db/database';
import { memberRepository } from '../member/member.repository';
import { securityRepository } from '../security/security.repository';
import { AppError } from '../shared/app-error';
import { ledgerRepository } from '../wallet/ledger/ledger.repository';
import { turnoverRepository } from '../wallet/turnover.repository';
import { type MemberFilters, memberDeskRepository } from './member-desk.repository';

type Paging = { page: number; pageSize: number };

/** Who reads members' records, and who may lock them (the role matrix's memberViewers and money groups). */
const MEMBER_VIEWERS = ['admin', 'finance', 'support'] as const;
const MONEY_DESK = ['admin', 'finance'] as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The console's members desk (issue 27): the members list, a member's whole picture, notes, and locking. Every call
 * takes the operator first and checks the role again, as the server's access table does before it.
 */
export function createMemberDeskService(deps: {
  db: Database;
  /** Tells every process that the member's sessions ended (their cached sessions drop). */
  announceSessionsEnded(memberId: bigint): Promise<void>;
}) {
  const { db } = deps;

  async function memberOf(memberId: bigint) {
    const member = await memberRepository.findById(db, memberId);
    if (!member) throw new AppError('NOT_FOUND');
    return member;
  }

  /** Locking, unlocking and ending sessions: the change, its sessions and its audit row commit together. */
  async function endSessions(
    actor: OperatorActor,
    memberId: bigint,
    action: 'member.lock' | 'member.unlock' | 'member.sessions.revoke',
    reason: string,
  ) {
    const result = await db.transaction(async (tx) => {
      // The row lock first: a sign-in opening a session holds it too (sessions.open), so the sessions ended below are
      // every one that will ever exist under the old status, and the audit's status before is the one changed.
      await authRepository.lockMemberStatus(tx, memberId);
      const member = await memberRepository.findById(tx, memberId);
      if (!member) throw new AppError('NOT_FOUND');
      if (action !== 'member.sessions.revoke')
        await memberDeskRepository.setLocked(tx, memberId, action === 'member.lock' ? { reason } : null);
      // Unlocking leaves the sessions alone (a locked member has none); the other two end every one.
      const ended = action === 'member.unlock' ? [] : await authRepository.revokeAllSessions(tx, memberId);
      const status =
        action === 'member.sessions.revoke' ? member.status : action === 'member.lock' ? 'disabled' : 'active';
      await auditIn(tx, actor, action, `member:${memberId}`, {
        reason,
        statusBefore: member.status,
        statusAfter: status,
        endedSessions: ended.length,
      });
      return { status: status as 'active' | 'disabled', endedSessions: ended.length };
    });
    if (result.endedSessions > 0) await deps.announceSessionsEnded(memberId);
    return result;
  }

  return {
    async search(operator: Operator, query: MemberFilters & Paging & { sort: string }) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      const descending = query.sort.startsWith('-');
      const field = (descending ? query.sort.slice(1) : query.sort) as MemberSortField;
      const { page, pageSize, sort: _sort, ...filters } = query;
      const found = await memberDeskRepository.search(db, filters, { field, descending }, { page, pageSize });
      return {
        total: found.total,
        rows: found.rows.map((row) => ({
          id: row.id.toString(),
          account: row.account,
          realName: row.realName,
          phoneArea: row.phoneArea,
          phone: row.phone,
          inviteCode: row.inviteCode,
          vipLevel: row.vipLevel,
          status: row.status,
          balance: formatAmount(row.balance),
          registeredAt: row.createdAt.toISOString(),
          lastSignInAt: iso(row.lastLoginAt),
        })),
      };
    },

    async profile(operator: Operator, memberId: bigint) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      const member = await memberOf(memberId);
      const inviter = member.inviterId ? await memberRepository.findById(db, member.inviterId) : undefined;
      const accounts = await ledgerRepository.balances(db, memberId);
      const turnover = await turnoverRepository.turnover(db, memberId);
      return {
        id: member.id.toString(),
        account: member.account,
        nickname: member.nickname,
        realName: member.realName,
        phoneArea: member.phoneArea,
        phone: member.phone,
        email: member.email,
        inviteCode: member.inviteCode,
        inviter: inviter ? { id: inviter.id.toString(), account: inviter.account } : null,
        vipLevel: member.vipLevel,
        status: member.status as 'active' | 'disabled',
        lockedAt: iso(member.lockedAt),
        lockReason: member.lockReason,
        registeredAt: member.createdAt.toISOString(),
        lastSignInAt: iso(member.lastLoginAt),
        liveSessions: await memberDeskRepository.liveSessions(db, memberId),
        accounts: accounts.map((account) => ({ kind: account.kind, balance: formatAmount(account.balance) })),
        turnover: { required: formatAmount(turnover.required), wagered: formatAmount(turnover.wagered) },
      };
    },

    async ledger(operator: Operator, memberId: bigint, paging: Paging) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      await memberOf(memberId);
      const found = await memberDeskRepository.ledgerPage(db, memberId, paging);
      return {
        total: found.total,
        rows: found.rows.map((row) => ({
          id: row.id.toString(),
          account: row.account,
          code: row.code,
          amount: formatAmount(row.amount),
          balanceAfter: formatAmount(row.balanceAfter),
          reference: row.reference,
          memo: row.memo,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async bets(operator: Operator, memberId: bigint, product: MemberBetProduct, paging: Paging) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      await memberOf(memberId);
      const found = await memberDeskRepository.betsPage(db, memberId, product, paging);
      return {
        total: found.total,
        rows: found.rows.map((row) => ({
          id: row.id.toString(),
          product,
          game: row.game,
          stake: formatAmount(row.stake),
          payout: row.payout === null ? null : formatAmount(row.payout),
          valid: formatAmount(row.valid),
          status: row.status,
          placedAt: row.placedAt.toISOString(),
          settledAt: iso(row.settledAt),
        })),
      };
    },

    async payments(operator: Operator, memberId: bigint, kind: MemberPaymentKind, paging: Paging) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      await memberOf(memberId);
      const found = await memberDeskRepository.paymentsPage(db, memberId, kind, paging);
      return {
        total: found.total,
        rows: found.rows.map((row) => ({
          id: row.id.toString(),
          kind,
          amount: formatAmount(row.amount),
          fee: formatAmount(row.fee),
          status: row.status,
          channel: row.channel,
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
          resolvedAt: iso(row.resolvedAt),
        })),
      };
    },

    /** The sign-in history the member sees, with the full address (the member sees it masked). */
    async signIns(operator: Operator, memberId: bigint, paging: Paging) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      await memberOf(memberId);
      const found = await securityRepository.listLogins(db, memberId, paging.page, paging.pageSize);
      return {
        total: found.total,
        rows: found.rows.map((row) => ({
          id: row.id.toString(),
          at: row.at.toISOString(),
          ip: row.ip,
          area: row.area,
          device: row.device,
          deviceKind: row.deviceKind,
        })),
      };
    },

    async links(operator: Operator, memberId: bigint) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      await memberOf(memberId);
      const devices = await memberDeskRepository.devices(db, memberId);
      const links = await memberDeskRepository.links(db, memberId);
      return {
        devices: devices.map((device) => ({ ...device, firstSeenAt: device.firstSeenAt.toISOString() })),
        links: links.map((link) => ({ ...link, memberId: link.memberId.toString() })),
      };
    },

    async notes(operator: Operator, memberId: bigint, paging: Paging) {
      assertRole({ ...operator, ip: '' }, MEMBER_VIEWERS);
      await memberOf(memberId);
      const found = await memberDeskRepository.notesPage(db, memberId, paging);
      return {
        total: found.total,
        rows: found.rows.map((row) => ({ ...row, id: row.id.toString(), createdAt: row.createdAt.toISOString() })),
      };
    },

    async addNote(actor: OperatorActor, memberId: bigint, body: string) {
      assertRole(actor, MEMBER_VIEWERS);
      return db.transaction(async (tx) => {
        if (!(await memberRepository.findById(tx, memberId))) throw new AppError('NOT_FOUND');
        const note = await memberDeskRepository.insertNote(tx, { memberId, operatorId: actor.id, body });
        await auditIn(tx, actor, 'member.note', `member:${memberId}`, { noteId: note.id.toString() });
        return { id: note.id.toString(), body, operator: actor.account, createdAt: note.createdAt.toISOString() };
      });
    },

    /** A locked member cannot sign in (ACCOUNT_DISABLED) and every session of theirs ends now. */
    lock(actor: OperatorActor, memberId: bigint, reason: string) {
      assertRole(actor, MONEY_DESK);
      return endSessions(actor, memberId, 'member.lock', reason);
    },

    unlock(actor: OperatorActor, memberId: bigint, reason: string) {
      assertRole(actor, MONEY_DESK);
      return endSessions(actor, memberId, 'member.unlock', reason);
    },

    /** Signs the member out everywhere (a lost phone); they may sign in again. */
    endSessions(actor: OperatorActor, memberId: bigint, reason: string) {
      assertRole(actor, MEMBER_VIEWERS);
      return endSessions(actor, memberId, 'member.sessions.revoke', reason);
    },
  };
}

export type MemberDeskService = ReturnType<typeof createMemberDeskService>;

import type { Balance, UserInfo } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { MemberSession } from '../auth/session.service';
import { phoneTarget, type VerificationService } from '../auth/verification.service';
import { contentRepository } from '../content/content.repository';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import type { LimitRule, Limits } from '../shared/limits';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { TtlCache } from '../shared/ttl-cache';
import { type MemberRow, memberRepository, uniqueViolation } from './member.repository';
import { toUserInfo } from './member-view';

export type MemberService = ReturnType<typeof createMemberService>;

const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥' };
/** A member counts as online this long after their last heartbeat (sent every 30 s). */
const ONLINE: LimitRule = { name: 'online', points: 1, durationS: 90 };

/** A member's own profile, contact details, balance summary and presence. */
export function createMemberService(deps: {
  db: Database;
  verification: VerificationService;
  limits: Limits;
  bus: InvalidationBus;
  phoneAllowed(area: string, phone: string): 'ok' | 'AREA_UNKNOWN' | 'PHONE_FORMAT';
}) {
  const { db } = deps;
  // The profile is read on every page; writes below invalidate it across processes.
  const infoCache = new TtlCache<string, UserInfo>(30_000);
  deps.bus.subscribe((message) => {
    if (message.kind === 'member') infoCache.delete(message.memberId);
  });

  async function changed(member: MemberRow | undefined): Promise<UserInfo> {
    if (!member) throw new AppError('SESSION_EXPIRED');
    await deps.bus.publish({ kind: 'member', memberId: member.id.toString() });
    return toUserInfo(member);
  }

  return {
    async findRow(memberId: bigint): Promise<MemberRow | undefined> {
      return memberRepository.findById(db, memberId);
    },

    async info(session: MemberSession): Promise<UserInfo> {
      const key = session.memberId.toString();
      const cached = infoCache.get(key);
      if (cached) return cached;
      const member = await memberRepository.findById(db, session.memberId);
      if (!member) throw new AppError('SESSION_EXPIRED');
      const info = toUserInfo(member);
      infoCache.set(key, info);
      return info;
    },

    async balance(session: MemberSession): Promise<Balance> {
      const { balance, currency } = await memberRepository.mainBalance(db, session.memberId);
      return { balance: formatAmount(balance), currency, symbol: CURRENCY_SYMBOLS[currency] ?? currency };
    },

    unread(session: MemberSession): Promise<number> {
      return memberRepository.unreadMessages(db, session.memberId);
    },

    async updateProfile(session: MemberSession, body: { realName?: string; nickname?: string; avatar?: string }) {
      return changed(await memberRepository.update(db, session.memberId, body));
    },

    async bindPhone(session: MemberSession, body: { area: string; phone: string; smsCode: string }) {
      const verdict = deps.phoneAllowed(body.area, body.phone);
      if (verdict !== 'ok') throw new AppError(verdict);
      const receipt = await deps.verification.check('sms', 'bind', phoneTarget(body.area, body.phone), body.smsCode);
      try {
        const member = await db.transaction(async (tx) => {
          await deps.verification.redeem(tx, receipt);
          return memberRepository.update(tx, session.memberId, { phoneArea: body.area, phone: body.phone });
        });
        return await changed(member);
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('PHONE_TAKEN');
        throw error;
      }
    },

    async sendEmailCode(client: ClientInfo, body: { email: string }) {
      const email = body.email.toLowerCase();
      if (await memberRepository.findByEmail(db, email)) throw new AppError('EMAIL_TAKEN');
      return deps.verification.send('email', 'bind', email, client);
    },

    async bindEmail(session: MemberSession, body: { email: string; code: string }) {
      const email = body.email.toLowerCase();
      const receipt = await deps.verification.check('email', 'bind', email, body.code);
      try {
        const member = await db.transaction(async (tx) => {
          await deps.verification.redeem(tx, receipt);
          return memberRepository.update(tx, session.memberId, { email });
        });
        return await changed(member);
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
        throw error;
      }
    },

    /** Presence for operators and for the game session; kept in the shared counter store, not the database. */
    async heartbeat(session: MemberSession, body: { gameid: string; platform: string }) {
      await deps.limits.mark(ONLINE, String(session.memberId));
      return { online: true, gameid: body.gameid, platform: body.platform };
    },

    /** Spec: d = the feature is enabled (operator setting), p = this member has set one. */
    async withdrawPasswordConfig(session: MemberSession | null) {
      const setting = await contentRepository.setting<{ enabled: boolean }>(db, 'withdrawPassword');
      const enabled = setting?.enabled ?? true;
      if (!session) return { d: enabled, p: false };
      const member = await memberRepository.findById(db, session.memberId);
      return { d: enabled, p: Boolean(member?.withdrawPasswordHash) };
    },

    async isOnline(memberId: bigint): Promise<boolean> {
      return deps.limits.isMarked(ONLINE, String(memberId));
    },
  };
}

import type { Balance, Lang, UserInfo } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import { LRUCache } from 'lru-cache';
import { adminRepository } from '../admin/admin.repository';
import type { MemberSession } from '../auth/session.service';
import { phoneTarget, type VerificationService } from '../auth/verification.service';
import { contentRepository } from '../content/content.repository';
import type { Database } from '../db/database';
import type { PresenceStore } from '../games/presence';
import type { Notice, SystemMessages } from '../messages/system-messages';
import type { Notifier } from '../notify/notifier';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import type { InvalidationBus } from '../shared/invalidation-bus';
import type { LimitRule, Limits } from '../shared/limits';
import { type MemberRow, memberRepository, uniqueViolation } from './member.repository';
import { toUserInfo } from './member-view';

export type MemberService = ReturnType<typeof createMemberService>;

const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥' };
/** A member counts as online this long after their last heartbeat (sent every 30 s). */
const ONLINE: LimitRule = { name: 'online', points: 1, durationS: 90 };

/** The SMS the old phone gets when the bound phone changes (the inbox message is the template `phone_changed`). */
const OLD_PHONE_SMS: Record<Lang, string> = {
  'zh-CN': '您的账户已更换绑定手机号，本号码不再接收该账户的验证码。如非本人操作，请立即联系客服。',
  'zh-HK': '您的賬戶已更換綁定手機號，本號碼不再接收該賬戶的驗證碼。如非本人操作，請立即聯繫客服。',
};

function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** A member's own profile, contact details, balance summary and presence. */
export function createMemberService(deps: {
  db: Database;
  verification: VerificationService;
  limits: Limits;
  bus: InvalidationBus;
  notifier: Notifier;
  phoneAllowed(area: string, phone: string): 'ok' | 'AREA_UNKNOWN' | 'PHONE_FORMAT';
  presence: PresenceStore;
  /** Identity changes tell the member in their inbox, in the change's transaction. */
  messages: SystemMessages;
}) {
  const { db } = deps;
  // Several changes of one kind in a day are each news: the ref names the change by time.
  const realNameNotice = (memberId: bigint, name: string): Notice => ({
    memberId,
    template: 'real_name',
    params: { name },
    ref: `real_name:${Date.now()}`,
  });
  // The profile is read on every page; writes below invalidate it across processes.
  const infoCache = new LRUCache<string, UserInfo>({ max: 10_000, ttl: 30_000 });
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

    /**
     * Nickname and avatar change freely. The real name is what withdrawal accounts must be held in, so the member
     * sets it once; later corrections go through customer service (`correctRealName`).
     */
    async updateProfile(session: MemberSession, body: { realName?: string; nickname?: string; avatar?: string }) {
      const { realName, ...rest } = body;
      let notified: bigint[] = [];
      const member = await db.transaction(async (tx) => {
        let row: MemberRow | undefined;
        if (realName !== undefined) {
          const current = await memberRepository.findById(tx, session.memberId);
          if (!current) throw new AppError('SESSION_EXPIRED');
          if (current.realName !== realName) {
            row = await memberRepository.setRealNameOnce(tx, session.memberId, realName);
            if (!row) throw new AppError('REAL_NAME_LOCKED');
            notified = await deps.messages.writeIn(tx, [realNameNotice(session.memberId, realName)]);
          }
        }
        if (Object.keys(rest).length) row = await memberRepository.update(tx, session.memberId, rest);
        return row ?? (await memberRepository.findById(tx, session.memberId));
      });
      deps.messages.changed(notified);
      return changed(member);
    },

    /** Operator console: the one way to change a real name once set; audited in the same transaction. */
    async correctRealName(
      operator: { id: bigint },
      ip: string,
      memberId: bigint,
      body: { realName: string; reason: string },
    ): Promise<UserInfo> {
      let notified: bigint[] = [];
      const member = await db.transaction(async (tx) => {
        const before = await memberRepository.findById(tx, memberId);
        if (!before) throw new AppError('NOT_FOUND');
        const after = await memberRepository.update(tx, memberId, { realName: body.realName });
        notified = await deps.messages.writeIn(tx, [realNameNotice(memberId, body.realName)]);
        await adminRepository.audit(tx, {
          operatorId: operator.id,
          action: 'member.real-name',
          target: `member:${memberId}`,
          detail: { from: before.realName, to: body.realName, reason: body.reason },
          ip,
        });
        return after;
      });
      deps.messages.changed(notified);
      return changed(member);
    },

    /**
     * The bound phone receives password and withdraw-password reset codes, so a session alone must not move it: the
     * route lets only a session that stepped up (the login password or a code to the bound phone, security/) get
     * here, and the new phone proves itself with its own code. The member gets an inbox message and the old phone an
     * SMS saying the phone changed.
     */
    async bindPhone(
      session: MemberSession,
      body: { area: string; phone: string; smsCode: string },
      lang: Lang = 'zh-CN',
    ) {
      const verdict = deps.phoneAllowed(body.area, body.phone);
      if (verdict !== 'ok') throw new AppError(verdict);
      const current = await memberRepository.findById(db, session.memberId);
      if (!current) throw new AppError('SESSION_EXPIRED');
      const oldTarget = current.phone ? phoneTarget(current.phoneArea, current.phone) : null;
      const receipt = await deps.verification.check('sms', 'bind', phoneTarget(body.area, body.phone), body.smsCode);
      let member: MemberRow | undefined;
      let notified: bigint[] = [];
      try {
        member = await db.transaction(async (tx) => {
          await deps.verification.redeem(tx, receipt);
          const row = await memberRepository.update(tx, session.memberId, { phoneArea: body.area, phone: body.phone });
          if (oldTarget)
            notified = await deps.messages.writeIn(tx, [
              {
                memberId: session.memberId,
                template: 'phone_changed',
                params: { phone: maskPhone(body.phone) },
                ref: `phone:${Date.now()}`,
              },
            ]);
          return row;
        });
      } catch (error) {
        if (uniqueViolation(error)) throw new AppError('PHONE_TAKEN');
        throw error;
      }
      deps.messages.changed(notified);
      if (oldTarget) {
        // The change is made; a failed notice must not undo it or fail the request.
        await deps.notifier
          .sendSms(oldTarget, { purpose: 'phone-changed', code: '', text: OLD_PHONE_SMS[lang] })
          .catch(() => undefined);
      }
      return changed(member);
    },

    async sendEmailCode(client: ClientInfo, body: { email: string }) {
      const email = body.email.toLowerCase();
      // Taken or free, the answer is the same and comes after the send limits: the form cannot list members' e-mails.
      // A taken address gets a notice instead of a code, so binding it fails with the ordinary wrong-code message.
      const taken = Boolean(await memberRepository.findByEmail(db, email));
      return deps.verification.send('email', 'bind', email, client, { deliver: !taken, notice: 'taken' });
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
      // Who is in which game, for the operators (kept with a TTL outside the database: games/presence.ts).
      await deps.presence.seen(session.memberId, body.gameid, body.platform);
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

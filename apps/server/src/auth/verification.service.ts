import type { Lang } from '@jinb/contract';
import type { Database, Executor } from '../db/database';
import type { Notifier } from '../notify/notifier';
import { AppError } from '../shared/app-error';
import type { LimitRule, Limits } from '../shared/limits';
import { hmac, numericCode, safeEqual } from '../shared/tokens';
import { authRepository } from './auth.repository';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_S = 60;
const MAX_ATTEMPTS = 5;
const DAY_S = 86_400;
/** Each SMS costs money: caps per recipient, per device and per IP over a day. */
export const SEND_CAPS = { perTarget: 10, perDevice: 20, perIp: 50 } as const;
/** One code per recipient per minute; keyed by channel and recipient. */
export const RESEND_COOLDOWN: LimitRule = { name: 'code-cooldown', points: 1, durationS: RESEND_COOLDOWN_S };
const PER_TARGET: LimitRule = { name: 'code-day-target', points: SEND_CAPS.perTarget, durationS: DAY_S };
const PER_DEVICE: LimitRule = { name: 'code-day-device', points: SEND_CAPS.perDevice, durationS: DAY_S };
const PER_IP: LimitRule = { name: 'code-day-ip', points: SEND_CAPS.perIp, durationS: DAY_S };

export type Channel = 'sms' | 'email';
/** Sent instead of a code when the address already belongs to a member, so its owner learns someone tried it. */
export type TakenNotice = 'taken';
export type CodeReceipt = { readonly id: bigint };
export type VerificationService = ReturnType<typeof createVerificationService>;

const TEXTS: Record<
  Lang,
  {
    sms: (code: string) => string;
    emailSubject: string;
    email: (code: string) => string;
    smsTaken: string;
    emailTaken: string;
  }
> = {
  'zh-CN': {
    smsTaken:
      '【金币】有人尝试用您的手机号码注册或绑定账号。该号码已绑定您的账号，如非本人操作请忽略；忘记密码可在登录页找回。',
    emailTaken: '有人尝试将本邮箱绑定到另一个账号。该邮箱已绑定您的账号，如非本人操作请忽略本邮件。',
    sms: (code) => `【金币】您的验证码是${code}，10分钟内有效。请勿泄露给他人。`,
    emailSubject: '邮箱验证码',
    email: (code) => `您的邮箱验证码是${code}，10分钟内有效。如非本人操作，请忽略本邮件。`,
  },
  'zh-HK': {
    smsTaken:
      '【金幣】有人嘗試用您的手機號碼註冊或綁定賬號。該號碼已綁定您的賬號，如非本人操作請忽略；忘記密碼可在登錄頁找回。',
    emailTaken: '有人嘗試將本郵箱綁定到另一個賬號。該郵箱已綁定您的賬號，如非本人操作請忽略本郵件。',
    sms: (code) => `【金幣】您的驗證碼是${code}，10分鐘內有效。請勿洩露給他人。`,
    emailSubject: '郵箱驗證碼',
    email: (code) => `您的郵箱驗證碼是${code}，10分鐘內有效。如非本人操作，請忽略本郵件。`,
  },
};

/** 6-digit SMS and e-mail codes: single use, 10 minutes, 5 attempts, rate-limited sends. */
export function createVerificationService(deps: { db: Database; notifier: Notifier; limits: Limits; secret: string }) {
  const hashCode = (target: string, code: string) => hmac(deps.secret, `${target}:${code}`);

  async function enforceSendLimits(channel: Channel, target: string, client: { deviceNo: string; ip: string }) {
    await deps.limits.consume(RESEND_COOLDOWN, `${channel}:${target}`, 'CODE_TOO_OFTEN');
    await deps.limits.consume(PER_TARGET, `${channel}:${target}`, 'CODE_LIMIT');
    await deps.limits.consume(PER_DEVICE, client.deviceNo || 'none', 'CODE_LIMIT');
    await deps.limits.consume(PER_IP, client.ip, 'CODE_LIMIT');
  }

  async function sendNotice(channel: Channel, target: string, lang: Lang) {
    const texts = TEXTS[lang];
    const message = { purpose: 'notice', code: '', text: channel === 'sms' ? texts.smsTaken : texts.emailTaken };
    try {
      if (channel === 'sms') await deps.notifier.sendSms(target, message);
      else await deps.notifier.sendEmail(target, texts.emailSubject, message);
    } catch {
      // A lost notice must not answer differently from a delivered code.
    }
  }

  return {
    async send(
      channel: Channel,
      purpose: string,
      target: string,
      client: { deviceNo: string; ip: string; lang: Lang },
      options: { deliver: boolean; notice?: TakenNotice } = { deliver: true },
    ): Promise<{ cooldown: number }> {
      await enforceSendLimits(channel, target, client);
      if (!options.deliver) {
        // No code is stored: whoever asked gets the same answer as for a free address, and the owner a notice.
        if (options.notice) await sendNotice(channel, target, client.lang);
        return { cooldown: RESEND_COOLDOWN_S };
      }
      const code = numericCode(6);
      await authRepository.insertCode(deps.db, {
        channel,
        target,
        purpose,
        codeHash: hashCode(target, code),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      const texts = TEXTS[client.lang];
      try {
        if (channel === 'sms') await deps.notifier.sendSms(target, { purpose, code, text: texts.sms(code) });
        else await deps.notifier.sendEmail(target, texts.emailSubject, { purpose, code, text: texts.email(code) });
      } catch (error) {
        await deps.limits.reset(RESEND_COOLDOWN, `${channel}:${target}`);
        throw new AppError('CODE_SEND_FAILED', { cause: error });
      }
      return { cooldown: RESEND_COOLDOWN_S };
    },

    /**
     * Checks a code; every guess, right or wrong, uses one of its attempts, counted before the comparison so that
     * parallel guesses cannot outrun the limit. Returns a receipt to redeem with `redeem` inside the use case's
     * transaction, so if the rest of the use case fails the code is still usable. Runs outside any transaction
     * (PGlite has one connection: a nested statement on the outer handle would wait forever).
     */
    async check(channel: Channel, purpose: string, target: string, code: string): Promise<CodeReceipt> {
      const live = await authRepository.countAttemptOnLatestCode(deps.db, channel, target, purpose, MAX_ATTEMPTS);
      if (!live || !safeEqual(live.codeHash, hashCode(target, code))) throw new AppError('CODE_WRONG');
      return { id: live.id };
    },

    /** Marks the code used; a concurrent request that redeemed it first makes this one fail. */
    async redeem(db: Executor, receipt: CodeReceipt): Promise<void> {
      if (!(await authRepository.consumeCode(db, receipt.id))) throw new AppError('CODE_WRONG');
    },
  };
}

export function phoneTarget(area: string, phone: string): string {
  return `+${area}${phone}`;
}

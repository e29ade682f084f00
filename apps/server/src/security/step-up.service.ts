import { STEP_UP_TTL_MS, type StepUpBody, type StepUpGrant } from '@jinb/contract';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyPassword } from '../auth/password-hash';
import type { PasswordCipher } from '../auth/rsa-keys';
import type { MemberSession } from '../auth/session.service';
import { phoneTarget, type VerificationService } from '../auth/verification.service';
import type { Database } from '../db/database';
import { type MemberRow, memberRepository } from '../member/member.repository';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import { securityRepository } from './security.repository';

export type StepUpService = ReturnType<typeof createStepUpService>;

/** The purpose the step-up's SMS codes are stored under: a code sent for anything else never counts here. */
const SMS_PURPOSE = 'step_up';

/**
 * Step-up checks: before the changes an account thief wants most (the phone, the e-mail, a payout account, the
 * withdraw password), the session must have proved again, within the last 5 minutes, that it is the member: the
 * sign-in password (under the sign-in's own attempt limits and lock) or an SMS code sent to the bound phone (under the
 * codes' attempt limits). The grant is kept on the session row: it survives token rotation, every process sees it,
 * and another session of the same member is not covered.
 */
export function createStepUpService(deps: {
  db: Database;
  cipher: PasswordCipher;
  verification: VerificationService;
  /** The member sign-in limiter itself: a wrong password here is a wrong password at sign-in. */
  limiter: LoginLimiter;
}) {
  const { db } = deps;

  async function memberOf(session: MemberSession): Promise<MemberRow> {
    const member = await memberRepository.findById(db, session.memberId);
    if (member?.status !== 'active') throw new AppError('SESSION_EXPIRED');
    return member;
  }

  function boundPhone(member: MemberRow): string {
    if (!member.phone) throw new AppError('PHONE_NOT_BOUND');
    return phoneTarget(member.phoneArea, member.phone);
  }

  return {
    /** Sends a step-up code to the member's bound phone (the send limits of every other code apply). */
    async sendSms(session: MemberSession, client: ClientInfo): Promise<{ cooldown: number }> {
      const member = await memberOf(session);
      return deps.verification.send('sms', SMS_PURPOSE, boundPhone(member), client);
    },

    async verify(session: MemberSession, client: ClientInfo, body: StepUpBody): Promise<StepUpGrant> {
      const member = await memberOf(session);
      let receipt: Awaited<ReturnType<VerificationService['check']>> | undefined;
      if (body.method === 'password') {
        // Counted before argon2 runs, on the same account-and-address pair as sign-in: parallel guesses cannot pass
        // the limit, and a locked pair is locked here too.
        const attempt = await deps.limiter.begin(member.account, client.ip);
        const plain = deps.cipher.decrypt(body.password) ?? '';
        if (!plain || !(await verifyPassword(member.passwordHash, plain))) {
          await deps.limiter.failed(attempt);
          throw new AppError('PASSWORD_WRONG');
        }
        await deps.limiter.succeeded(attempt);
      } else {
        receipt = await deps.verification.check('sms', SMS_PURPOSE, boundPhone(member), body.smsCode);
      }
      const until = new Date(Date.now() + STEP_UP_TTL_MS);
      const granted = await db.transaction(async (tx) => {
        if (receipt) await deps.verification.redeem(tx, receipt);
        return securityRepository.grantStepUp(tx, session.sessionId, session.memberId, until);
      });
      if (!granted) throw new AppError('SESSION_EXPIRED');
      return { until: until.toISOString() };
    },

    /** Throws STEP_UP_REQUIRED unless this session stepped up within the last 5 minutes. */
    async assert(session: MemberSession): Promise<void> {
      const until = await securityRepository.steppedUpUntil(db, session.sessionId);
      if (!until || until.getTime() <= Date.now()) throw new AppError('STEP_UP_REQUIRED');
    },
  };
}

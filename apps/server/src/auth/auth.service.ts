import { fields, type SmsType } from '@jinb/contract';
import { agentRepository } from '../agent/agent.repository';
import type { Database } from '../db/database';
import { type MemberRow, memberRepository, uniqueViolation } from '../member/member.repository';
import { messagesRepository } from '../messages/messages.repository';
import type { SystemMessages } from '../messages/system-messages';
import type { SignInRefusal } from '../protection/sign-in-refusal';
import type { LoginHistoryService } from '../security/login-history.service';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import { newInviteCode } from '../shared/tokens';
import type { CaptchaService } from './captcha.service';
import type { LoginLimiter } from './login-limiter';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash';
import type { PasswordCipher } from './rsa-keys';
import type { MemberSession, SessionService } from './session.service';
import { phoneTarget, type TakenNotice, type VerificationService } from './verification.service';

export type AuthService = ReturnType<typeof createAuthService>;

type Deps = {
  db: Database;
  cipher: PasswordCipher;
  captcha: CaptchaService;
  verification: VerificationService;
  sessions: SessionService;
  limiter: LoginLimiter;
  /** Whether a phone area code is one we serve, and whether the number fits it. */
  phoneAllowed(area: string, phone: string): 'ok' | 'AREA_UNKNOWN' | 'PHONE_FORMAT';
  /** A sign-in from a device the member never used tells them in their inbox. */
  messages: SystemMessages;
  /** Every sign-in (registration included) is recorded with its session, for the member's sign-in history. */
  loginHistory: Pick<LoginHistoryService, 'record'>;
  /** A time-out or self-exclusion refuses sign-in (issue 26), offering a withdrawal-only session instead. */
  signIn: Pick<SignInRefusal, 'assertMaySignIn'>;
};

/** Sign-up, sign-in, password recovery and change: every flow that proves who a member is. */
export function createAuthService(deps: Deps) {
  const { db } = deps;

  function decryptNewPassword(cipher: string): string {
    const plain = deps.cipher.decrypt(cipher);
    if (plain === null) throw new AppError('BAD_REQUEST');
    if (!fields.plainPassword.safeParse(plain).success) throw new AppError('PASSWORD_FORMAT');
    return plain;
  }

  function assertPhone(area: string, phone: string) {
    const verdict = deps.phoneAllowed(area, phone);
    if (verdict !== 'ok') throw new AppError(verdict);
  }

  return {
    async sendSms(
      client: ClientInfo,
      body: { phone: string; area: string; type: SmsType; code: string },
      member?: MemberRow,
    ) {
      assertPhone(body.area, body.phone);
      await deps.captcha.verify(client.captchaKey, body.code);
      let deliver = true;
      let notice: TakenNotice | undefined;
      if (body.type === 'register') {
        // A taken phone answers like a free one (after the same limits) and its owner gets a notice, not a code:
        // the sign-up form cannot be used to find members' phones, and registering with it fails on the code.
        deliver = !(await memberRepository.findByPhone(db, body.area, body.phone));
        notice = 'taken';
      } else if (body.type === 'bind') {
        // Only a signed-in member gets here, under the same send limits; they are told the phone is taken.
        if (!member) throw new AppError('SESSION_EXPIRED');
        if (await memberRepository.findByPhone(db, body.area, body.phone)) throw new AppError('PHONE_TAKEN');
      } else if (body.type === 'forget') {
        // Answer the same whether or not the phone is registered, so the form cannot be used to find members.
        deliver = Boolean(await memberRepository.findByPhone(db, body.area, body.phone));
      } else if (body.type === 'withdraw' || body.type === 'unbind') {
        if (!member) throw new AppError('SESSION_EXPIRED');
        if (member.phoneArea !== body.area || member.phone !== body.phone) throw new AppError('PHONE_NOT_FOUND');
      }
      return deps.verification.send('sms', body.type, phoneTarget(body.area, body.phone), client, { deliver, notice });
    },

    async register(
      client: ClientInfo,
      body: {
        account: string;
        password: string;
        code: string;
        area: string;
        phone: string;
        smsCode: string;
        i_code?: string;
      },
    ): Promise<{ token: string; member: MemberRow }> {
      assertPhone(body.area, body.phone);
      const plain = decryptNewPassword(body.password);
      await deps.captcha.verify(client.captchaKey, body.code);
      // The code comes before "taken": probing which accounts exist costs a code sent to a phone the prober owns.
      const receipt = await deps.verification.check(
        'sms',
        'register',
        phoneTarget(body.area, body.phone),
        body.smsCode,
      );
      if (await memberRepository.findByAccount(db, body.account)) throw new AppError('ACCOUNT_TAKEN');
      if (await memberRepository.findByPhone(db, body.area, body.phone)) throw new AppError('PHONE_TAKEN');
      let inviterId: bigint | null = null;
      if (body.i_code) {
        const inviter = await memberRepository.findByInviteCode(db, body.i_code);
        if (!inviter) throw new AppError('INVITE_CODE_UNKNOWN');
        inviterId = inviter.id;
      }
      const passwordHash = await hashPassword(plain);
      try {
        return await db.transaction(async (tx) => {
          await deps.verification.redeem(tx, receipt);
          const member = await memberRepository.insert(tx, {
            account: body.account,
            passwordHash,
            phoneArea: body.area,
            phone: body.phone,
            inviteCode: newInviteCode(),
            inviterId,
          });
          const { token, sessionId } = await deps.sessions.open(tx, member.id, client);
          await deps.loginHistory.record(tx, sessionId, member.id, client);
          // The device registered on is the member's first: signing in on it later is no news.
          await messagesRepository.deviceIsNew(tx, member.id, client.deviceNo);
          // A registration through a code from the inviter's own device (or phone number) is flagged for operators.
          if (inviterId !== null)
            await agentRepository.flagRegistration(tx, { memberId: member.id, inviterId, deviceNo: client.deviceNo });
          return { token, member };
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'members_account_key') throw new AppError('ACCOUNT_TAKEN');
        if (constraint === 'members_phone_key') throw new AppError('PHONE_TAKEN');
        if (constraint === 'members_invite_code_key') throw new AppError('RETRY');
        throw error;
      }
    },

    /**
     * Wrong account, wrong password and undecryptable ciphertext all answer LOGIN_WRONG after the same work,
     * so neither the message nor the timing tells an attacker which it was.
     */
    async login(client: ClientInfo, body: { account: string; password: string; code: string }) {
      await deps.captcha.verify(client.captchaKey, body.code);
      const attempt = await deps.limiter.begin(body.account, client.ip);
      const plain = deps.cipher.decrypt(body.password) ?? '';
      const member = await memberRepository.findByAccount(db, body.account);
      const valid = member ? await verifyPassword(member.passwordHash, plain) : await verifyAgainstDummy(plain);
      if (!member || !valid || !plain) {
        await deps.limiter.failed(attempt);
        throw new AppError('LOGIN_WRONG');
      }
      if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      await deps.limiter.succeeded(attempt);
      // Only now, with the password proven: the refusal must not tell a stranger that the account's owner is excluded.
      await deps.signIn.assertMaySignIn(member, client);
      // The session, its history row, the device and its notice commit together: no notice for a sign-in that did not
      // happen.
      const { token, updated, notified } = await db.transaction(async (tx) => {
        const { token, sessionId } = await deps.sessions.open(tx, member.id, client);
        await deps.loginHistory.record(tx, sessionId, member.id, client);
        const updated = (await memberRepository.update(tx, member.id, { lastLoginAt: new Date() })) ?? member;
        const notified = (await messagesRepository.deviceIsNew(tx, member.id, client.deviceNo))
          ? await deps.messages.writeIn(tx, [
              {
                memberId: member.id,
                template: 'new_device',
                params: { at: deps.messages.stamp() },
                ref: `device:${client.deviceNo.slice(0, 128)}`,
              },
            ])
          : [];
        return { token, updated, notified };
      });
      deps.messages.changed(notified);
      return { token, member: updated };
    },

    async forgetPassword(
      client: ClientInfo,
      body: {
        account: string;
        area: string;
        phone: string;
        smsCode: string;
        password: string;
      },
    ): Promise<void> {
      const plain = decryptNewPassword(body.password);
      const member = await memberRepository.findByAccount(db, body.account);
      const receipt = await deps.verification.check('sms', 'forget', phoneTarget(body.area, body.phone), body.smsCode);
      if (!member || member.phoneArea !== body.area || member.phone !== body.phone)
        throw new AppError('PHONE_NOT_FOUND');
      const passwordHash = await hashPassword(plain);
      await db.transaction(async (tx) => {
        await deps.verification.redeem(tx, receipt);
        await memberRepository.update(tx, member.id, { passwordHash, passwordChangedAt: new Date() });
        await deps.sessions.revokeAll(tx, member.id);
      });
      await deps.sessions.announceRevokedAll(member.id);
      // A member who proved the phone may sign in from here at once, even after locking themselves out.
      await deps.limiter.succeeded({ name: body.account, ip: client.ip });
    },

    /** Changes the password, ends every session (stolen tokens die with it) and opens a fresh one for this device. */
    async updatePassword(
      session: MemberSession,
      client: ClientInfo,
      body: { oldPassword: string; password: string },
    ): Promise<{ token: string }> {
      const member = await memberRepository.findById(db, session.memberId);
      if (!member) throw new AppError('SESSION_EXPIRED');
      // A stolen session must not become a way to guess the password: same lockout as sign-in.
      const attempt = await deps.limiter.begin(member.account, client.ip);
      const oldPlain = deps.cipher.decrypt(body.oldPassword);
      if (oldPlain === null || !(await verifyPassword(member.passwordHash, oldPlain))) {
        await deps.limiter.failed(attempt);
        throw new AppError('OLD_PASSWORD_WRONG');
      }
      await deps.limiter.succeeded(attempt);
      const plain = decryptNewPassword(body.password);
      if (plain === oldPlain) throw new AppError('PASSWORD_SAME');
      const passwordHash = await hashPassword(plain);
      const token = await db.transaction(async (tx) => {
        await memberRepository.update(tx, member.id, { passwordHash, passwordChangedAt: new Date() });
        await deps.sessions.revokeAll(tx, member.id);
        return deps.sessions.create(tx, member.id, client);
      });
      await deps.sessions.announceRevokedAll(member.id);
      return { token };
    },

    logout(session: MemberSession): Promise<void> {
      return deps.sessions.revoke(session);
    },
  };
}

import type { OperatorRole } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { CaptchaService } from '../auth/captcha.service';
import type { LoginLimiter } from '../auth/login-limiter';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password-hash';
import type { Database } from '../db/database';
import { memberRepository } from '../member/member.repository';
import { toUserInfo } from '../member/member-view';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import { newToken, sha256 } from '../shared/tokens';
import { adminRepository } from './admin.repository';
import { assertRole, auditIn, type Operator, type OperatorActor } from './operator-actor';
import { operatorsRepository } from './operators.repository';
import { looksLikeRecoveryCode, type OtpSealer, otpRequiredFor, recoveryCodeHash, verifyTotp } from './otp';

export type { Operator } from './operator-actor';
export type AdminService = ReturnType<typeof createAdminService>;

const OPERATOR_SESSION_MS = 12 * 3600_000;
/** A session's last request is written at most this often: one cheap write a minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;

export type OperatorSettings = { otp: 'required' | 'optional'; idleMinutes: number };

/** Operator sign-in, member look-up and the audit trail every operator action writes. */
export function createAdminService(deps: {
  db: Database;
  limiter: LoginLimiter;
  captcha: CaptchaService;
  settings: OperatorSettings;
  sealer: OtpSealer;
}) {
  const { db, settings } = deps;
  const idleMs = settings.idleMinutes * 60_000;

  /**
   * The second factor at sign-in: a six-digit code of their authenticator (each time step once), or one unused
   * recovery code (used up). True when it matched; the step or the code is recorded in the same statement.
   */
  async function secondFactor(
    operator: { id: bigint; otpSecret: string | null; otpLastStep: bigint | null },
    code: string,
  ) {
    if (!operator.otpSecret) return false;
    if (/^\d{6}$/.test(code)) {
      const step = await verifyTotp(deps.sealer.open(operator.otpSecret), code, operator.otpLastStep);
      if (step === null) return false;
      return adminRepository.advanceOtpStep(db, operator.id, step);
    }
    if (!looksLikeRecoveryCode(code)) return false;
    return operatorsRepository.useRecoveryCode(db, operator.id, recoveryCodeHash(code));
  }

  return {
    /**
     * The captcha goes first: a script without eyes is refused before it can spend the account's attempts. An
     * operator with a second factor needs its code too (OTP_REQUIRED, OTP_WRONG): both count as failed attempts.
     */
    async login(client: ClientInfo, body: { account: string; password: string; code: string; otp?: string }) {
      const { ip } = client;
      await deps.captcha.verify(client.captchaKey, body.code);
      const attempt = await deps.limiter.begin(body.account, ip);
      const operator = await adminRepository.findOperator(db, body.account);
      const valid = operator
        ? await verifyPassword(operator.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!operator || !valid || operator.status !== 'active') {
        await deps.limiter.failed(attempt);
        await adminRepository.audit(db, { operatorId: null, action: 'login.failed', target: body.account, ip });
        throw new AppError('LOGIN_WRONG');
      }
      if (operator.otpConfirmedAt) {
        const refusal = !body.otp ? 'OTP_REQUIRED' : (await secondFactor(operator, body.otp)) ? null : 'OTP_WRONG';
        if (refusal) {
          await deps.limiter.failed(attempt);
          await adminRepository.audit(db, { operatorId: operator.id, action: 'login.otp-failed', target: refusal, ip });
          throw new AppError(refusal);
        }
      }
      await deps.limiter.succeeded(attempt);
      const token = newToken();
      await adminRepository.insertSession(db, {
        operatorId: operator.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + OPERATOR_SESSION_MS),
        ip,
        userAgent: client.userAgent ?? '',
      });
      await adminRepository.audit(db, { operatorId: operator.id, action: 'login', ip });
      return {
        token,
        operator: { id: operator.id.toString(), account: operator.account, role: operator.role as OperatorRole },
      };
    },

    /**
     * The operator of a live session: not revoked, not past its 12 hours, and used within OPERATOR_IDLE_MINUTES (an
     * idle session is ended here, server-side). Its last request is recorded at most once a minute.
     */
    async authenticate(token: string): Promise<Operator | null> {
      if (!token || token.length > 128) return null;
      const session = await adminRepository.findLiveSession(db, sha256(token));
      if (!session) return null;
      const now = Date.now();
      if (now - session.lastSeenAt.getTime() > idleMs) {
        await adminRepository.expireSession(db, session.id);
        return null;
      }
      const operator = await adminRepository.findOperatorById(db, session.operatorId);
      if (operator?.status !== 'active') return null;
      if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await adminRepository.touchSession(db, session.id, new Date(now));
      const role = operator.role as OperatorRole;
      return {
        id: operator.id,
        account: operator.account,
        role,
        sessionId: session.id,
        mustEnrol: otpRequiredFor(settings.otp, role) && !operator.otpConfirmedAt,
      };
    },

    /** Who am I, with my second factor's state and the idle timeout the console counts down. */
    async me(operator: Operator) {
      const row = await adminRepository.findOperatorById(db, operator.id);
      return {
        id: operator.id.toString(),
        account: operator.account,
        role: operator.role,
        otp: { enrolled: Boolean(row?.otpConfirmedAt), required: otpRequiredFor(settings.otp, operator.role) },
        idleMinutes: settings.idleMinutes,
      };
    },

    /**
     * Ends this session, or every session of the operator (a lost laptop, a leaked token). Sessions are read from the
     * database on every request, so a revoked token is refused at once by every process. The audit row is written in
     * the same transaction as the revocation.
     */
    async revokeSessions(operator: Operator, token: string, ip: string, scope: 'this' | 'all') {
      return db.transaction(async (tx) => {
        const ended = await adminRepository.revokeSessions(
          tx,
          scope === 'this' ? { tokenHash: sha256(token) } : { operatorId: operator.id },
        );
        await adminRepository.audit(tx, {
          operatorId: operator.id,
          action: scope === 'this' ? 'logout' : 'sessions.revoke-all',
          detail: { ended },
          ip,
        });
        return { ended };
      });
    },

    /**
     * An admin ends every session of another operator (a colleague's stolen laptop, someone leaving the company);
     * audited in the same transaction. Their own sessions go through revokeSessions.
     */
    async revokeOperatorSessions(actor: OperatorActor, operatorId: bigint) {
      assertRole(actor, ['admin']);
      return db.transaction(async (tx) => {
        if (!(await adminRepository.findOperatorById(tx, operatorId))) throw new AppError('NOT_FOUND');
        const ended = await adminRepository.revokeSessions(tx, { operatorId });
        await auditIn(tx, actor, 'sessions.revoke-operator', `operator:${operatorId}`, { ended });
        return { ended };
      });
    },

    async createOperator(account: string, password: string, role: OperatorRole) {
      return adminRepository.insertOperator(db, { account, passwordHash: await hashPassword(password), role });
    },

    async findMembers(operator: Operator, account: string, ip: string) {
      const rows = await memberRepository.search(db, account, 20);
      await adminRepository.audit(db, { operatorId: operator.id, action: 'members.search', target: account, ip });
      return Promise.all(
        rows.map(async (row) => ({
          ...toUserInfo(row),
          status: row.status,
          balance: formatAmount((await memberRepository.mainBalance(db, row.id)).balance),
        })),
      );
    },

    async outbox(recipient: string) {
      const rows = await adminRepository.outboxFor(db, recipient, 20);
      return rows.map((row) => ({
        to: row.recipient,
        channel: row.channel as 'sms' | 'email',
        purpose: row.purpose,
        code: row.code,
        text: row.body,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    audit(operator: Operator, action: string, ip: string, target = '', detail: unknown = {}) {
      return adminRepository.audit(db, { operatorId: operator.id, action, target, detail, ip });
    },
  };
}

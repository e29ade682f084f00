import type { OperatorRole } from '@jinb/contract';
import { hashPassword } from '../auth/password-hash';
import type { Database } from '../db/database';
import { uniqueViolation } from '../member/member.repository';
import { AppError } from '../shared/app-error';
import type { OperatorSettings } from './admin.service';
import { assertRole, auditIn, type Operator, type OperatorActor } from './operator-actor';
import { operatorsRepository } from './operators.repository';
import { newOtpSecret, newRecoveryCodes, type OtpSealer, otpRequiredFor, recoveryCodeHash, verifyTotp } from './otp';

export type OperatorsService = ReturnType<typeof createOperatorsService>;

type ListQuery = { page: number; pageSize: number; sort: string; account: string; role?: string; status?: string };
type RowSource = {
  id: bigint;
  account: string;
  role: string;
  status: string;
  otpConfirmedAt: Date | null;
  createdAt: Date;
  lastSeenAt: Date | string | null;
  live: number | null;
};
type SessionSource = { id: bigint; ip: string; userAgent: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date };

const ADMINS: readonly OperatorRole[] = ['admin'];

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function rowView(row: RowSource) {
  return {
    id: row.id.toString(),
    account: row.account,
    role: row.role as OperatorRole,
    status: row.status as 'active' | 'disabled',
    otpEnrolled: row.otpConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    sessions: Number(row.live ?? 0),
  };
}

function sessionView(row: SessionSource, currentId: bigint | undefined) {
  return {
    id: row.id.toString(),
    ip: row.ip,
    device: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentId,
  };
}

/**
 * The operators page (admins: accounts, roles, second factors, sessions) and every operator's own security (我的安全:
 * enrol or remove a second factor, list and end their sessions). Every change is audited in its own transaction.
 */
export function createOperatorsService(deps: { db: Database; settings: OperatorSettings; sealer: OtpSealer }) {
  const { db, settings, sealer } = deps;
  const idleSince = () => new Date(Date.now() - settings.idleMinutes * 60_000);

  async function view(id: bigint) {
    const row = await operatorsRepository.one(db, id, idleSince());
    if (!row) throw new AppError('NOT_FOUND');
    return rowView(row);
  }

  /** Locks the operator an admin acts on; refuses acting on oneself where it could lock the last admin out. */
  async function target(tx: Database, actor: OperatorActor, id: bigint, notSelf: boolean) {
    assertRole(actor, ADMINS);
    if (notSelf && id === actor.id) throw new AppError('OPERATOR_SELF');
    const row = await operatorsRepository.lock(tx, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async list(actor: OperatorActor, query: ListQuery) {
      assertRole(actor, ADMINS);
      const { rows, total } = await operatorsRepository.list(db, query, idleSince());
      return { rows: rows.map(rowView), total };
    },

    async create(actor: OperatorActor, body: { account: string; password: string; role: OperatorRole }) {
      assertRole(actor, ADMINS);
      const passwordHash = await hashPassword(body.password);
      const id = await db
        .transaction(async (tx) => {
          const row = await operatorsRepository.insert(tx, { account: body.account, passwordHash, role: body.role });
          await auditIn(tx, actor, 'operator.create', `operator:${row.id}`, {
            after: { account: row.account, role: row.role },
          });
          return row.id;
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error)) throw new AppError('ACCOUNT_TAKEN');
          throw error;
        });
      return view(id);
    },

    async setRole(actor: OperatorActor, id: bigint, role: OperatorRole) {
      await db.transaction(async (tx) => {
        const row = await target(tx, actor, id, true);
        if (row.role === role) return;
        await operatorsRepository.update(tx, id, { role });
        await auditIn(tx, actor, 'operator.role', `operator:${id}`, { before: { role: row.role }, after: { role } });
      });
      return view(id);
    },

    /** Disabling ends every session of theirs at once; enabling lets them sign in again. */
    async setStatus(actor: OperatorActor, id: bigint, status: 'active' | 'disabled') {
      await db.transaction(async (tx) => {
        const row = await target(tx, actor, id, true);
        if (row.status === status) return;
        await operatorsRepository.update(tx, id, { status });
        const ended = status === 'disabled' ? await operatorsRepository.revokeAll(tx, id) : 0;
        await auditIn(tx, actor, 'operator.status', `operator:${id}`, {
          before: { status: row.status },
          after: { status },
          ended,
        });
      });
      return view(id);
    },

    /** A lost phone: the second factor and its recovery codes go; they enrol again (required roles: at once). */
    async resetOtp(actor: OperatorActor, id: bigint) {
      await db.transaction(async (tx) => {
        const row = await target(tx, actor, id, false);
        await operatorsRepository.update(tx, id, { otpSecret: null, otpConfirmedAt: null, otpLastStep: null });
        await operatorsRepository.replaceRecoveryCodes(tx, id, []);
        await auditIn(tx, actor, 'operator.otp-reset', `operator:${id}`, {
          before: { otpEnrolled: row.otpConfirmedAt !== null },
          after: { otpEnrolled: false },
        });
      });
      return view(id);
    },

    async sessions(actor: OperatorActor, id: bigint) {
      assertRole(actor, ADMINS);
      await view(id);
      const rows = await operatorsRepository.liveSessions(db, id, idleSince());
      return { rows: rows.map((row) => sessionView(row, actor.sessionId)), total: rows.length };
    },

    async revokeSession(actor: OperatorActor, id: bigint, sessionId: bigint) {
      assertRole(actor, ADMINS);
      return db.transaction(async (tx) => {
        const ended = await operatorsRepository.revokeSession(tx, id, sessionId);
        if (!ended) throw new AppError('NOT_FOUND');
        await auditIn(tx, actor, 'operator.session-revoke', `operator:${id}`, { session: sessionId.toString() });
        return { ended };
      });
    },

    // --- my own security -------------------------------------------------------------------------------------------

    /** Starts (or restarts) an enrolment: a new secret, sealed; answered this once with its otpauth URI. */
    async startOtp(actor: OperatorActor) {
      return db.transaction(async (tx) => {
        const row = await operatorsRepository.lock(tx, actor.id);
        if (!row) throw new AppError('NOT_FOUND');
        if (row.otpConfirmedAt) throw new AppError('OTP_ALREADY_ENROLLED');
        const enrolment = newOtpSecret(row.account);
        await operatorsRepository.update(tx, actor.id, { otpSecret: sealer.seal(enrolment.secret), otpLastStep: null });
        await auditIn(tx, actor, 'otp.start', `operator:${actor.id}`);
        return enrolment;
      });
    },

    /** Confirms the enrolment with a code of the app: answers ten recovery codes, kept only as hashes. */
    async confirmOtp(actor: OperatorActor, code: string) {
      return db.transaction(async (tx) => {
        const row = await operatorsRepository.lock(tx, actor.id);
        if (!row) throw new AppError('NOT_FOUND');
        if (row.otpConfirmedAt) throw new AppError('OTP_ALREADY_ENROLLED');
        if (!row.otpSecret) throw new AppError('OTP_NOT_STARTED');
        const step = await verifyTotp(sealer.open(row.otpSecret), code, null);
        if (step === null) throw new AppError('OTP_WRONG');
        const recoveryCodes = newRecoveryCodes();
        await operatorsRepository.update(tx, actor.id, { otpConfirmedAt: new Date(), otpLastStep: step });
        await operatorsRepository.replaceRecoveryCodes(tx, actor.id, recoveryCodes.map(recoveryCodeHash));
        await auditIn(tx, actor, 'otp.enrol', `operator:${actor.id}`, { after: { otpEnrolled: true } });
        return { recoveryCodes };
      });
    },

    /** Removes my second factor with a current code; refused while my role must have one. */
    async disableOtp(actor: OperatorActor, code: string) {
      return db.transaction(async (tx) => {
        const row = await operatorsRepository.lock(tx, actor.id);
        if (!row?.otpConfirmedAt || !row.otpSecret) throw new AppError('OTP_NOT_ENROLLED');
        if (otpRequiredFor(settings.otp, actor.role)) throw new AppError('OTP_STILL_REQUIRED');
        const step = await verifyTotp(sealer.open(row.otpSecret), code, row.otpLastStep);
        if (step === null) throw new AppError('OTP_WRONG');
        await operatorsRepository.update(tx, actor.id, { otpSecret: null, otpConfirmedAt: null, otpLastStep: null });
        await operatorsRepository.replaceRecoveryCodes(tx, actor.id, []);
        await auditIn(tx, actor, 'otp.disable', `operator:${actor.id}`, {
          before: { otpEnrolled: true },
          after: { otpEnrolled: false },
        });
        return { enrolled: false, required: otpRequiredFor(settings.otp, actor.role) };
      });
    },

    async mySessions(operator: Operator) {
      const rows = await operatorsRepository.liveSessions(db, operator.id, idleSince());
      return { rows: rows.map((row) => sessionView(row, operator.sessionId)), total: rows.length };
    },

    async revokeMySession(actor: OperatorActor, sessionId: bigint) {
      return db.transaction(async (tx) => {
        const ended = await operatorsRepository.revokeSession(tx, actor.id, sessionId);
        if (!ended) throw new AppError('NOT_FOUND');
        await auditIn(tx, actor, 'sessions.revoke-one', `operator:${actor.id}`, { session: sessionId.toString() });
        return { ended };
      });
    },
  };
}

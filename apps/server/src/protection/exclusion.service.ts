import {
  type ExclusionBody,
  type ExclusionKind,
  type ExclusionView,
  formatDateTime,
  SELF_EXCLUSION_RANGE,
  TIMEOUT_DAYS,
} from '@jinb/contract';
import type { LoginLimiter } from '../auth/login-limiter';
import { verifyPassword } from '../auth/password-hash';
import type { PasswordCipher } from '../auth/rsa-keys';
import type { MemberSession, SessionService } from '../auth/session.service';
import type { Database } from '../db/database';
import { memberRepository } from '../member/member.repository';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import type { Clock } from '../shared/clock';
import { type ExclusionRow, exclusionOf, exclusionRepository } from './exclusion.repository';
import { limitsRepository } from './limits.repository';

const DAY_MS = 24 * 60 * 60_000;

export function exclusionView(row: ExclusionRow): ExclusionView {
  return { kind: row.kind, startsAt: row.startsAt.toISOString(), until: row.endsAt?.toISOString() ?? null };
}

/** The end of an exclusion as a member reads it: the platform's date and minute, or 永久 (the same in both scripts). */
export function untilText(endsAt: Date | null, timeZone: string): string {
  return endsAt ? formatDateTime(endsAt, timeZone).slice(0, 16) : '永久';
}

/** How long an exclusion of this kind lasts, in days (0: permanent); EXCLUSION_INVALID outside the allowed range. */
function validDays(kind: ExclusionKind, days: number): number {
  const valid =
    kind === 'timeout'
      ? days >= TIMEOUT_DAYS.min && days <= TIMEOUT_DAYS.max
      : days === 0 || (days >= SELF_EXCLUSION_RANGE.min && days <= SELF_EXCLUSION_RANGE.max);
  if (!valid) throw new AppError('EXCLUSION_INVALID');
  return days;
}

export type ExclusionService = ReturnType<typeof createExclusionService>;

/**
 * A member's time-out or self-exclusion. Taking one needs the sign-in password (a borrowed phone must not be able to
 * lock someone out for five years), under the sign-in's own attempt limits. It is written as a fact that nothing
 * shortens (the table refuses updates and deletes), and every session of the member ends at once, on every process.
 */
export function createExclusionService(deps: {
  db: Database;
  clock: Clock;
  cipher: PasswordCipher;
  /** The member sign-in limiter: a wrong password here counts as one at sign-in. */
  limiter: LoginLimiter;
  sessions: SessionService;
}) {
  const { db, clock } = deps;

  return {
    async exclude(session: MemberSession, client: ClientInfo, body: ExclusionBody): Promise<ExclusionView> {
      const kind = body.kind;
      const days = validDays(kind, Number(body.days));
      const member = await memberRepository.findById(db, session.memberId);
      if (member?.status !== 'active') throw new AppError('SESSION_EXPIRED');
      const attempt = await deps.limiter.begin(member.account, client.ip);
      const plain = deps.cipher.decrypt(body.password) ?? '';
      if (!plain || !(await verifyPassword(member.passwordHash, plain))) {
        await deps.limiter.failed(attempt);
        throw new AppError('PASSWORD_WRONG');
      }
      await deps.limiter.succeeded(attempt);

      const now = clock();
      const endsAt = days === 0 ? null : new Date(now.getTime() + days * DAY_MS);
      const row = await db.transaction(async (tx) => {
        // The member's limits row serialises two exclusions sent at once, as it does limit changes.
        await limitsRepository.lock(tx, member.id);
        const current = await exclusionOf(tx, member.id, now);
        // One in force may only be lengthened: a shorter one would read as ending it early.
        if (current && (current.endsAt === null || (endsAt !== null && endsAt <= current.endsAt)))
          throw new AppError('EXCLUSION_INVALID');
        const inserted = await exclusionRepository.insert(tx, { memberId: member.id, kind, startsAt: now, endsAt });
        await deps.sessions.revokeAll(tx, member.id);
        return inserted;
      });
      // After the commit: every process drops the member's cached sessions and closes their sockets.
      await deps.sessions.announceRevokedAll(member.id);
      return exclusionView(row);
    },

    /** The exclusion in force now, if any (the gate and the sign-in read it through exclusionOf too). */
    async current(memberId: bigint): Promise<ExclusionRow | null> {
      return exclusionOf(db, memberId, clock());
    },
  };
}

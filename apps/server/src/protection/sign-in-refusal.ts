import { type ExclusionRefusal, WITHDRAW_ONLY_TTL_MS } from '@jinb/contract';
import type { SessionService } from '../auth/session.service';
import type { Database } from '../db/database';
import type { MemberRow } from '../member/member.repository';
import type { LoginHistoryService } from '../security/login-history.service';
import { AppError } from '../shared/app-error';
import type { ClientInfo } from '../shared/client-info';
import type { Clock } from '../shared/clock';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { exclusionOf } from './exclusion.repository';
import { untilText } from './exclusion.service';

export type SignInRefusal = ReturnType<typeof createSignInRefusal>;

/**
 * What sign-in does for an excluded member, after the right password only (before it, the refusal would tell anyone
 * typing an account name that its owner is excluded): SELF_EXCLUDED or TIMED_OUT with the end, and, when there is
 * money on the main wallet, a withdrawal-only session: the balance stays the member's to take out.
 */
export function createSignInRefusal(deps: {
  db: Database;
  clock: Clock;
  timeZone: string;
  sessions: SessionService;
  ledger: Pick<LedgerService, 'mainBalances'>;
  loginHistory: Pick<LoginHistoryService, 'record'>;
}) {
  return {
    /** Throws the refusal when the member has an exclusion in force; returns when they may sign in. */
    async assertMaySignIn(member: MemberRow, client: ClientInfo): Promise<void> {
      const exclusion = await exclusionOf(deps.db, member.id, deps.clock());
      if (!exclusion) return;
      const balance = (await deps.ledger.mainBalances([member.id])).get(member.id)?.balance ?? 0n;
      let withdrawOnly: ExclusionRefusal['withdrawOnly'] = null;
      if (balance > 0n) {
        const opened = await deps.db.transaction(async (tx) => {
          const session = await deps.sessions.open(tx, member.id, client, {
            scope: 'withdraw',
            ttlMs: WITHDRAW_ONLY_TTL_MS,
          });
          // It is a sign-in with the password: it shows in the member's sign-in history like any other.
          await deps.loginHistory.record(tx, session.sessionId, member.id, client);
          return session;
        });
        withdrawOnly = { token: opened.token, expiresAt: opened.expiresAt.toISOString() };
      }
      const detail: ExclusionRefusal = {
        kind: exclusion.kind,
        until: exclusion.endsAt?.toISOString() ?? null,
        withdrawOnly,
      };
      throw new AppError(exclusion.kind === 'self' ? 'SELF_EXCLUDED' : 'TIMED_OUT', {
        params: { until: untilText(exclusion.endsAt, deps.timeZone) },
        detail,
      });
    },
  };
}

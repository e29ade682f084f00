import type { LoginLimiter } from '../auth/login-limiter';
import type { PasswordCipher } from '../auth/rsa-keys';
import type { SessionService } from '../auth/session.service';
import type { Database } from '../db/database';
import type { LoginHistoryService } from '../security/login-history.service';
import type { Clock } from '../shared/clock';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { createExclusionService } from './exclusion.service';
import { createLimitsService } from './limits.service';
import { createProtectionAdminService } from './protection-admin.service';
import { createSessionSummaryService } from './session-summary.service';
import { createSignInRefusal } from './sign-in-refusal';
import { createStatementService } from './statement.service';

export type ProtectionServices = ReturnType<typeof createProtectionServices>;

/**
 * Player protection (issue 26): the member's limits, time-outs and self-exclusions, the sign-in's refusal and its
 * withdrawal-only session, the reality check's summary, the statement, the operators' read-only view. Wired before
 * sign-in, which asks it whether a member may sign in. The checks where money moves are the gate (gate/).
 */
export function createProtectionServices(deps: {
  db: Database;
  clock: Clock;
  timeZone: string;
  cipher: PasswordCipher;
  limiter: LoginLimiter;
  sessions: SessionService;
  ledger: Pick<LedgerService, 'mainBalances'>;
  loginHistory: Pick<LoginHistoryService, 'record'>;
}) {
  const { db, clock, timeZone } = deps;
  const limits = createLimitsService({ db, clock, timeZone });
  return {
    limits,
    exclusions: createExclusionService(deps),
    signIn: createSignInRefusal(deps),
    session: createSessionSummaryService({ db, clock }),
    statements: createStatementService({ db, clock, timeZone }),
    admin: createProtectionAdminService({ db, clock, limits }),
  };
}

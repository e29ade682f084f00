import type { SessionSummary } from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { MemberSession } from '../auth/session.service';
import type { Database } from '../db/database';
import type { Clock } from '../shared/clock';
import { activityRepository } from './activity.repository';
import { limitsRepository } from './limits.repository';

/** Entries are stamped by the database's clock; a margin past now keeps the last second's bets in the sum. */
const END_MARGIN_MS = 60 * 60_000;

/**
 * What the reality check shows: how long this session has run and what it won or lost since it began (payouts
 * minus stakes, every product), with the member's reminder interval and session-time limit.
 */
export function createSessionSummaryService(deps: { db: Database; clock: Clock }) {
  return {
    async summary(session: MemberSession): Promise<SessionSummary> {
      const span = { start: session.startedAt, end: new Date(deps.clock().getTime() + END_MARGIN_MS) };
      const [totals, limits] = await Promise.all([
        activityRepository.totals(deps.db, session.memberId, span),
        limitsRepository.read(deps.db, session.memberId),
      ]);
      return {
        startedAt: session.startedAt.toISOString(),
        net: formatAmount(totals.payouts - totals.stakes),
        stakes: formatAmount(totals.stakes),
        realityMinutes: limits.realityMinutes,
        sessionMinutes: limits.sessionMinutes,
        withdrawOnly: session.scope === 'withdraw',
      };
    },
  };
}

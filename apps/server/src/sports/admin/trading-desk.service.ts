import {
  type BetStatus,
  type EventStatus,
  formatOrderNo,
  platformDayBounds,
  type Sport,
  type TradingCompetition,
  type TradingEventBetRow,
  type TradingEventRow,
} from '@jinb/contract';
import { formatAmount } from '@jinb/money';
import type { BetType } from '@jinb/odds';
import type { Database } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { toLegView } from '../bets/bet-view';
import { betsRepository } from '../bets/bets.repository';
import { bookRepository } from '../book/book.repository';
import { summaryOf } from '../book/event-views';
import { tradingDeskRepository as repository } from './trading-desk.repository';

export type TradingDeskService = ReturnType<typeof createTradingDeskService>;

/** `field` or `-field` from a list query's `sort` (the contract checked the field), or nothing. */
function parseSort<F extends string>(text: string): { field: F; desc: boolean } | undefined {
  if (!text) return undefined;
  return text.startsWith('-') ? { field: text.slice(1) as F, desc: true } : { field: text as F, desc: false };
}

/**
 * The console's trading tables (issue 27): events paged and filtered by sport, competition, status and start day with
 * their open bets, the competitions for the filter, and the bets on one event. Reads only; trading itself is
 * trading.service.ts.
 */
export function createTradingDeskService(deps: { db: Database; timeZone: string }) {
  const { db, timeZone } = deps;
  return {
    async events(query: {
      page: number;
      pageSize: number;
      sort: string;
      sport: Sport | '';
      competition: string;
      status: EventStatus | '';
      day: string;
      q: string;
    }): Promise<{ rows: TradingEventRow[]; total: number }> {
      let bounds: { start: Date; end: Date } | undefined;
      if (query.day) {
        bounds = platformDayBounds(query.day, timeZone) ?? undefined;
        if (!bounds) throw new AppError('DATE_INVALID');
      }
      const page = await repository.events(db, {
        sport: query.sport || undefined,
        competitionId: query.competition ? BigInt(query.competition) : undefined,
        status: query.status || undefined,
        start: bounds?.start,
        end: bounds?.end,
        search: query.q || undefined,
        sort: parseSort(query.sort),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        rows: page.rows.map(({ event, suspendedMarkets, openBets, openStake }) => {
          const summary = summaryOf(event, []);
          return {
            id: summary.id,
            sport: summary.sport,
            competition: summary.competition,
            home: summary.home,
            away: summary.away,
            startTime: summary.startTime,
            status: summary.status,
            feed: event.feed,
            score: summary.score,
            resultVersion: event.resultVersion,
            markets: event.marketCount,
            suspendedMarkets,
            openBets,
            openStake: formatAmount(openStake),
          };
        }),
        total: page.total,
      };
    },

    async competitions(query: { sport: Sport | '' }): Promise<TradingCompetition[]> {
      const rows = await repository.competitions(db, query.sport || undefined);
      return rows.map((row) => ({ ...row, id: row.id.toString() }));
    },

    async eventBets(
      eventId: bigint,
      query: { page: number; pageSize: number; sort: string; status: BetStatus | '' },
    ): Promise<{ rows: TradingEventBetRow[]; total: number }> {
      if (!(await bookRepository.event(db, eventId))) throw new AppError('NOT_FOUND');
      const statuses: BetStatus[] | undefined =
        query.status === 'open' ? ['open', 'pending'] : query.status ? [query.status] : undefined;
      const page = await repository.eventBets(db, {
        eventId,
        statuses,
        sort: parseSort(query.sort),
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const legs = await betsRepository.legs(
        db,
        page.rows.map((row) => row.id),
      );
      return {
        rows: page.rows.map((bet) => ({
          id: bet.id.toString(),
          orderNo: formatOrderNo('bet', bet.id, bet.placedAt, timeZone),
          memberId: bet.memberId.toString(),
          account: bet.account,
          type: bet.type as BetType,
          system: bet.system,
          status: bet.status,
          totalStake: formatAmount(bet.totalStake),
          potentialPayout: formatAmount(bet.potentialPayout),
          payout: bet.payout === null ? null : formatAmount(bet.payout),
          placedAt: bet.placedAt.toISOString(),
          settledAt: bet.settledAt?.toISOString() ?? null,
          legCount: bet.legCount,
          legs: legs
            .filter((leg) => leg.betId === bet.id && leg.eventId === eventId)
            .map((leg) => {
              const view = toLegView(leg);
              return {
                marketId: view.marketId,
                type: view.type,
                period: view.period,
                line: view.line,
                side: view.side,
                odds: view.odds,
                outcome: view.outcome,
              };
            }),
        })),
        total: page.total,
      };
    },
  };
}

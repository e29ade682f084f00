import { platformDay, platformDayBounds, type Sport } from '@jinb/contract';
import type { AdminEventView, LiabilityView } from '@jinb/contract/sports';
import { formatAmount } from '@jinb/money';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../shared/app-error';
import { bookRepository, type EventRow } from '../book/book.repository';
import { adminViewOf, marketViews } from '../book/event-views';
import { riskRepository } from '../risk/risk.repository';
import type { SportsSettingsStore } from '../sports-settings';

/** The operator's list carries every market of each event, so it is shorter than a member's. */
export const ADMIN_EVENT_LIST_LIMIT = 100;

export type SportsDeskService = ReturnType<typeof createSportsDeskService>;

/** What operators read of the book: events with every market, the feed and the result version, and the liability. */
export function createSportsDeskService(deps: {
  db: Database;
  settings: SportsSettingsStore;
  timeZone: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function views(executor: Executor, events: readonly EventRow[]): Promise<AdminEventView[]> {
    const { markets, selections } = await bookRepository.marketsWithSelections(
      executor,
      events.map((event) => event.id),
      'all',
    );
    const byEvent = marketViews(markets, selections);
    return events.map((event) => adminViewOf(event, byEvent.get(event.id) ?? []));
  }

  const desk = {
    /** One event, read inside the caller's transaction when a change answers with what it made. */
    async event(id: bigint, executor: Executor = db): Promise<AdminEventView> {
      const event = await bookRepository.event(executor, id);
      if (!event) throw new AppError('NOT_FOUND');
      const [view] = await views(executor, [event]);
      return view as AdminEventView;
    },

    /** Events by status and sport: what is running or to come first, then the rest newest first. */
    async events(query: { status: string; sport?: Sport }): Promise<AdminEventView[]> {
      const at = now();
      const bounds = platformDayBounds(platformDay(at, deps.timeZone), deps.timeZone);
      if (!bounds) throw new Error(`no platform day for ${at.toISOString()}`);
      const events = await bookRepository.events(db, {
        window: 'all',
        statuses: query.status ? [query.status as EventRow['status']] : undefined,
        sport: query.sport,
        now: at,
        dayEnd: bounds.end,
        limit: ADMIN_EVENT_LIST_LIMIT,
        order: 'recent',
      });
      return views(db, events);
    },

    /**
     * What the open bets on an event pay if each selection wins: per selection the bets and stake on it and the
     * potential payouts of their lines with it (a single's or a parlay's whole bet, a system's combinations with this
     * leg), net = the market's open stake minus that payout, and the liability (that payout beyond those lines'
     * stakes) beside its cap.
     */
    async liability(eventId: bigint): Promise<LiabilityView> {
      const [event, bySelection, rules] = await Promise.all([
        desk.event(eventId),
        riskRepository.openLegs(db, eventId),
        deps.settings.rules(),
      ]);
      const none = { bets: 0, stake: 0n, payout: 0n };
      let openBets = 0;
      let openStake = 0n;
      const markets = event.markets.map((market) => {
        const rows = market.selections.map((selection) => ({
          selection,
          open: bySelection.get(BigInt(selection.id)) ?? none,
        }));
        const marketStake = rows.reduce((sum, row) => sum + row.open.stake, 0n);
        const cap = formatAmount(rules.limitsFor([{ sport: event.sport, type: market.type }]).maxLiability);
        for (const row of rows) {
          openBets += row.open.bets;
          openStake += row.open.stake;
        }
        return {
          id: market.id,
          type: market.type,
          period: market.period,
          line: market.line,
          status: market.status,
          selections: rows.map(({ selection, open }) => ({
            id: selection.id,
            side: selection.side,
            odds: selection.odds,
            bets: open.bets,
            stake: formatAmount(open.stake),
            payout: formatAmount(open.payout),
            net: formatAmount(marketStake - open.payout),
            liability: formatAmount(open.payout - open.stake),
            cap,
          })),
        };
      });
      return { eventId: event.id, openBets, openStake: formatAmount(openStake), markets };
    },
  };
  return desk;
}

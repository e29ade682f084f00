import { adminRepository } from '../../admin/admin.repository';
import type { Database } from '../../db/database';
import { bookWritesRepository as writes } from '../book/book-writes.repository';
import type { EventPublisher } from '../book/event-publisher';
import { lockEvents } from '../event-locks';
import { riskRepository } from './risk.repository';

export type RiskService = ReturnType<typeof createRiskService>;

/**
 * The book's own risk controls: when a selection's liability reaches its cap (a bet was refused for passing it, or
 * one left it exactly at it), its market is suspended for a trader to look at (raise the cap, move the price, resume)
 * instead of taking bets it can no longer afford. Audited as a system action.
 */
export function createRiskService(deps: { db: Database; events?: Pick<EventPublisher, 'published'> }) {
  const { db } = deps;
  return {
    /**
     * Suspends the open markets of these selections, each audited with its selection's liability and the cap. Runs
     * after the bet's own statement ended (it needs the events' exclusive locks, which bets share).
     */
    async suspendAtCap(reached: ReadonlyArray<{ selectionId: bigint; cap: bigint }>): Promise<bigint[]> {
      if (reached.length === 0) return [];
      const caps = new Map(reached.map((entry) => [entry.selectionId, entry.cap]));
      const events = new Set<bigint>();
      const suspended = await db.transaction(async (tx) => {
        const selections = await riskRepository.exposure(tx, [...caps.keys()]);
        await lockEvents(
          tx,
          selections.map((selection) => selection.eventId),
        );
        const suspended: bigint[] = [];
        for (const selection of selections) {
          const changed = await writes.setMarketStatuses(tx, [{ marketId: selection.marketId, status: 'suspended' }]);
          if (changed === 0) continue;
          suspended.push(selection.marketId);
          events.add(selection.eventId);
          await adminRepository.audit(tx, {
            operatorId: null,
            action: 'sports.market.suspend',
            target: `market:${selection.marketId}`,
            detail: {
              reason: 'liability_cap',
              eventId: selection.eventId.toString(),
              selectionId: selection.selectionId.toString(),
              liability: selection.liability.toString(),
              cap: (caps.get(selection.selectionId) ?? 0n).toString(),
            },
            ip: '',
          });
        }
        return suspended;
      });
      // Members watching the event see the market greyed at once.
      await deps.events?.published([...events]);
      return suspended;
    },
  };
}

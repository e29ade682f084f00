import type { MarketView } from '@jinb/contract/sports';
import { useEffect } from 'react';
import { type SelectionState, useSlip } from './slip-store';

/** Every selection's state in these events, as the slip compares them. */
export function selectionStates(events: ReadonlyArray<{ markets: readonly MarketView[] }>): SelectionState[] {
  return events.flatMap((event) =>
    event.markets.flatMap((market) =>
      market.selections.map((selection) => ({
        selectionId: selection.id,
        odds: selection.odds,
        version: selection.version,
        status: market.status,
      })),
    ),
  );
}

/**
 * Tells the slip what the page's latest prices say about its picks, so a price that moved or a market that closed
 * shows on the slip before the member sends the bet, not only in the book's refusal.
 */
export function useSlipSync(events: ReadonlyArray<{ markets: readonly MarketView[] }> | undefined): void {
  useEffect(() => {
    if (events) useSlip.getState().observe(selectionStates(events));
  }, [events]);
}

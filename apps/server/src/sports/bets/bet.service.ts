import type { Database } from '../../db/database';
import type { LedgerService } from '../../wallet/ledger/ledger.service';
import type { SportsSettingsStore } from '../book/sports-settings';

// PLACEHOLDER (issue 9 in progress): the placement helper replaces this file.
export function createBetService(_deps: {
  db: Database;
  ledger: LedgerService;
  settings: SportsSettingsStore;
  timeZone: string;
}) {
  return {};
}
export type BetService = ReturnType<typeof createBetService>;

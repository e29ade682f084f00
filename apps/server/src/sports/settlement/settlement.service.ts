import type { Database } from '../../db/database';
import type { LedgerService } from '../../wallet/ledger/ledger.service';
import type { SportsSettingsStore } from '../book/sports-settings';

// PLACEHOLDER (issue 9 in progress): the settlement helper replaces this file.
export function createSettlementService(_deps: { db: Database; ledger: LedgerService; settings: SportsSettingsStore }) {
  return {};
}
export type SettlementService = ReturnType<typeof createSettlementService>;

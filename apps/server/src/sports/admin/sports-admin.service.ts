import type { Database } from '../../db/database';
import type { BookService } from '../book/book.service';
import type { SportsSettingsStore } from '../book/sports-settings';
import type { SettlementService } from '../settlement/settlement.service';

// PLACEHOLDER (issue 9 in progress): the book helper replaces this file.
export function createSportsAdminService(_deps: {
  db: Database;
  book: BookService;
  settlement: SettlementService;
  settings: SportsSettingsStore;
}) {
  return {};
}

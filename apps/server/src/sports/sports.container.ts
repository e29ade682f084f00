import type { Database } from '../db/database';
import type { InvalidationBus } from '../shared/invalidation-bus';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import { createSportsAdminService } from './admin/sports-admin.service';
import { createBetService } from './bets/bet.service';
import { createBookService } from './book/book.service';
import { createSportsSettings } from './book/sports-settings';
import { createSettlementService } from './settlement/settlement.service';

export type SportsServices = ReturnType<typeof createSportsServices>;

/** The sportsbook's services, wired once per process (the container calls this). */
export function createSportsServices(deps: {
  db: Database;
  ledger: LedgerService;
  bus: InvalidationBus;
  timeZone: string;
}) {
  const settings = createSportsSettings(deps.db, deps.bus);
  const book = createBookService({ db: deps.db, settings, timeZone: deps.timeZone });
  const settlement = createSettlementService({ db: deps.db, ledger: deps.ledger, settings });
  const bets = createBetService({ db: deps.db, ledger: deps.ledger, settings, timeZone: deps.timeZone });
  const admin = createSportsAdminService({ db: deps.db, book, settlement, settings });
  return { settings, book, settlement, bets, admin };
}

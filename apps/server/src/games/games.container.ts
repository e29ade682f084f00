import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { ProtectionGate } from '../protection/gate/protection-gate';
import type { LedgerService } from '../wallet/ledger/ledger.service';
import type { VenueTransferService } from '../wallet/venues/venue-transfer.service';
import type { HouseTablesPort } from './house-tables-port';
import { createLaunchService } from './launch.service';
import type { PresenceStore } from './presence';
import { createSeamlessWalletService } from './seamless-wallet.service';
import { createVendorAdminService } from './vendor-admin.service';
import { createVendorBetsService } from './vendor-bets.service';
import { createVendorDeskService } from './vendor-desk.service';
import type { VendorRegistry } from './vendors/vendor-registry';

export type GamesServices = ReturnType<typeof createGamesServices>;

/**
 * The games module: launching catalogue games, the vendors on both wallet models, their bets in the records, who is
 * playing what. The vendor registry and the presence store are made before the wallet and the member services (the
 * wallet's venues include the transfer vendors; the heartbeat records presence), and handed in here.
 */
export function createGamesServices(deps: {
  db: Database;
  ledger: LedgerService;
  venues: VenueTransferService;
  vendors: VendorRegistry;
  presence: PresenceStore;
  houseTables: HouseTablesPort;
  timeZone: string;
  log: FastifyBaseLogger;
  /** The member's limits and exclusions: game launch and seamless debits meet them. */
  gate: ProtectionGate;
}) {
  const { db, ledger, vendors, presence } = deps;
  return {
    vendors,
    presence,
    launch: createLaunchService(deps),
    seamless: createSeamlessWalletService({ db, ledger, vendors, gate: deps.gate }),
    bets: createVendorBetsService({ db, vendors, timeZone: deps.timeZone }),
    admin: createVendorAdminService({ db, vendors, presence }),
    desk: createVendorDeskService({ db, vendors, timeZone: deps.timeZone }),
    async close() {
      vendors.close();
      await presence.close();
    },
  };
}

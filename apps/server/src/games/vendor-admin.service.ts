import { rolesOf } from '@jinb/contract';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import { gamesRepository } from './games.repository';
import type { PresenceStore } from './presence';
import type { VendorRegistry } from './vendors/vendor-registry';

export type VendorAdminService = ReturnType<typeof createVendorAdminService>;

/** Who may take a vendor in and out of maintenance: the trading desk (operator-access.ts; every operator may look). */
export const VENDOR_DESK = rolesOf('trading');

/** The operators' view of the vendors (their model, maintenance, who plays there now) and the maintenance switch. */
export function createVendorAdminService(deps: { db: Database; vendors: VendorRegistry; presence: PresenceStore }) {
  const { db, vendors, presence } = deps;

  async function views() {
    const players = new Map<string, number>();
    for (const entry of await presence.list()) players.set(entry.platform, (players.get(entry.platform) ?? 0) + 1);
    return vendors.all().map((vendor) => ({
      platform: vendor.platform,
      name: vendor.name,
      wallet: vendor.wallet,
      maintenance: vendors.inMaintenance(vendor.platform),
      players: players.get(vendor.platform) ?? 0,
    }));
  }

  return {
    vendors: views,

    /** Switches a vendor's maintenance: persisted with its audit row in one transaction, then every process told. */
    async setMaintenance(actor: OperatorActor, platform: string, on: boolean) {
      assertRole(actor, VENDOR_DESK);
      if (!vendors.get(platform)) throw new AppError('VENUE_UNKNOWN');
      await db.transaction(async (tx) => {
        await gamesRepository.setMaintenance(tx, platform, on);
        await auditIn(tx, actor, on ? 'vendors.maintenance.on' : 'vendors.maintenance.off', `vendor:${platform}`);
      });
      await vendors.switched(platform, on);
      const view = (await views()).find((vendor) => vendor.platform === platform);
      if (!view) throw new AppError('VENUE_UNKNOWN');
      return view;
    },

    /** Who is in which game now (heartbeats of the last 90 s), with their accounts. */
    async players() {
      const list = await presence.list();
      const accounts = await gamesRepository.accounts(
        db,
        list.map((entry) => entry.memberId),
      );
      return {
        list: list
          .filter((entry) => accounts.has(entry.memberId))
          .sort((a, b) => b.seenAt.getTime() - a.seenAt.getTime())
          .map((entry) => ({
            memberId: entry.memberId.toString(),
            account: accounts.get(entry.memberId) ?? '',
            gameid: entry.gameid,
            platform: entry.platform,
            seenAt: entry.seenAt.toISOString(),
          })),
      };
    },
  };
}

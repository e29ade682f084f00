import type { Database } from '../../db/database';
import type { InvalidationBus } from '../../shared/invalidation-bus';
import { gamesRepository } from '../games.repository';
import type { VendorConfig } from '../vendor-config';
import { createSeamlessVendor, createTransferVendor } from './http-vendor';
import type { SeamlessVendor, TransferVendor, VendorAdapter } from './vendor-adapter';

export type VendorRegistry = ReturnType<typeof createVendorRegistry>;

/** The bus key that tells every process a vendor's maintenance switch changed. */
export const VENDOR_SETTINGS_KEY = 'games.vendors';
/** A process that missed a bus message (Redis away) still picks the switch up within this long. */
const REFRESH_MS = 15_000;

/**
 * The configured vendors, one adapter each (chosen by its wallet model), and their maintenance switches. The switches
 * live in vendor_settings and in memory here, because the wallet reads a venue's maintenance synchronously
 * (VenueWallet.maintenance()); a switch reloads every process at once through the bus, and each also reloads on a
 * timer. `adapters` replaces the HTTP adapters (tests plug in their own).
 */
export function createVendorRegistry(deps: {
  vendors: VendorConfig[];
  db: Database;
  bus: InvalidationBus;
  adapters?: VendorAdapter[];
}) {
  const maintenance = new Map<string, boolean>();
  const inMaintenance = (platform: string) => maintenance.get(platform) ?? false;
  const adapters: VendorAdapter[] =
    deps.adapters ??
    deps.vendors.map((vendor) =>
      vendor.wallet === 'transfer'
        ? createTransferVendor(vendor, () => inMaintenance(vendor.platform))
        : createSeamlessVendor(vendor),
    );
  const byPlatform = new Map(adapters.map((adapter) => [adapter.platform, adapter]));

  async function reload(): Promise<void> {
    const rows = await gamesRepository.vendorSettings(deps.db);
    maintenance.clear();
    for (const row of rows) maintenance.set(row.platform, row.maintenance);
  }

  let loaded: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  deps.bus.subscribe((message) => {
    if (message.kind === 'settings' && message.key === VENDOR_SETTINGS_KEY) void reload().catch(() => {});
  });

  return {
    all: (): readonly VendorAdapter[] => adapters,
    get: (platform: string): VendorAdapter | undefined => byPlatform.get(platform),
    transferVendors: () => adapters.filter((adapter): adapter is TransferVendor => adapter.wallet === 'transfer'),
    seamless(platform: string): SeamlessVendor | undefined {
      const adapter = byPlatform.get(platform);
      return adapter?.wallet === 'seamless' ? adapter : undefined;
    },
    inMaintenance,
    /** Where the vendors' game pages come from, for the site's frame-src (a vendor's frameOrigins, else its API's). */
    frameOrigins: (): string[] => [
      ...new Set(deps.vendors.flatMap((vendor) => vendor.frameOrigins ?? [new URL(vendor.baseUrl).origin])),
    ],

    /** Loads the switches (once; later calls wait for the same load) and keeps them fresh on a timer. */
    start(): Promise<void> {
      if (!loaded) {
        loaded = reload();
        timer = setInterval(() => void reload().catch(() => {}), REFRESH_MS);
        timer.unref();
      }
      return loaded;
    },

    /** After a switch's transaction committed: applied here at once, and every other process told to reload. */
    async switched(platform: string, on: boolean): Promise<void> {
      maintenance.set(platform, on);
      await deps.bus.publish({ kind: 'settings', key: VENDOR_SETTINGS_KEY });
    },

    close(): void {
      clearInterval(timer);
    },
  };
}

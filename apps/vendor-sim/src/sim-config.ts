import path from 'node:path';

export type SimVendor = { platform: string; wallet: 'transfer' | 'seamless'; secret: string };

/**
 * The simulator's vendors. The defaults are the server's demo-mode vendors (apps/server/src/games/vendor-config.ts,
 * demoVendors): the same platforms, wallet models and public demo secrets, so `npm start` needs no configuration.
 */
export const DEMO_SIM_VENDORS: SimVendor[] = [
  { platform: 'slot1', wallet: 'transfer', secret: 'demo-slot1-secret-not-for-production' },
  { platform: 'live1', wallet: 'seamless', secret: 'demo-live1-secret-not-for-production' },
];

export type SimConfig = {
  port: number;
  host: string;
  /** Where members' browsers reach the simulator: the launch URLs point here. */
  publicUrl: string;
  /** Our server, which seamless vendors call for bets and wins. */
  serverUrl: string;
  vendors: SimVendor[];
  /** Where balances, transfers and bets are kept across restarts (members' money at a vendor must survive one). */
  dataFile: string | undefined;
  /** POST /sim/hooks: make a vendor time out or lose its replies (tests and demos of reconciliation). */
  hooks: boolean;
};

export function loadSimConfig(env: NodeJS.ProcessEnv = process.env): SimConfig {
  const port = Number(env.VENDOR_SIM_PORT ?? 8091);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('VENDOR_SIM_PORT must be a port number');
  const host = env.VENDOR_SIM_HOST ?? '127.0.0.1';
  const vendors = env.VENDOR_SIM_VENDORS ? (JSON.parse(env.VENDOR_SIM_VENDORS) as SimVendor[]) : DEMO_SIM_VENDORS;
  for (const vendor of vendors)
    if (
      !/^[a-z0-9]{2,20}$/.test(vendor.platform) ||
      !['transfer', 'seamless'].includes(vendor.wallet) ||
      !vendor.secret
    )
      throw new Error(`VENDOR_SIM_VENDORS: bad entry for ${vendor.platform}`);
  const dataDir = env.DATA_DIR ?? './data';
  return {
    port,
    host,
    publicUrl: (env.VENDOR_SIM_PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    serverUrl: (env.JINB_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
    vendors,
    dataFile:
      env.VENDOR_SIM_DATA === ''
        ? undefined
        : path.resolve(env.INIT_CWD ?? process.cwd(), env.VENDOR_SIM_DATA ?? path.join(dataDir, 'vendor-sim.json')),
    hooks: env.VENDOR_SIM_HOOKS === '1',
  };
}

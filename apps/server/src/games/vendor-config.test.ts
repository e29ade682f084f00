import { describe, expect, it } from 'vitest';
import { DEMO_SIM_VENDORS } from '../../../vendor-sim/src/sim-config';
import { loadConfig } from '../config/config';
import { demoVendors, parseVendors } from './vendor-config';

const base = { production: false, simUrl: 'http://127.0.0.1:8091' };

describe('vendor configuration', () => {
  it('runs the simulated vendors in demo mode and none in production when VENDORS is unset', () => {
    expect(
      parseVendors(undefined, base).vendors.map((vendor) => [vendor.platform, vendor.wallet, vendor.venueId]),
    ).toEqual([
      ['slot1', 'transfer', 2],
      ['live1', 'seamless', undefined],
    ]);
    expect(parseVendors(undefined, { ...base, production: true }).vendors).toEqual([]);
  });

  it('shares its demo platforms, wallet models and secrets with the simulator', () => {
    expect(
      demoVendors('http://127.0.0.1:8091').map(({ platform, wallet, secret }) => ({ platform, wallet, secret })),
    ).toEqual(DEMO_SIM_VENDORS);
  });

  it('reads a list and refuses a broken one at start, naming the field but never the secret', () => {
    const good = parseVendors(
      JSON.stringify([
        {
          platform: 'pg',
          name: 'PG',
          wallet: 'transfer',
          baseUrl: 'https://api.pg.example/',
          secret: 's'.repeat(16),
          venueId: 3,
        },
      ]),
      base,
    );
    expect(good.vendors[0]).toMatchObject({ baseUrl: 'https://api.pg.example', timeoutMs: 5_000 });
    const broken = [
      'not json',
      JSON.stringify([
        { platform: 'pg', name: 'PG', wallet: 'transfer', baseUrl: 'https://x.example', secret: 's'.repeat(16) },
      ]),
      JSON.stringify([
        { platform: 'pg', name: 'PG', wallet: 'seamless', baseUrl: 'ftp://x.example', secret: 's'.repeat(16) },
      ]),
      JSON.stringify([
        { platform: 'pg', name: 'PG', wallet: 'seamless', baseUrl: 'https://x.example', secret: 'short-secret' },
      ]),
      JSON.stringify([
        {
          platform: 'pg',
          name: 'PG',
          wallet: 'transfer',
          baseUrl: 'https://x.example',
          secret: 's'.repeat(16),
          venueId: 1,
        },
      ]),
    ];
    for (const text of broken) {
      const parsed = parseVendors(text, base);
      expect(parsed.error).toMatch(/^VENDORS/);
      expect(parsed.error).not.toContain('short-secret');
    }
    expect(() => loadConfig({ DATA_DIR: '/tmp/jinb-vendor-config', VENDORS: 'not json' } as NodeJS.ProcessEnv)).toThrow(
      /VENDORS/,
    );
  });
});

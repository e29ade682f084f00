import { z } from 'zod';

/**
 * The external game vendors this installation talks to, from the VENDORS environment variable (a JSON list). Each is
 * reached at `baseUrl` (the calls of packages/contract/src/vendor-api.ts) and signs with its own `secret`; `wallet`
 * says which of the two wallet models it integrates with. A transfer vendor is also a venue of the wallet
 * (walletlist, transfer, recall, reconciliation) under `venueId`.
 */
export const vendorConfig = z
  .object({
    platform: z.string().regex(/^[a-z0-9]{2,20}$/, 'platform: 2-20 lower-case letters or digits'),
    name: z.string().min(1).max(40),
    wallet: z.enum(['transfer', 'seamless']),
    baseUrl: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, '')),
    secret: z.string().min(16, 'secret: at least 16 characters'),
    /** Transfer vendors: the venue id in walletlist (1 is our own venue). */
    venueId: z.number().int().min(2).max(9_999).optional(),
    /** How long one call to the vendor may take before its answer counts as unknown. */
    timeoutMs: z.number().int().min(50).max(60_000).default(5_000),
    /** Origins its game pages are served from, when not its API's (the site's CSP frames only these). */
    frameOrigins: z
      .array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))
      .max(10)
      .optional(),
  })
  .refine((vendor) => vendor.wallet === 'seamless' || vendor.venueId !== undefined, {
    message: 'a transfer vendor needs a venueId',
    path: ['venueId'],
  });
export type VendorConfig = z.infer<typeof vendorConfig>;

/** Where the simulated vendor service (apps/vendor-sim) listens by default in demo mode. */
export const DEMO_VENDOR_SIM_URL = 'http://127.0.0.1:8091';

/**
 * Demo mode's vendors: both are the simulated vendor service, one per wallet model. Their secrets are public (the
 * simulator has the same defaults, apps/vendor-sim/src/sim-config.ts); production never falls back to them.
 */
export function demoVendors(simUrl: string): VendorConfig[] {
  const base = simUrl.replace(/\/+$/, '');
  return [
    {
      platform: 'slot1',
      name: '模拟电子',
      wallet: 'transfer',
      baseUrl: `${base}/v/slot1`,
      secret: 'demo-slot1-secret-not-for-production',
      venueId: 2,
      timeoutMs: 5_000,
    },
    {
      platform: 'live1',
      name: '模拟真人',
      wallet: 'seamless',
      baseUrl: `${base}/v/live1`,
      secret: 'demo-live1-secret-not-for-production',
      timeoutMs: 5_000,
    },
  ];
}

/**
 * VENDORS as given, or demo mode's simulated vendors when unset. A broken list is an error at start (the operator
 * learns of it at once instead of at the first launch). The message names the field, never a secret.
 */
export function parseVendors(
  text: string | undefined,
  options: { production: boolean; simUrl: string },
): { vendors: VendorConfig[]; error?: string } {
  if (text === undefined || text.trim() === '')
    return { vendors: options.production ? [] : demoVendors(options.simUrl) };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      vendors: [],
      error: 'VENDORS is not JSON (a list of { platform, name, wallet, baseUrl, secret, venueId })',
    };
  }
  const parsed = z.array(vendorConfig).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { vendors: [], error: `VENDORS: ${issue?.path.join('.')}: ${issue?.message}` };
  }
  const platforms = new Set<string>();
  const venueIds = new Set<number>([1]);
  for (const vendor of parsed.data) {
    if (platforms.has(vendor.platform)) return { vendors: [], error: `VENDORS: platform ${vendor.platform} twice` };
    platforms.add(vendor.platform);
    if (vendor.venueId !== undefined) {
      if (venueIds.has(vendor.venueId)) return { vendors: [], error: `VENDORS: venueId ${vendor.venueId} taken` };
      venueIds.add(vendor.venueId);
    }
  }
  return { vendors: parsed.data };
}

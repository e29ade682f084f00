import {
  launchResponse,
  transferResponse,
  transferStatusResponse,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  vendorBalanceResponse,
  vendorBetsResponse,
} from '@jinb/contract';
import { formatAmount, parseAmount } from '@jinb/money';
import type { z } from 'zod';
import type { VenueOutcome, VenueWallet } from '../../wallet/venues/venue-wallet';
import type { VendorConfig } from '../vendor-config';
import {
  type SeamlessVendor,
  type TransferVendor,
  type VendorAdapter,
  VendorCallError,
  vendorPlayerOf,
} from './vendor-adapter';
import { vendorSignature, verifyVendorSignature } from './vendor-signature';

/**
 * A signed JSON POST to the vendor, answered within the vendor's timeout or not at all: a timeout, a network error, a
 * non-2xx status or an answer outside the protocol all throw, so the caller decides what silence means (for a
 * transfer: 'unknown', left pending for reconciliation).
 */
async function post<S extends z.ZodType>(config: VendorConfig, path: string, body: unknown, schema: S) {
  const text = JSON.stringify(body);
  const timestamp = String(Date.now());
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [VENDOR_TIMESTAMP_HEADER]: timestamp,
        [VENDOR_SIGNATURE_HEADER]: vendorSignature(config.secret, timestamp, text),
      },
      body: text,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new VendorCallError(`${config.platform} ${path}: no answer`, { cause: error });
  }
  if (!response.ok) throw new VendorCallError(`${config.platform} ${path}: HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new VendorCallError(`${config.platform} ${path}: answer is not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new VendorCallError(`${config.platform} ${path}: answer outside the protocol`);
  return parsed.data as z.infer<S>;
}

function launcher(config: VendorConfig) {
  return async (request: Parameters<VendorAdapter['launch']>[0]) => {
    const answer = await post(
      config,
      '/api/launch',
      {
        player: vendorPlayerOf(request.memberId),
        game: request.game,
        wallet: config.wallet,
        lang: request.lang,
        returnUrl: request.returnUrl,
      },
      launchResponse,
    );
    if (answer.code !== 'OK' || !answer.url || !/^https?:\/\//.test(answer.url))
      throw new VendorCallError(`${config.platform} launch: ${answer.code}`);
    return answer.url;
  };
}

/**
 * A transfer-wallet vendor over HTTP. Its venue is the wallet's VenueWallet: a deposit or withdrawal carries our
 * transfer's reference, which the vendor keeps unique (a repeat is not a second movement), and its answer maps to
 * confirmed (OK), failed (any refusal: nothing moved there) or unknown (no answer: only `status` can tell later).
 */
export function createTransferVendor(config: VendorConfig, maintenance: () => boolean): TransferVendor {
  if (config.wallet !== 'transfer' || config.venueId === undefined)
    throw new Error(`${config.platform} is not a transfer vendor`);
  async function move(kind: 'deposit' | 'withdraw', memberId: bigint, amount: bigint, reference: string) {
    try {
      const answer = await post(
        config,
        `/api/transfer/${kind}`,
        { player: vendorPlayerOf(memberId), amount: formatAmount(amount), reference },
        transferResponse,
      );
      return (answer.code === 'OK' ? 'confirmed' : 'failed') satisfies VenueOutcome;
    } catch {
      return 'unknown' satisfies VenueOutcome;
    }
  }
  const venue: VenueWallet = {
    id: config.venueId,
    code: config.platform,
    name: config.name,
    inHouse: false,
    maintenance,
    deposit: (memberId, amount, reference) => move('deposit', memberId, amount, reference),
    withdraw: (memberId, amount, reference) => move('withdraw', memberId, amount, reference),
    async status(reference) {
      try {
        return (await post(config, '/api/transfer/status', { reference }, transferStatusResponse)).state;
      } catch {
        return 'unknown';
      }
    },
    async balance(memberId) {
      const answer = await post(config, '/api/balance', { player: vendorPlayerOf(memberId) }, vendorBalanceResponse);
      const parsed = parseAmount(answer.balance);
      if (answer.code !== 'OK' || !parsed.ok) throw new VendorCallError(`${config.platform} balance: ${answer.code}`);
      return parsed.value;
    },
  };
  return {
    platform: config.platform,
    name: config.name,
    wallet: 'transfer',
    venue,
    launch: launcher(config),
    bets: (cursor) => post(config, '/api/bets', { after: cursor }, vendorBetsResponse),
  };
}

/** A seamless-wallet vendor: we only launch its games; it calls us for the money (seamless-wallet.service.ts). */
export function createSeamlessVendor(config: VendorConfig): SeamlessVendor {
  return {
    platform: config.platform,
    name: config.name,
    wallet: 'seamless',
    launch: launcher(config),
    verify: (headers, body) => verifyVendorSignature(config.secret, headers, body),
  };
}

import type { VendorBetsResponse } from '@jinb/contract';
import type { VenueWallet } from '../../wallet/venues/venue-wallet';

/** The two ways vendors integrate (architecture.md, "Which wallet pays a bet"). */
export type WalletModel = 'transfer' | 'seamless';

export type LaunchRequest = {
  memberId: bigint;
  /** The catalogue's game code, which the vendor knows the game by. */
  game: string;
  lang: string;
  /** Where the vendor's back button goes: our site's /app/venueBack. */
  returnUrl: string;
};

/**
 * One external vendor, whatever its wallet model. The games module launches through it and reads its maintenance
 * switch through the registry; money moves through the model's own path:
 * - transfer: `venue` is the vendor as a wallet venue (deposit, withdraw, status, balance over HTTP), so the wallet's
 *   transfer, walletlist, recall and reconciliation work on it unchanged; `bets` pulls its bet history;
 * - seamless: the vendor calls our wallet API (seamless-wallet.service.ts) and `verify` checks those calls.
 */
interface VendorBase {
  readonly platform: string;
  readonly name: string;
  /** A URL that opens the game for the member; throws VendorCallError when the vendor refuses or is unreachable. */
  launch(request: LaunchRequest): Promise<string>;
}

export interface TransferVendor extends VendorBase {
  readonly wallet: 'transfer';
  readonly venue: VenueWallet;
  /** Settled bets after `cursor` ("" first), oldest first, and the cursor to ask from next. */
  bets(cursor: string): Promise<VendorBetsResponse>;
}

export interface SeamlessVendor extends VendorBase {
  readonly wallet: 'seamless';
  /** Whether a call to our wallet API carries this vendor's valid signature over `body`. */
  verify(headers: { timestamp: string | undefined; signature: string | undefined }, body: string): boolean;
}

export type VendorAdapter = TransferVendor | SeamlessVendor;

/** A call to a vendor that gave no usable answer (refused, timed out, broke the protocol). */
export class VendorCallError extends Error {}

/** The player id a vendor knows one of our members by (vendor-api.ts `vendorPlayer`). */
export const vendorPlayerOf = (memberId: bigint) => `p${memberId}`;

/** The member behind a vendor's player id, or null when it is not one of ours. */
export function memberOfPlayer(player: string): bigint | null {
  return /^p[1-9]\d{0,17}$/.test(player) ? BigInt(player.slice(1)) : null;
}

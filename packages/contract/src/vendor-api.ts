import { z } from 'zod';

/**
 * How external game vendors and we talk (issue 22), over HTTP with JSON bodies, both directions signed the same way:
 * `x-vendor-timestamp` (ms since the epoch, within 5 minutes of the receiver's clock) and
 * `x-vendor-signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>` with the vendor's own secret.
 * Amounts are decimal strings (up to 4 decimals). Business refusals answer HTTP 200 with their `code`; a bad
 * signature answers 401 with `SIGNATURE_INVALID`.
 *
 * Two wallet models:
 * - transfer: the member's money moves to the vendor's wallet and back (we call the vendor: deposit, withdraw,
 *   status, balance, launch, bets);
 * - seamless: the money stays with us and the vendor calls our wallet for each bet and win (balance, bet, win,
 *   rollback at `/api/vendor/v1/{platform}/wallet/{action}`). The vendor's `txId` is unique per transaction and is
 *   our idempotency key: a repeat answers what the first did.
 */
export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';
export const VENDOR_TIMESTAMP_HEADER = 'x-vendor-timestamp';
export const VENDOR_CLOCK_SKEW_MS = 5 * 60_000;

/** The path the seamless vendor calls; `action` is one of SEAMLESS_ACTIONS. */
export const SEAMLESS_WALLET_PATH = '/api/vendor/v1/:platform/wallet/:action';
export const SEAMLESS_ACTIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type SeamlessAction = (typeof SEAMLESS_ACTIONS)[number];

export const VENDOR_CODES = [
  'OK',
  'SIGNATURE_INVALID',
  'BAD_REQUEST',
  'PLAYER_UNKNOWN',
  'INSUFFICIENT_FUNDS',
  /** A win or rollback names a bet we never saw. */
  'BET_NOT_FOUND',
  /** A bet whose transaction id was rolled back first (the late bet is refused), or a win for a rolled-back bet. */
  'BET_ROLLED_BACK',
  /** A rollback of a bet that has a win already. */
  'BET_SETTLED',
  /** The same transaction id with different content. */
  'TX_CONFLICT',
  'GAME_MAINTENANCE',
  'FAILED',
  /** The member has a time-out or self-exclusion in force: no bet is taken. */
  'PLAYER_BLOCKED',
  /** The bet would pass a limit the member set (single stake, net loss of the day, week or month). */
  'PLAYER_LIMIT',
] as const;
export type VendorCode = (typeof VENDOR_CODES)[number];

const amount = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/);
const ref = z.string().min(1).max(64);

/** The vendor's player id for one of our members: opaque to the vendor, `p<member id>` here. */
export const vendorPlayer = z.string().regex(/^p\d{1,18}$/);

export const seamlessRequest = z.object({
  player: vendorPlayer,
  /** Unique per transaction at this vendor (not sent for balance). */
  txId: ref.optional(),
  amount: amount.optional(),
  /** win and rollback: the bet transaction they belong to. */
  betTxId: ref.optional(),
  round: ref.optional(),
  game: z.string().max(64).optional(),
});
export type SeamlessRequest = z.infer<typeof seamlessRequest>;

export const seamlessResponse = z.object({
  code: z.enum(VENDOR_CODES),
  /** The member's main balance after the call (when known). */
  balance: amount.optional(),
  txId: z.string().optional(),
  /** This answer repeats an earlier one for the same txId. */
  duplicate: z.boolean().optional(),
});
export type SeamlessResponse = z.infer<typeof seamlessResponse>;

/** Transfer wallet, we call the vendor: `POST {base}/api/transfer/{deposit|withdraw}`. */
export const transferRequest = z.object({ player: vendorPlayer, amount, reference: ref });
export const transferResponse = z.object({ code: z.enum(VENDOR_CODES), balance: amount.optional() });
/** `POST {base}/api/transfer/status` with `{ reference }`: what became of a transfer. */
export const transferStatusResponse = z.object({ state: z.enum(['confirmed', 'failed', 'unknown']) });
/** `POST {base}/api/balance` with `{ player }`. */
export const vendorBalanceResponse = z.object({ code: z.enum(VENDOR_CODES), balance: amount });

/**
 * `POST {base}/api/launch`: a URL that opens `game` for `player`. `returnUrl` is where the vendor's back button goes
 * (our /app/venueBack).
 */
export const launchRequest = z.object({
  player: vendorPlayer,
  game: z.string().max(64),
  wallet: z.enum(['transfer', 'seamless']),
  lang: z.string().max(10),
  returnUrl: z.string().max(500),
});
export const launchResponse = z.object({ code: z.enum(VENDOR_CODES), url: z.string().optional() });

/** `POST {base}/api/bets` with `{ after }` (a cursor, "" first): a transfer vendor's settled bets, oldest first. */
export const vendorBetsResponse = z.object({
  list: z.array(
    z.object({
      betId: ref,
      player: vendorPlayer,
      game: z.string().max(64),
      round: z.string().max(64),
      stake: amount,
      payout: amount,
      placedAt: z.string(),
      settledAt: z.string(),
    }),
  ),
  next: z.string(),
});
export type VendorBetsResponse = z.infer<typeof vendorBetsResponse>;

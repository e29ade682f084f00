import { hmac, safeEqual } from '../../shared/tokens';

/**
 * A quote's id carries what it promised, signed, instead of a row per quote: quotes are made on every look and
 * pushed to every member with an open bet whenever prices move, and accepting one re-prices the bet anyway, so
 * storing them would be write traffic for nothing. Any process reads it with the app secret. Bound to the member
 * (in the signature, not the text), so another member's quote is refused.
 */
export type QuoteClaims = {
  betId: bigint;
  /** The bet's stake when quoted: a partial cash out since then makes the quote stale. */
  stake: bigint;
  /** What the whole stake was worth, scale 4. */
  amount: bigint;
  expiresAt: number;
  /** A digest of the prices and outcomes the value came from (recorded with a cash out). */
  prices: string;
};

const FORMAT = /^(\d{1,18})\.(\d{1,19})\.(\d{1,19})\.(\d{13})\.([0-9a-f]{16})\.([0-9a-f]{32})$/;

export function createQuoteIds(secret: string) {
  const mac = (memberId: bigint, payload: string) => hmac(secret, `cashout:${memberId}:${payload}`).slice(0, 32);
  return {
    sign(memberId: bigint, claims: QuoteClaims): string {
      const payload = [claims.betId, claims.stake, claims.amount, claims.expiresAt, claims.prices].join('.');
      return `${payload}.${mac(memberId, payload)}`;
    },

    /** The claims of a quote this member was given, or undefined for anything else (forged, garbled, another's). */
    read(memberId: bigint, quoteId: string): QuoteClaims | undefined {
      const match = FORMAT.exec(quoteId);
      if (!match) return undefined;
      const [, betId, stake, amount, expiresAt, prices, signature] = match as unknown as string[];
      const payload = [betId, stake, amount, expiresAt, prices].join('.');
      if (!safeEqual(signature as string, mac(memberId, payload))) return undefined;
      return {
        betId: BigInt(betId as string),
        stake: BigInt(stake as string),
        amount: BigInt(amount as string),
        expiresAt: Number(expiresAt),
        prices: prices as string,
      };
    },
  };
}

export type QuoteIds = ReturnType<typeof createQuoteIds>;

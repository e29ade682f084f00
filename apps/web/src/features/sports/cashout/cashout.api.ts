import { type CashoutBody, type CashoutChange, type CashoutQuote, sitePaths } from '@jinb/contract';
import { parseAmount } from '@jinb/money';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, get, post } from '../../../shared/api/client';
import { sportsKeys } from '../sports.api';

/** Cash out (issue 21, packages/contract/src/cashout.ts): one path, GET the quote and POST the acceptance. */
export const CASHOUT_PATH = sitePaths.sportsCashoutQuote;

export type { CashoutQuote };
/** No quote: the server's message (in the member's language) and its code. */
export type NoQuote = { reason: string; code?: string };
export type QuoteState = CashoutQuote | NoQuote;

export function hasQuote(state: QuoteState | undefined): state is CashoutQuote {
  return !!state && 'quoteId' in state && typeof state.amount === 'string';
}

export const cashoutKeys = {
  /** Under the member's bets, so a change of any bet (the `bets` topic) asks for its quote again too. */
  quote: (memberId: string, betId: string) => [...sportsKeys.bets(memberId), 'cashout', betId] as const,
};

/** The quote, or why there is none (a refusal is an answer here, not an error: the bet just cannot be cashed now). */
export const quoteQuery = (memberId: string, betId: string) =>
  queryOptions({
    queryKey: cashoutKeys.quote(memberId, betId),
    queryFn: async ({ signal }): Promise<QuoteState> => {
      try {
        return await get('sportsCashoutQuote', { query: { id: betId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'TIMEOUT')
          return { reason: error.message, code: error.code };
        throw error;
      }
    },
    staleTime: 5_000,
    enabled: memberId !== '' && /^\d{1,18}$/.test(betId),
  });

/** The `cashout` topic's message as the quote query's data. */
export function quoteFromChange(change: CashoutChange, stake: string): QuoteState {
  return 'quoteId' in change
    ? { betId: change.betId, stake, amount: change.amount, quoteId: change.quoteId, expiresAt: change.expiresAt }
    : { reason: change.reason };
}

/** Accepts a quote for the whole stake, or for `amount` of it (at most 2 decimals), once under its key. */
export function cashOut(body: CashoutBody, idempotencyKey: string) {
  return post('sportsCashout', { body, idempotencyKey });
}

/** The new quote a CASHOUT_CHANGED refusal carries (`detail.quote`), if it does. */
export function newQuoteOf(error: unknown): CashoutQuote | null {
  if (!(error instanceof ApiError)) return null;
  const detail = error.detail as { quote?: unknown } | undefined;
  const quote = (detail?.quote ?? detail) as Partial<CashoutQuote> | undefined;
  return quote && typeof quote.amount === 'string' && typeof quote.quoteId === 'string'
    ? {
        betId: quote.betId ?? '',
        stake: quote.stake ?? '',
        amount: quote.amount,
        quoteId: quote.quoteId,
        expiresAt: quote.expiresAt ?? '',
      }
    : null;
}

function units(wire: string): bigint {
  const parsed = parseAmount(wire);
  return parsed.ok ? parsed.value : 0n;
}

/** A cent in scale-4 units: a partial cash out names its stake in cents. */
const CENT = 100n;

/**
 * A part of the stake (`percent` of it, down to the cent) and what it would pay now: the quote's share of it,
 * truncated like every amount the book pays.
 */
export function partOf(stake: string, quote: string, percent: number): { stake: bigint; amount: bigint } {
  const whole = units(stake);
  if (whole <= 0n) return { stake: 0n, amount: 0n };
  const part = ((whole * BigInt(Math.round(percent))) / 100n / CENT) * CENT;
  return { stake: part, amount: (units(quote) * part) / whole };
}

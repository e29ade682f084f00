import { z } from 'zod';
import { memberAmount } from './wallet';

/**
 * Cash out (issue 21): a member takes what an open single or parlay is worth now, in full or for part of its stake.
 * Money is a decimal string at scale 4 as everywhere; ids decimal strings. When there is no quote the answer is a
 * refusal with its code (CASHOUT_OFF, CASHOUT_SUSPENDED, CASHOUT_UNAVAILABLE, ...) and the member's message.
 */

const money = z.string().describe('decimal string at scale 4, e.g. "100.0000"');
const id = z.string().regex(/^\d{1,18}$/);

/** `GET /api/f/v1/sports/bets/cashout?id=`: the bet. A malformed id is a bet that does not exist. */
export const cashoutQuery = z.object({
  id: z.union([z.string(), z.number()]).transform((value, context) => {
    const text = String(value);
    if (!/^\d{1,18}$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'NOT_FOUND' });
      return z.NEVER;
    }
    return text;
  }),
});

/**
 * A quote: what the bet's whole stake is worth now (its fair value from the current prices, less the margin),
 * until `expiresAt`. `quoteId` is what the acceptance names; it is bound to the member, the bet, its stake and the
 * prices it was made from.
 */
export const cashoutQuote = z.object({
  betId: id,
  /** The stake the quote is for (the bet's stake now). */
  stake: money,
  amount: money,
  quoteId: z.string(),
  expiresAt: z.string().describe('ISO 8601'),
});
export type CashoutQuote = z.infer<typeof cashoutQuote>;

/** The `detail` of CASHOUT_CHANGED: the value moved beyond the tolerance, or the quote expired; this is the new one. */
export const cashoutChangedDetail = z.object({ quote: cashoutQuote });
export type CashoutChangedDetail = z.infer<typeof cashoutChangedDetail>;

/**
 * `POST /api/f/v1/sports/bets/cashout` with an `Idempotency-Key`: the bet, the quote accepted and, for a partial
 * cash out, `amount`: the part of the stake to cash (at most 2 decimals; the whole stake is a full cash out).
 */
export const cashoutBody = z.object({
  id: z.union([z.string(), z.number()], { error: 'NOT_FOUND' }).transform((value, context) => {
    const text = String(value);
    if (!/^\d{1,18}$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'NOT_FOUND' });
      return z.NEVER;
    }
    return text;
  }),
  quoteId: z.string({ error: 'BAD_REQUEST' }).min(1, { error: 'BAD_REQUEST' }).max(200, { error: 'BAD_REQUEST' }),
  amount: memberAmount.optional(),
});
export type CashoutBody = z.input<typeof cashoutBody>;

/** What a cash out did: paid `amount` for `stake` of the bet; a partial one leaves the bet open on `remainingStake`. */
export const cashoutResult = z.object({
  betId: id,
  /** `cashed_out` (the whole stake) or `open` (a partial one: the rest runs on). */
  status: z.enum(['open', 'cashed_out']),
  /** The part of the stake cashed. */
  stake: money,
  /** Paid to the main wallet. */
  amount: money,
  remainingStake: money,
  /** What the rest pays if it wins (0 once cashed out in full). */
  potentialPayout: money,
});
export type CashoutResult = z.infer<typeof cashoutResult>;

/**
 * The operator's cash-out totals of an event (every bet with a leg on it, so a parlay counts on each of its
 * events): how many, the stake cashed, what was paid, and the house's result on them (stake cashed - paid).
 */
export const eventCashoutsView = z.object({
  eventId: id,
  count: z.number().int(),
  stake: money,
  amount: money,
  houseResult: money,
});
export type EventCashoutsView = z.infer<typeof eventCashoutsView>;

/**
 * The kinds of wallet record, as the records page's tabs filter them. A module without zod: the site reads it at
 * run time, and a constant next to schemas would bring the schemas and zod into the page's first load, since the
 * bundler must keep every schema built from a value it cannot prove harmless. `bet` is the sportsbook's money on
 * the main wallet: stakes, payouts and payouts reversed by a corrected result.
 */
export const RECORD_TYPES = ['deposit', 'withdraw', 'transfer', 'adjust', 'bonus', 'bet'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/**
 * Player protection's fixed names and choices (issue 26), without schemas: the site's pages read these, and a module
 * of plain values keeps zod and the schemas' chunks off their path (protection.ts holds the schemas).
 */

/** The limits a member sets, by their fixed wire names. Money limits are amounts; `sessionMinutes` is minutes. */
export const MONEY_LIMIT_KEYS = [
  'depositDay',
  'depositWeek',
  'depositMonth',
  'lossDay',
  'lossWeek',
  'lossMonth',
  'stakeMax',
] as const;
export type MoneyLimitKey = (typeof MONEY_LIMIT_KEYS)[number];
export const LIMIT_KEYS = [...MONEY_LIMIT_KEYS, 'sessionMinutes'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** Raising or removing a limit waits this long, then needs the member's confirmation; lowering is immediate. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60_000;

export const SESSION_MINUTES_RANGE = { min: 10, max: 24 * 60 } as const;
/** The reality check's interval choices offered by the site; the server accepts any whole minute in the range. */
export const REALITY_MINUTES_CHOICES = [15, 30, 45, 60, 90, 120] as const;
export const REALITY_MINUTES_RANGE = { min: 1, max: 24 * 60 } as const;

export const EXCLUSION_KINDS = ['timeout', 'self'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];
/** A time-out lasts 24 hours to 6 weeks. */
export const TIMEOUT_DAYS = { min: 1, max: 42 } as const;
/** Self-exclusion: the site offers 6 months, 1 year, 5 years and permanent (0). */
export const SELF_EXCLUSION_DAYS = [182, 365, 1826, 0] as const;
/**
 * The days the server takes for a self-exclusion besides 0 (permanent): at least 6 months however a client counts
 * them (180, 182, 183), up to a hundred years.
 */
export const SELF_EXCLUSION_RANGE = { min: 180, max: 36_500 } as const;

/** How long the withdrawal-only session lives. */
export const WITHDRAW_ONLY_TTL_MS = 15 * 60_000;

export const STATEMENT_MONTHS = [1, 3, 12] as const;

/**
 * Money inside the system is a bigint count of 1/10000 of the currency unit (scale 4).
 * Floats never touch money: a decimal string is parsed digit by digit.
 */
export type Amount = bigint;

export const SCALE = 4;
export const UNIT: Amount = 10_000n;

/**
 * Largest single amount accepted: 100 billion yuan (10^15 units). Far above any real payment, and small enough that
 * thousands of such amounts still sum inside PostgreSQL's BIGINT (9.2 * 10^18 units), so no balance, total or
 * turnover computed from accepted amounts can overflow the column it is stored in.
 */
export const MAX_AMOUNT: Amount = 10n ** 11n * UNIT;
/** PostgreSQL BIGINT's upper bound, which MAX_AMOUNT must stay far below. */
export const BIGINT_MAX = 2n ** 63n - 1n;

const DECIMAL = /^(-)?(\d{1,16})(?:\.(\d{1,4}))?$/;

export type ParseAmountError = 'format' | 'precision' | 'range';

export type ParseAmountResult = { ok: true; value: Amount } | { ok: false; error: ParseAmountError };

/**
 * Parses a decimal string such as "12.3456" into scale-4 units.
 * Rejects exponents, more than 4 decimals, thousands separators and anything beyond MAX_AMOUNT,
 * so "1e309" or "9007199254740993.00001" can never sneak in through float coercion.
 */
export function parseAmount(input: unknown): ParseAmountResult {
  if (typeof input !== 'string' && typeof input !== 'number' && typeof input !== 'bigint') {
    return { ok: false, error: 'format' };
  }
  if (typeof input === 'number' && !Number.isSafeInteger(input)) {
    // A fractional or huge JS number has already lost precision; demand a string instead.
    return { ok: false, error: Number.isFinite(input) && Math.abs(input) < 2 ** 53 ? 'precision' : 'range' };
  }
  const text = String(input).trim();
  if (/^-?\d+\.\d{5,}$/.test(text)) return { ok: false, error: 'precision' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, error: /^-?\d{17,}(\.\d*)?$/.test(text) ? 'range' : 'format' };
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * UNIT + BigInt(fraction.padEnd(SCALE, '0'));
  if (units > MAX_AMOUNT) return { ok: false, error: 'range' };
  return { ok: true, value: sign ? -units : units };
}

/** Wire form: always 4 decimals, e.g. 12345600n -> "1234.5600". */
export function formatAmount(value: Amount): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / UNIT;
  const fraction = (abs % UNIT).toString().padStart(SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

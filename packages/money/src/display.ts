/**
 * Display helpers from the spec's section 5. Inputs come from the wire as decimal strings, so
 * every helper works on the digits of the string and never rounds through a float.
 */

function splitDecimal(input: string | number | bigint): { negative: boolean; whole: string; fraction: string } | null {
  const text = typeof input === 'number' ? numberToPlain(input) : String(input).trim();
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  return { negative: Boolean(match[1]), whole, fraction: match[3] ?? '' };
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return '';
  // toLocaleString avoids exponent notation for large or tiny numbers without float rounding of the digits shown.
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** Money shown to members: truncated (never rounded) to 2 decimals. "12.349" -> "12.34", "" -> "0.00". */
export function truncateMoney(input: string | number | bigint | null | undefined): string {
  if (input === null || input === undefined || input === '') return '0.00';
  const parts = splitDecimal(input);
  if (!parts) return '0.00';
  const fraction = parts.fraction.slice(0, 2).padEnd(2, '0');
  const isZero = /^0+$/.test(parts.whole + fraction);
  return `${parts.negative && !isZero ? '-' : ''}${parts.whole}.${fraction}`;
}

/**
 * Counts of 100000 and more in units of 10 thousand (万): 2 decimals below 10 million, 1 below 100 million,
 * otherwise a whole number (rounded). Decimals are truncated like money. Negatives become 0.
 */
export function formatCount(input: number | string | bigint | null | undefined): string {
  if (input === null || input === undefined || input === '') return '0';
  const parts = splitDecimal(input);
  if (!parts || parts.negative) return '0';
  const value = BigInt(parts.whole);
  if (value < 100_000n) {
    const fraction = parts.fraction.replace(/0+$/, '');
    return fraction ? `${parts.whole}.${fraction}` : parts.whole;
  }
  const tenThousands = value / 10_000n;
  const remainder = (value % 10_000n).toString().padStart(4, '0');
  if (value < 10_000_000n) return `${tenThousands}.${remainder.slice(0, 2)}万`;
  if (value < 100_000_000n) return `${tenThousands}.${remainder.slice(0, 1)}万`;
  return `${remainder >= '5000' ? tenThousands + 1n : tenThousands}万`;
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const SECTION_UNITS = ['', '万', '亿', '万'];
const FRACTION_UNITS = ['角', '分', '厘', '毫'];

function sectionToCapital(section: string): string {
  let out = '';
  let pendingZero = false;
  const digits = section.padStart(4, '0');
  for (let i = 0; i < 4; i++) {
    const digit = Number(digits[i]);
    if (digit === 0) {
      if (out) pendingZero = true;
      continue;
    }
    if (pendingZero) out += DIGITS[0];
    pendingZero = false;
    out += DIGITS[digit]! + SMALL_UNITS[3 - i]!;
  }
  return out;
}

/**
 * Amount in Chinese capital numerals, as written on cheques (壹佰贰拾叁元肆角伍分).
 * Empty for empty or unparsable input and for values at or above 1e15; negatives are prefixed with 负;
 * up to 4 decimals (角, 分, 厘, 毫) are kept, further digits dropped.
 */
export function toCapitalNumerals(input: string | number | bigint | null | undefined): string {
  if (input === null || input === undefined || input === '') return '';
  const parts = splitDecimal(input);
  if (!parts) return '';
  if (parts.whole.length > 15) return '';
  const fraction = parts.fraction.slice(0, 4);
  const prefix = parts.negative && /[1-9]/.test(parts.whole + fraction) ? '负' : '';

  let integerText = '';
  const sections: string[] = [];
  for (let end = parts.whole.length; end > 0; end -= 4) sections.unshift(parts.whole.slice(Math.max(0, end - 4), end));
  let zeroBetween = false;
  sections.forEach((section, index) => {
    const position = sections.length - 1 - index;
    // 万 above 亿 composes (壹万贰仟亿); only when the 亿 section is empty does it need its own 亿 (壹万亿).
    const unit = position === 3 && Number(sections[index + 1]) === 0 ? '万亿' : SECTION_UNITS[position]!;
    if (Number(section) === 0) {
      zeroBetween = integerText !== '';
      return;
    }
    if (integerText && (zeroBetween || section.startsWith('0'))) integerText += DIGITS[0];
    zeroBetween = false;
    integerText += sectionToCapital(section) + unit;
  });

  let fractionText = '';
  for (let i = 0; i < fraction.length; i++) {
    const digit = Number(fraction[i]);
    if (digit === 0) continue;
    if (fractionText === '' && integerText === '' && i > 0) {
      // "0.05" reads 伍分, not 零伍分.
    } else if (i > 0 && Number(fraction[i - 1]) === 0 && (fractionText || integerText)) {
      fractionText += DIGITS[0];
    }
    fractionText += DIGITS[digit]! + FRACTION_UNITS[i]!;
  }

  if (!integerText && !fractionText) return `${prefix}零元整`;
  if (!fractionText) return `${prefix}${integerText}元整`;
  return `${prefix}${integerText ? `${integerText}元` : ''}${fractionText}`;
}

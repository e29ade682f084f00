/** What an order number names, by its first letter. */
export const ORDER_PREFIXES = {
  deposit: 'D',
  withdrawal: 'W',
  transfer: 'T',
  adjust: 'A',
  bonus: 'B',
  bet: 'S',
} as const;
export type OrderKind = keyof typeof ORDER_PREFIXES;

/**
 * The order number a member reads and quotes to support: a letter for the kind, the creation date in the platform's
 * zone, then the stored id padded to 6 digits (W20261123000042). Derived from the id and creation time, so every
 * order ever stored has one without a migration; the digits after the date are the id itself, so support finds the
 * order from the number alone.
 */
export function formatOrderNo(
  kind: OrderKind,
  id: string | bigint,
  createdAt: Date | string,
  timeZone: string,
): string {
  const date = dayFormat(timeZone).format(new Date(createdAt)).replaceAll('-', '');
  return `${ORDER_PREFIXES[kind]}${date}${String(id).padStart(6, '0')}`;
}

/**
 * The calendar day in a zone as YYYY-MM-DD (en-CA's order), one formatter per zone kept: every bet, record and
 * order a page shows is numbered with it, and making a formatter costs far more than using one.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The kind and stored id an order number names; null for anything that is not one. */
export function parseOrderNo(text: string): { kind: OrderKind; id: string } | null {
  const match = /^([A-Z])\d{8}(\d{6,})$/.exec(text.trim().toUpperCase());
  if (!match) return null;
  const kind = (Object.keys(ORDER_PREFIXES) as OrderKind[]).find((key) => ORDER_PREFIXES[key] === match[1]);
  return kind ? { kind, id: match[2]!.replace(/^0+(?=\d)/, '') } : null;
}

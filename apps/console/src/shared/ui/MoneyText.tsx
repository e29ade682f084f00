import { truncateMoney } from '@jinb/money';

/**
 * An amount in yuan with 2 decimals (truncated like the site, never rounded), digits aligned, negatives red.
 * `signed` puts a + before positive amounts (a ledger's credits).
 */
export function MoneyText({ value, signed = false }: { value: string | number | null | undefined; signed?: boolean }) {
  const text = truncateMoney(value ?? '');
  const negative = text.startsWith('-');
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', color: negative ? '#cf1322' : undefined, whiteSpace: 'nowrap' }}>
      {signed && !negative && text !== '0.00' ? '+' : ''}
      {text}
    </span>
  );
}

import { BANK_CARD_MAX_DIGITS } from '@jinb/contract';

// The shape rules (isBankCardNumber, isAlipayAccount, isUsdtAddress) are the contract's, shared with the server.

/** Keeps the digits of a card number as typed or pasted and groups them by 4 ("6222 0212 3456 7890"). */
export function groupCardNumber(value: unknown): string {
  const digits = String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, BANK_CARD_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function cardDigits(value: unknown): string {
  return String(value ?? '').replace(/\D/g, '');
}

/**
 * A masked number from the server ("6222****7890") spread over the card like a printed one ("6222 **** **** 7890").
 * Anything shaped differently is shown as it came.
 */
export function cardFaceNumber(masked: string): string {
  const match = /^(\d{4})\*+(\d{4})$/.exec(masked);
  return match ? `${match[1]} **** **** ${match[2]}` : masked;
}

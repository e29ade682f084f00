import { EMAIL_PATTERN, type USDT_NETWORKS } from '@jinb/contract';

/** The same shapes the server accepts (apps/server/src/wallet/address-format.ts); the server also checks TRON checksums. */
const BANK_CARD = /^\d{12,19}$/;
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const BANK_CARD_MAX_DIGITS = 19;

export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

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

export function isBankCardNumber(value: string): boolean {
  return BANK_CARD.test(value);
}

/** Alipay accounts are a mainland mobile number or an e-mail address. */
export function isAlipayAccount(value: string): boolean {
  return MAINLAND_MOBILE.test(value) || EMAIL_PATTERN.test(value);
}

export function isUsdtAddress(network: UsdtNetwork, address: string): boolean {
  return network === 'TRC20' ? TRON_ADDRESS.test(address) : ETHEREUM_ADDRESS.test(address);
}

/**
 * A masked number from the server ("6222****7890") spread over the card like a printed one ("6222 **** **** 7890").
 * Anything shaped differently is shown as it came.
 */
export function cardFaceNumber(masked: string): string {
  const match = /^(\d{4})\*+(\d{4})$/.exec(masked);
  return match ? `${match[1]} **** **** ${match[2]}` : masked;
}

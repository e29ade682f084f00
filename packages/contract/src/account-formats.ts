/**
 * The shapes of the accounts money is withdrawn to, in one place for the site's forms and the server's checks (the
 * server also verifies a TRON address's checksum). No zod here: card pages read these at run time.
 */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/;
/** Chinese bank card numbers: 12 to 19 digits. */
export const BANK_CARD_PATTERN = /^\d{12,19}$/;
export const BANK_CARD_MAX_DIGITS = 19;
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** TRON (TRC20): "T" and 33 base58 characters. */
export const TRON_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** Ethereum (ERC20): 0x and 40 hex digits. */
export const ETHEREUM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export const CARD_KINDS = ['bank', 'alipay', 'usdt'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/** The account number as stored: an address as typed (trimmed), a card or Alipay number without its spaces. */
export function normalizedAccountNo(kind: CardKind, accountNo: string): string {
  return kind === 'usdt' ? accountNo.trim() : accountNo.replace(/\s+/g, '');
}

export function isBankCardNumber(value: string): boolean {
  return BANK_CARD_PATTERN.test(value);
}

/** Alipay accounts are a mainland mobile number or an e-mail address. */
export function isAlipayAccount(value: string): boolean {
  return MAINLAND_MOBILE.test(value) || EMAIL_PATTERN.test(value);
}

export function isUsdtNetwork(value: string): value is UsdtNetwork {
  return (USDT_NETWORKS as readonly string[]).includes(value);
}

/** The address's shape on its network (the server adds the TRON checksum). */
export function isUsdtAddress(network: UsdtNetwork, address: string): boolean {
  return network === 'TRC20' ? TRON_ADDRESS_PATTERN.test(address) : ETHEREUM_ADDRESS_PATTERN.test(address);
}

/** What a member sees of a stored account number: its ends. */
export function maskAccountNo(value: string): string {
  if (value.length <= 8) return `${value.slice(0, 2)}****${value.slice(-2)}`;
  return `${value.slice(0, 4)}****${value.slice(-4)}`;
}

/** The error code for an account number that does not fit its kind, or null when it fits. */
export function accountNoProblem(
  kind: CardKind,
  accountNo: string,
  network: string,
): 'BANK_CARD_FORMAT' | 'ALIPAY_FORMAT' | 'USDT_ADDRESS_INVALID' | null {
  const value = normalizedAccountNo(kind, accountNo);
  if (kind === 'bank') return isBankCardNumber(value) ? null : 'BANK_CARD_FORMAT';
  if (kind === 'alipay') return isAlipayAccount(value) ? null : 'ALIPAY_FORMAT';
  const upper = network.toUpperCase();
  return isUsdtNetwork(upper) && isUsdtAddress(upper, value) ? null : 'USDT_ADDRESS_INVALID';
}

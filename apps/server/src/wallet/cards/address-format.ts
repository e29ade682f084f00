import { createHash } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(leadingZeros), bytes]);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** A TRON (TRC20) address: base58check of 0x41 + 20 bytes, "T" + 33 characters, with a valid checksum. */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const decoded = base58Decode(address);
  if (decoded?.length !== 25 || decoded[0] !== 0x41) return false;
  const payload = decoded.subarray(0, 21);
  return sha256(sha256(payload)).subarray(0, 4).equals(decoded.subarray(21));
}

/** An Ethereum (ERC20) address: 0x + 40 hex digits. */
export function isEthereumAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

/** Chinese bank card numbers: 12 to 19 digits. */
export function isBankCardNumber(value: string): boolean {
  return /^\d{12,19}$/.test(value);
}

/** Alipay accounts are a mainland mobile number or an e-mail address. */
export function isAlipayAccount(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value) || /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,63}$/.test(value);
}

export function maskAccountNo(value: string): string {
  if (value.length <= 8) return `${value.slice(0, 2)}****${value.slice(-2)}`;
  return `${value.slice(0, 4)}****${value.slice(-4)}`;
}

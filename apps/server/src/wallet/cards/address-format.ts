import { createHash } from 'node:crypto';
import { TRON_ADDRESS_PATTERN } from '@jinb/contract';

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

/**
 * A TRON (TRC20) address: base58check of 0x41 + 20 bytes, "T" + 33 characters, with a valid checksum. The shape
 * rules of every account kind are the contract's (account-formats.ts); only the checksum needs the server's crypto.
 */
export function isTronAddress(address: string): boolean {
  if (!TRON_ADDRESS_PATTERN.test(address)) return false;
  const decoded = base58Decode(address);
  if (decoded?.length !== 25 || decoded[0] !== 0x41) return false;
  const payload = decoded.subarray(0, 21);
  return sha256(sha256(payload)).subarray(0, 4).equals(decoded.subarray(21));
}

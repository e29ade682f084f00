import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isTronAddress } from './address-format';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function tronAddress(body: Buffer): string {
  const payload = Buffer.concat([Buffer.from([0x41]), body]);
  const sum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest().subarray(0, 4);
  let value = BigInt(`0x${Buffer.concat([payload, sum]).toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  return text;
}

describe('TRON address checksum', () => {
  it('accepts a TRON address with a valid checksum and refuses one with a typo', () => {
    const address = tronAddress(Buffer.alloc(20, 7));
    expect(address).toMatch(/^T/);
    expect(isTronAddress(address)).toBe(true);
    const typo = address.slice(0, -1) + (address.endsWith('a') ? 'b' : 'a');
    expect(isTronAddress(typo)).toBe(false);
    expect(isTronAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });
});

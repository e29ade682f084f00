import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoundStream, rejectionLimit, roundContext, uniformInt } from './rng';

const seed = '12a3cd6fdbf32c15cac8a7a105a4f1dba74f1cdcbc52e514b1a78fad2f864029';

describe('RoundStream', () => {
  it('reads the HMAC blocks openssl prints, 4 bytes big-endian at a time', () => {
    // printf %s 'roulette:RL1:1:0' | openssl dgst -sha256 -hmac <seed>
    //   = 9af7cff5 f76e4c7b 1f21639e 1623571c 6b2f0cfa bffe280f 939ccd6c a709147e
    const stream = new RoundStream(seed, roundContext('roulette', 'RL1', 1));
    const words = Array.from({ length: 8 }, () => stream.nextUint32());
    expect(words.map((w) => w.toString(16).padStart(8, '0')).join('')).toBe(
      '9af7cff5f76e4c7b1f21639e1623571c6b2f0cfabffe280f939ccd6ca709147e',
    );
    // The ninth word starts block 1, a different HMAC.
    expect(stream.nextUint32()).not.toBe(words[0]);
  });

  it('is the same for the same seed, table and round, and different when any of them changes', () => {
    const first = (s: string, table: string, round: number) =>
      new RoundStream(s, roundContext('x', table, round)).int(1e9);
    expect(first(seed, 'T1', 5)).toBe(first(seed, 'T1', 5));
    expect(first(seed, 'T1', 5)).not.toBe(first(seed, 'T2', 5));
    expect(first(seed, 'T1', 5)).not.toBe(first(seed, 'T1', 6));
    expect(first(seed, 'T1', 5)).not.toBe(first(seed.replace('1', '0'), 'T1', 5));
  });

  it('refuses table codes that could make two rounds write the same message, and rounds below 1', () => {
    expect(() => roundContext('baccarat', 'A:1', 2)).toThrow(RangeError);
    expect(() => roundContext('baccarat', '', 2)).toThrow(RangeError);
    expect(() => roundContext('baccarat', 'A', 0)).toThrow(RangeError);
    expect(() => roundContext('baccarat', 'A', 1.5)).toThrow(RangeError);
  });
});

describe('uniformInt (rejection sampling)', () => {
  it('refuses exactly the 2^32 mod n values at the top, so what is accepted is a whole number of copies of [0, n)', () => {
    expect(rejectionLimit(37)).toBe(4_294_967_289);
    expect(2 ** 32 - rejectionLimit(37)).toBe(2 ** 32 % 37);
    expect(rejectionLimit(6)).toBe(4_294_967_292);
    expect(rejectionLimit(416)).toBe(2 ** 32 - 256);
    // Powers of two divide 2^32: nothing is refused.
    expect(rejectionLimit(1)).toBe(2 ** 32);
    expect(rejectionLimit(256)).toBe(2 ** 32);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x7fff_ffff }), (n) => {
        const limit = rejectionLimit(n);
        expect(limit % n).toBe(0);
        expect(2 ** 32 - limit).toBeLessThan(n);
        expect(2 ** 32 - limit).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(() => rejectionLimit(0)).toThrow(RangeError);
    expect(() => rejectionLimit(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('skips refused values and reads the next one', () => {
    const feed = (values: number[]) => () => {
      const next = values.shift();
      if (next === undefined) throw new Error('read past the given values');
      return next;
    };
    // 4294967289..4294967295 would be 0..6 with a bare modulo: the over-represented values.
    expect(uniformInt(37, feed([4_294_967_295, 4_294_967_289, 40]))).toBe(3);
    expect(uniformInt(37, feed([4_294_967_288]))).toBe(36);
    expect(uniformInt(37, feed([0]))).toBe(0);
  });

  it('maps each accepted block of n consecutive values onto every result once, the top block included', () => {
    // The accepted range is limit / n whole copies of 0..n-1: any n consecutive inputs from a multiple of n give each
    // result once, the last block below the limit as well as the first.
    for (const n of [2, 6, 37, 413, 416]) {
      const limit = rejectionLimit(n);
      for (const from of [0, n * 1000, limit - n]) {
        const seen = new Set<number>();
        for (let u = from; u < from + n; u++) seen.add(uniformInt(n, () => u));
        expect(seen.size).toBe(n);
      }
    }
  });
});

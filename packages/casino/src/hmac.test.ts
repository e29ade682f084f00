import { describe, expect, it } from 'vitest';
import { seedAt } from './chain';
import { type HmacSha256, RoundStream, roundContext } from './rng';
import { deal, GAMES } from './settle';
import { hmacSha256, sha256, toHex, utf8 } from './sha256';

/**
 * The server may deal with node:crypto's HMAC (`deal(..., { hmac })`) while the site's verification page deals with
 * the package's own; a member can only verify a round if both give the same cards. This file proves it over many
 * seeds, and checks the package's SHA-256 byte for byte against Node's over every length that pads differently.
 */

// The package compiles without Node typings (its sources must run in any browser), so the test reaches node:crypto
// through an untyped dynamic import and states the two functions it uses.
type NodeCrypto = {
  createHmac(algorithm: string, key: Uint8Array): { update(data: Uint8Array): { digest(): Uint8Array } };
  createHash(algorithm: string): { update(data: Uint8Array): { digest(): Uint8Array } };
  randomBytes(size: number): Uint8Array;
};
const nodeCryptoName = 'node:crypto';
const nodeCrypto = (await import(nodeCryptoName)) as NodeCrypto;
const nodeHmac: HmacSha256 = (key, message) => nodeCrypto.createHmac('sha256', key).update(message).digest();

describe('sha256 and hmacSha256 against node:crypto', () => {
  it('give the same bytes for random messages of every length from 0 to 300 bytes and random keys', () => {
    for (let length = 0; length <= 300; length++) {
      const message = nodeCrypto.randomBytes(length);
      expect(toHex(sha256(message))).toBe(toHex(nodeCrypto.createHash('sha256').update(message).digest()));
      // Keys shorter than, equal to and longer than the 64-byte block.
      const key = nodeCrypto.randomBytes(length % 130);
      expect(toHex(hmacSha256(key, message))).toBe(toHex(nodeHmac(key, message)));
    }
  });
});

describe('deal with an injected HMAC', () => {
  const secret = toHex(nodeCrypto.randomBytes(16));
  const rounds = 2_000;

  it('deals every game exactly as the pure-TypeScript HMAC does, over a chain of random seeds', () => {
    let seed = seedAt(secret, rounds, rounds);
    for (let round = rounds; round >= 1; round--) {
      for (const game of GAMES) {
        const table = `T${round % 7}`;
        expect(deal(game, seed, table, round, { hmac: nodeHmac })).toEqual(deal(game, seed, table, round));
      }
      seed = sha256Hex(seed);
    }
  });

  it('reads the injected HMAC block by block, so a wrong one deals differently and a short one is refused', () => {
    const seed = seedAt(secret, 1, 1);
    let calls = 0;
    const counting: HmacSha256 = (key, message) => {
      calls++;
      return nodeHmac(key, message);
    };
    deal('baccarat', seed, 'BAC1', 1, { hmac: counting });
    expect(calls).toBeGreaterThan(0);

    // An HMAC under another key (not the seed) is a different function: the stream must follow it, not ignore it.
    const otherKey: HmacSha256 = (_key, message) => nodeHmac(new Uint8Array(64), message);
    const dealt = Array.from({ length: 20 }, (_, i) => deal('roulette', seed, 'RL1', i + 1).number);
    const dealtOther = Array.from(
      { length: 20 },
      (_, i) => deal('roulette', seed, 'RL1', i + 1, { hmac: otherKey }).number,
    );
    expect(dealtOther).not.toEqual(dealt);

    const short = new RoundStream(seed, roundContext('roulette', 'RL1', 1), () => new Uint8Array(16));
    expect(() => short.nextUint32()).toThrow(RangeError);
  });
});

/** The chain's next seed down, hashed by Node rather than by the code under test. */
function sha256Hex(text: string): string {
  return toHex(nodeCrypto.createHash('sha256').update(utf8(text)).digest());
}

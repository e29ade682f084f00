import { hmacSha256, utf8 } from './sha256';

/**
 * Turning a round's seed into numbers, the same everywhere.
 *
 * Bytes: block i (i = 0, 1, 2 ...) is HMAC-SHA256 with the seed's 64 hex characters as the key and the text
 * `<game>:<table>:<round>:<i>` as the message (e.g. `baccarat:BAC1:42:0`); blocks are read in order, 4 bytes at a time
 * as big-endian unsigned 32-bit integers (8 per block). Mixing the game, the table code and the round number in means
 * one seed can never deal the same cards at two tables or in two rounds, even if a chain were shared. Anyone can
 * reproduce a block with `printf %s 'baccarat:BAC1:42:0' | openssl dgst -sha256 -hmac <seed>`.
 *
 * Numbers in [0, n): rejection sampling. 2^32 is not a multiple of n (for n = 37 it leaves 2^32 mod 37 = 7 values
 * over), so a bare `u mod n` would favour the low results by one part in 116 million; instead values u >= limit,
 * limit = 2^32 - (2^32 mod n), are thrown away and the next integer read. Every accepted value maps onto each result
 * exactly limit / n times, so each result is exactly equally likely. For n = 37: limit = 4294967289, the seven values
 * 4294967289..4294967295 are rejected, a rejection once in about 614 million draws.
 */

const TWO_32 = 0x1_0000_0000;

/** The first uint32 refused when drawing from [0, n): values below it are accepted. */
export function rejectionLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`cannot draw from ${n} values`);
  return TWO_32 - (TWO_32 % n);
}

/** A uniform integer in [0, n) from a source of uniform uint32s, by rejection (see the module comment). */
export function uniformInt(n: number, nextUint32: () => number): number {
  const limit = rejectionLimit(n);
  for (;;) {
    const u = nextUint32();
    if (u < limit) return u % n;
  }
}

/** The message prefix of a round: `<game>:<table>:<round>`. */
export function roundContext(game: string, table: string, round: number): string {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`no round ${round}`);
  // A colon in the table code would let two (table, round) pairs write the same message.
  if (table.length === 0 || table.includes(':')) throw new RangeError(`bad table code ${JSON.stringify(table)}`);
  return `${game}:${table}:${round}`;
}

/**
 * HMAC-SHA256: 32 bytes of `message` under `key`. The package's own `hmacSha256` by default; a caller with a native
 * one (the server: node:crypto, see the README) may pass it to `deal`, and gets the very same bytes, hence the same
 * cards (hmac.test.ts deals thousands of rounds both ways). A function that returned anything else would deal
 * rounds nobody could verify, so only a standard HMAC-SHA256 belongs here.
 */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

/** Options of `deal` and the per-game deal functions. */
export interface DealOptions {
  /** The HMAC-SHA256 to draw the round's blocks with; `hmacSha256` (pure TypeScript) when absent. */
  hmac?: HmacSha256;
}

/** The stream of uint32s and uniform integers of one round. */
export class RoundStream {
  readonly #key: Uint8Array;
  readonly #context: string;
  readonly #hmac: HmacSha256;
  #block = 0;
  #bytes: Uint8Array = new Uint8Array(0);
  #offset = 0;

  constructor(seed: string, context: string, hmac: HmacSha256 = hmacSha256) {
    this.#key = utf8(seed);
    this.#context = context;
    this.#hmac = hmac;
  }

  nextUint32(): number {
    if (this.#offset === this.#bytes.length) {
      const bytes = this.#hmac(this.#key, utf8(`${this.#context}:${this.#block}`));
      // A short answer would read undefined bytes as 0 and deal a round no verifier reproduces.
      if (bytes.length !== 32) throw new RangeError(`an HMAC-SHA256 is 32 bytes, got ${bytes.length}`);
      this.#bytes = bytes;
      this.#block++;
      this.#offset = 0;
    }
    const b = this.#bytes;
    const o = this.#offset;
    this.#offset += 4;
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return uniformInt(n, () => this.nextUint32());
  }
}

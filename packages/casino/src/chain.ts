import { sha256Hex } from './sha256';

/**
 * The provably fair hash chain.
 *
 * A seed is 64 lowercase hex characters. Seeds link as seed(k) = SHA-256(seed(k+1)), where the hash is taken over the
 * seed's 64 ASCII characters (exactly what any SHA-256 tool prints for the pasted text) and written as lowercase hex.
 *
 * How the server uses it:
 * 1. It picks a secret (never shown) and a length N, and computes seed(N) = SHA-256(secret), then seed(N-1) ... seed(1)
 *    by hashing down, and the terminal hash seed(0) = SHA-256(seed(1)).
 * 2. It publishes seed(0) before round 1 opens (`GET /api/f/v1/casino/chain`). From then on every outcome is fixed:
 *    round k is dealt from seed(k), and nobody can find a seed(k) that hashes to the published value except the one
 *    computed from the secret.
 * 3. Rounds run 1, 2, 3 ... in order; after round k settles the server reveals seed(k). Anyone checks
 *    SHA-256(seed(k)) = seed(k-1) (the seed revealed the round before, or the terminal hash for round 1), so the seed
 *    belongs to the chain, and re-deals it (see deal.ts) to get the round's outcome.
 * Revealing seed(k) tells nothing of seed(k+1): going up the chain would mean inverting SHA-256.
 *
 * Example (secret "jinb-example-secret", N = 3): the seeds of rounds 1, 2, 3 and the terminal hash are in the tests,
 * and for each, `printf %s <seed(k)> | sha256sum` prints seed(k-1).
 */

const SEED = /^[0-9a-f]{64}$/;

/** Whether a string is a seed as the chain writes it: 64 lowercase hex characters, nothing else. */
export function isSeed(value: string): boolean {
  return SEED.test(value);
}

/** The link: SHA-256 of the seed's text, lowercase hex. */
export function hashSeed(seed: string): string {
  return sha256Hex(seed);
}

export interface Chain {
  /** seed(0), published before round 1. */
  terminalHash: string;
  /** seeds[k - 1] is seed(k), the seed of round k, k = 1..N. */
  seeds: string[];
}

/**
 * Builds a whole chain of `length` rounds from a secret, in memory (a 64-character string per round: a million rounds is
 * about 100 MB of JS strings, so a server with a long chain keeps checkpoints and uses seedAt).
 */
export function buildChain(secret: string, length: number): Chain {
  checkLength(length);
  const seeds = new Array<string>(length);
  let seed = sha256Hex(secret);
  for (let k = length; k >= 1; k--) {
    seeds[k - 1] = seed;
    seed = hashSeed(seed);
  }
  return { terminalHash: seed, seeds };
}

/**
 * seed(round) of a chain of `length` from its secret without keeping the chain: N - round + 1 hashes.
 * seedAt(secret, N, 0) is the terminal hash.
 */
export function seedAt(secret: string, length: number, round: number): string {
  checkLength(length);
  if (!Number.isSafeInteger(round) || round < 0 || round > length) throw new RangeError(`no round ${round}`);
  let seed = sha256Hex(secret);
  for (let k = length; k > round; k--) seed = hashSeed(seed);
  return seed;
}

function checkLength(length: number) {
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('a chain has at least one round');
}

/** Why a revealed seed was refused. */
export type ChainErrorCode = 'SEED_FORMAT' | 'SEED_NOT_IN_CHAIN';

export type SeedCheck = { ok: true } | { ok: false; code: ChainErrorCode };

/**
 * Checks a revealed seed against the one before it (seed(k-1), or the terminal hash for round 1): the format, then
 * SHA-256(seed) = previous. Uppercase hex is refused rather than folded: the chain's text is lowercase, and a
 * different text hashes differently.
 */
export function verifySeed(seed: string, previous: string): SeedCheck {
  if (!isSeed(seed) || !isSeed(previous)) return { ok: false, code: 'SEED_FORMAT' };
  return hashSeed(seed) === previous ? { ok: true } : { ok: false, code: 'SEED_NOT_IN_CHAIN' };
}

/**
 * Checks that a seed revealed as round `round` reaches the published terminal hash in exactly `round` hashes, for a
 * member who skipped the rounds between (round 1: one hash; round 5: five).
 */
export function verifySeedAgainstTerminal(seed: string, round: number, terminalHash: string): SeedCheck {
  if (!isSeed(seed) || !isSeed(terminalHash)) return { ok: false, code: 'SEED_FORMAT' };
  if (!Number.isSafeInteger(round) || round < 1) return { ok: false, code: 'SEED_NOT_IN_CHAIN' };
  let value = seed;
  for (let i = 0; i < round; i++) value = hashSeed(value);
  return value === terminalHash ? { ok: true } : { ok: false, code: 'SEED_NOT_IN_CHAIN' };
}

/**
 * Checks seeds revealed for rounds 1..n in order against the terminal hash; the first bad one is named by its round.
 */
export function verifyChain(
  terminalHash: string,
  seeds: readonly string[],
): { ok: true } | { ok: false; round: number; code: ChainErrorCode } {
  let previous = terminalHash;
  for (let i = 0; i < seeds.length; i++) {
    const seed = seeds[i]!;
    const check = verifySeed(seed, previous);
    if (!check.ok) return { ok: false, round: i + 1, code: check.code };
    previous = seed;
  }
  return { ok: true };
}

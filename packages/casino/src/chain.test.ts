import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain, hashSeed, isSeed, seedAt, verifyChain, verifySeed, verifySeedAgainstTerminal } from './chain';

// Worked example: secret "jinb-example-secret", 3 rounds, checked with `printf %s <seed> | sha256sum`.
const example = {
  terminalHash: 'eee4d1e8600c8d84b66787e1dd1aa8cc00aaed703876e105b70e394cc47e76aa',
  seeds: [
    '12a3cd6fdbf32c15cac8a7a105a4f1dba74f1cdcbc52e514b1a78fad2f864029',
    '70aad3c12ad88da10996c3a78f500b9087649402630b4b5dfb3d751f189f7ac7',
    'a61314f85cb627cd539c7f9f5e16a23bf008fc5b3eac06455e285b62ef11d96d',
  ],
};

describe('buildChain', () => {
  it('builds the worked example: the last seed is SHA-256 of the secret, each seed hashes to the one before', () => {
    expect(buildChain('jinb-example-secret', 3)).toEqual(example);
    expect(hashSeed(example.seeds[0]!)).toBe(example.terminalHash);
    expect(hashSeed(example.seeds[2]!)).toBe(example.seeds[1]);
  });

  it('links every seed to the previous one and matches seedAt', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 40 }), (secret, length) => {
        const chain = buildChain(secret, length);
        expect(chain.seeds).toHaveLength(length);
        expect(chain.seeds.every(isSeed)).toBe(true);
        expect(verifyChain(chain.terminalHash, chain.seeds)).toEqual({ ok: true });
        expect(seedAt(secret, length, 0)).toBe(chain.terminalHash);
        const round = 1 + (secret.length % length);
        expect(seedAt(secret, length, round)).toBe(chain.seeds[round - 1]);
        expect(verifySeedAgainstTerminal(chain.seeds[round - 1]!, round, chain.terminalHash)).toEqual({ ok: true });
      }),
      { numRuns: 50 },
    );
  });

  it('refuses empty chains and rounds outside the chain', () => {
    expect(() => buildChain('s', 0)).toThrow(RangeError);
    expect(() => seedAt('s', 3, 4)).toThrow(RangeError);
    expect(() => seedAt('s', 3, -1)).toThrow(RangeError);
  });
});

describe('verifying revealed seeds', () => {
  const [s1, s2, s3] = example.seeds as [string, string, string];

  it('accepts each seed against the one revealed before it', () => {
    expect(verifySeed(s1, example.terminalHash)).toEqual({ ok: true });
    expect(verifySeed(s2, s1)).toEqual({ ok: true });
    expect(verifySeed(s3, s2)).toEqual({ ok: true });
  });

  it('refuses a seed out of order, a changed seed, a seed in capitals and a seed that is not hex', () => {
    expect(verifySeed(s2, example.terminalHash)).toEqual({ ok: false, code: 'SEED_NOT_IN_CHAIN' });
    expect(verifySeed(s1, s2)).toEqual({ ok: false, code: 'SEED_NOT_IN_CHAIN' });
    const changed = `${s1.slice(0, -1)}${s1.endsWith('0') ? '1' : '0'}`;
    expect(verifySeed(changed, example.terminalHash)).toEqual({ ok: false, code: 'SEED_NOT_IN_CHAIN' });
    expect(verifySeed(s1.toUpperCase(), example.terminalHash)).toEqual({ ok: false, code: 'SEED_FORMAT' });
    expect(verifySeed(`${s1} `, example.terminalHash)).toEqual({ ok: false, code: 'SEED_FORMAT' });
    expect(verifySeed('xyz', example.terminalHash)).toEqual({ ok: false, code: 'SEED_FORMAT' });
  });

  it('names the first bad round of a revealed sequence', () => {
    expect(verifyChain(example.terminalHash, [s1, s3])).toEqual({ ok: false, round: 2, code: 'SEED_NOT_IN_CHAIN' });
    expect(verifyChain(example.terminalHash, [s2])).toEqual({ ok: false, round: 1, code: 'SEED_NOT_IN_CHAIN' });
    expect(verifyChain(example.terminalHash, [])).toEqual({ ok: true });
  });

  it('checks a seed against the terminal hash by its round number only', () => {
    expect(verifySeedAgainstTerminal(s3, 3, example.terminalHash)).toEqual({ ok: true });
    expect(verifySeedAgainstTerminal(s3, 2, example.terminalHash)).toEqual({ ok: false, code: 'SEED_NOT_IN_CHAIN' });
    expect(verifySeedAgainstTerminal(s3, 0, example.terminalHash)).toEqual({ ok: false, code: 'SEED_NOT_IN_CHAIN' });
  });

  it('refuses any random 64-hex string as a member of the chain', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), (seed) => {
        fc.pre(seed !== s1);
        expect(verifySeed(seed, example.terminalHash).ok).toBe(false);
      }),
    );
  });
});

/**
 * A small seeded random generator (sfc32, seeded through cyrb128 from a number or a string), so the simulated feed's
 * schedule, price drifts and results are the same on every run with the same seed, and a test can replay them.
 * Not for anything secret: tokens and ids come from node:crypto.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** A standard normal draw (mean 0, deviation 1). */
  normal(): number;
  /** An index drawn with the given weights (they need not sum to 1). */
  pick(weights: readonly number[]): number;
  /** The generator's state, to persist and resume with createRandom(state). */
  state(): [number, number, number, number];
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator from a seed (any number or string) or from a state saved with state(). */
export function createRandom(seed: number | string | readonly [number, number, number, number]): Random {
  let [a, b, c, d] = typeof seed === 'object' ? seed : cyrb128(String(seed));
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  if (typeof seed !== 'object') for (let i = 0; i < 15; i++) next();
  return {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => {
      // Box-Muller; 1 - next() is in (0, 1], so the logarithm is finite.
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    pick: (weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let target = next() * total;
      for (let i = 0; i < weights.length; i++) {
        target -= weights[i]!;
        if (target < 0) return i;
      }
      // Only float rounding gets here: the last index with any weight.
      for (let i = weights.length - 1; i >= 0; i--) if (weights[i]! > 0) return i;
      throw new RangeError('no weight to pick from');
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}

/**
 * One step of a mean-reverting random walk (discrete Ornstein-Uhlenbeck): what the simulated feed applies to a team's
 * strength between price updates, so prices drift before kick-off but stay near the team's real level.
 */
export function driftStep(
  value: number,
  anchor: number,
  random: Random,
  { reversion = 0.1, volatility = 0.02 }: { reversion?: number; volatility?: number } = {},
): number {
  return value + reversion * (anchor - value) + volatility * random.normal();
}

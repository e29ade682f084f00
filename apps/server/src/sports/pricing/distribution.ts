import type { Line } from '@jinb/odds';
import { handicapOutcome } from '../settlement/outcome';

/**
 * A probability distribution over consecutive integers (goals, points, sets, games, or a margin between two of them):
 * p[i] is the probability of min + i. Probabilities are floats: they only feed prices, which become exact integer odds
 * in margin.ts, and nothing pays out from them.
 */
export interface IntDistribution {
  min: number;
  p: readonly number[];
}

export function probabilityOf(distribution: IntDistribution, value: number): number {
  return distribution.p[value - distribution.min] ?? 0;
}

export function mean(distribution: IntDistribution): number {
  return distribution.p.reduce((sum, p, i) => sum + p * (distribution.min + i), 0);
}

export function total(distribution: IntDistribution): number {
  return distribution.p.reduce((sum, p) => sum + p, 0);
}

export function normalise(distribution: IntDistribution): IntDistribution {
  const sum = total(distribution);
  return { min: distribution.min, p: distribution.p.map((p) => p / sum) };
}

/** The distribution of X + Y for independent X and Y. */
export function sum(x: IntDistribution, y: IntDistribution): IntDistribution {
  const p = new Array<number>(x.p.length + y.p.length - 1).fill(0);
  x.p.forEach((px, i) => {
    y.p.forEach((py, j) => {
      p[i + j]! += px * py;
    });
  });
  return { min: x.min + y.min, p };
}

/** The distribution of X - Y for independent X and Y. */
export function difference(x: IntDistribution, y: IntDistribution): IntDistribution {
  return sum(x, { min: -(y.min + y.p.length - 1), p: [...y.p].reverse() });
}

/** A mixture: each distribution weighted (weights sum to 1 for a distribution). */
export function mix(parts: ReadonlyArray<{ weight: number; distribution: IntDistribution }>): IntDistribution {
  const min = Math.min(...parts.map((part) => part.distribution.min));
  const max = Math.max(...parts.map((part) => part.distribution.min + part.distribution.p.length - 1));
  const p = new Array<number>(max - min + 1).fill(0);
  for (const { weight, distribution } of parts) {
    distribution.p.forEach((value, i) => {
      p[distribution.min + i - min]! += weight * value;
    });
  }
  return { min, p };
}

/** Draws a value from a distribution with a uniform number in [0, 1). */
export function sample(distribution: IntDistribution, uniform: number): number {
  let target = uniform * total(distribution);
  for (let i = 0; i < distribution.p.length; i++) {
    target -= distribution.p[i]!;
    if (target < 0) return distribution.min + i;
  }
  return distribution.min + distribution.p.length - 1;
}

/** The standard normal cumulative distribution, through erfc (Numerical Recipes' Chebyshev fit, error below 1.2e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * A normal distribution put on whole numbers from `floor` up (points cannot be negative): k takes the mass between
 * k - 0.5 and k + 0.5, out to 8 deviations, then normalised.
 */
export function discreteNormal(mu: number, sd: number, floor = 0): IntDistribution {
  const min = Math.max(floor, Math.floor(mu - 8 * sd));
  const max = Math.max(min, Math.ceil(mu + 8 * sd));
  const p: number[] = [];
  for (let k = min; k <= max; k++) p.push(normalCdf((k + 0.5 - mu) / sd) - normalCdf((k - 0.5 - mu) / sd));
  return normalise({ min, p });
}

/**
 * The fair two-way split of a handicap or total: the first side's share of the expected win and lose weights, settled
 * by the very rule settlement uses (handicapOutcome), so a push is stake back and a quarter line half on each half.
 * For a stake that is not pushed the first side wins with `first`, the second with `second`; they sum to 1, and
 * 1 / first is the fair decimal price (what makes the bet's expected profit zero).
 */
export function twoWay(margin: IntDistribution, line: Line): { first: number; second: number } {
  let win = 0;
  let lose = 0;
  margin.p.forEach((p, i) => {
    const outcome = handicapOutcome(margin.min + i, line);
    if (outcome === 'win') win += p;
    else if (outcome === 'half_win') win += p / 2;
    else if (outcome === 'lose') lose += p;
    else if (outcome === 'half_lose') lose += p / 2;
  });
  const decided = win + lose;
  return decided > 0 ? { first: win / decided, second: lose / decided } : { first: 0.5, second: 0.5 };
}

/**
 * The line among `candidates` whose first side is nearest an even split, and `alternates` lines either side of it in
 * the candidates' order: what a book offers as its main line and the alternatives.
 */
export function linesAround(
  candidates: readonly Line[],
  firstShare: (line: Line) => number,
  alternates: number,
): Line[] {
  let best = 0;
  candidates.forEach((line, i) => {
    if (Math.abs(firstShare(line) - 0.5) < Math.abs(firstShare(candidates[best]!) - 0.5)) best = i;
  });
  return candidates.slice(Math.max(0, best - alternates), best + alternates + 1);
}

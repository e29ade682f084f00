import { describe, expect, it } from 'vitest';
import { createRandom, driftStep } from './random';

const draws = (seed: number | string, n = 5) => {
  const random = createRandom(seed);
  return Array.from({ length: n }, () => random.next());
};

describe('createRandom', () => {
  it('repeats the same sequence for the same seed and another for another seed', () => {
    expect(draws(42)).toEqual(draws(42));
    expect(draws('英超 2025')).toEqual(draws('英超 2025'));
    expect(draws(42)).not.toEqual(draws(43));
  });

  it('resumes from a saved state exactly where it left off', () => {
    const random = createRandom(7);
    random.next();
    const resumed = createRandom(random.state());
    expect([resumed.next(), resumed.next()]).toEqual([random.next(), random.next()]);
  });

  it('draws uniform floats, integers, normals and weighted picks', () => {
    const random = createRandom(1);
    const n = 20_000;
    const uniform = Array.from({ length: n }, () => random.next());
    expect(uniform.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(uniform.reduce((sum, x) => sum + x, 0) / n).toBeCloseTo(0.5, 1);
    const ints = Array.from({ length: n }, () => random.int(6));
    expect(new Set(ints)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const normals = Array.from({ length: n }, () => random.normal());
    const mean = normals.reduce((sum, x) => sum + x, 0) / n;
    const variance = normals.reduce((sum, x) => sum + (x - mean) ** 2, 0) / n;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(variance).toBeGreaterThan(0.95);
    expect(variance).toBeLessThan(1.05);
    const picks = Array.from({ length: n }, () => random.pick([1, 0, 3]));
    expect(picks.includes(1)).toBe(false);
    expect(picks.filter((i) => i === 2).length / n).toBeCloseTo(0.75, 1);
  });
});

describe('driftStep', () => {
  it('wanders but is pulled back toward the anchor', () => {
    const random = createRandom('drift');
    let value = 1;
    const path: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      value = driftStep(value, 0, random, { reversion: 0.1, volatility: 0.02 });
      path.push(value);
    }
    const late = path.slice(500);
    expect(Math.abs(late.reduce((sum, x) => sum + x, 0) / late.length)).toBeLessThan(0.03);
    expect(new Set(late).size).toBe(late.length);
    // Without noise it moves a tenth of the way home.
    expect(driftStep(1, 0, random, { volatility: 0 })).toBeCloseTo(0.9, 12);
  });
});

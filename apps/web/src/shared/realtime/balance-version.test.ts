import { afterEach, describe, expect, it } from 'vitest';
import { forgetBalanceVersion, newerBalance } from './use-balance-live';

describe('balance pushes out of order', () => {
  afterEach(forgetBalanceVersion);

  it('applies a push only when its account version is above every one applied', () => {
    expect(newerBalance('7')).toBe(true);
    // Another process read the balance before the 7th posting and its push came late.
    expect(newerBalance('6')).toBe(false);
    expect(newerBalance('7')).toBe(false);
    expect(newerBalance('9')).toBe(true);
    // A push without a version (an older server) is applied as before.
    expect(newerBalance(undefined)).toBe(true);
  });

  it('starts again for the next member who signs in', () => {
    expect(newerBalance('40')).toBe(true);
    forgetBalanceVersion();
    expect(newerBalance('3')).toBe(true);
  });
});

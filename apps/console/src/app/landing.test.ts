import { describe, expect, it } from 'vitest';
import { dashboardPreload } from '../features/dashboard/preload';
import { landingPreload } from './landing';

describe('the page a signed-in tab is about to land on', () => {
  it('is the dashboard at the console root or its own path, with or without the base', () => {
    for (const path of ['/console', '/console/', '/console/dashboard', '/', '/dashboard', ''])
      expect(landingPreload(path)).toBe(dashboardPreload);
  });

  it('is nothing to fetch ahead on any other page, or for a role that may not read the dashboard', () => {
    expect(landingPreload('/console/money/withdrawals')).toBeUndefined();
    expect(landingPreload('/consoles')).toBeUndefined();
    expect(landingPreload('/console', 'support')).toBeUndefined();
    expect(landingPreload('/console', 'finance')).toBe(dashboardPreload);
  });
});

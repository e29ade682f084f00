import { mayOpen, OPERATOR_ROLES } from '@jinb/contract';
import { describe, expect, it } from 'vitest';
import { mayCall } from '../../shared/access/access';
import { agentsRoutes } from './routes';

/** What the agents pages read and what their buttons do. */
const READS = ['adminAgentSettings', 'adminAgentCommissions', 'adminAgentFlags'];
const BUTTONS = { save: 'adminAgentSettingsSave', run: 'adminAgentRun', decide: 'adminAgentFlagDecide' };

describe('who reaches the agents pages', () => {
  it.each(OPERATOR_ROLES)('%s opens them exactly when it may make one of their calls', (role) => {
    const mayAny = [...READS, ...Object.values(BUTTONS)].some((call) => mayCall(role, call));
    for (const route of agentsRoutes) expect(mayOpen(role, route.page), route.path).toBe(mayAny);
  });

  it('lets finance in to run the periods and decide flagged referrals, but not to change the scheme', () => {
    for (const route of agentsRoutes) expect(mayOpen('finance', route.page)).toBe(true);
    expect(mayCall('finance', BUTTONS.run)).toBe(true);
    expect(mayCall('finance', BUTTONS.decide)).toBe(true);
    expect(mayCall('finance', BUTTONS.save)).toBe(false);
  });

  it('lets marketing change the scheme but not move money', () => {
    expect(mayCall('marketing', BUTTONS.save)).toBe(true);
    expect(mayCall('marketing', BUTTONS.run)).toBe(false);
    expect(mayCall('marketing', BUTTONS.decide)).toBe(false);
  });

  it('keeps a trader, who makes none of their calls, out', () => {
    for (const route of agentsRoutes) expect(mayOpen('trader', route.page)).toBe(false);
  });
});

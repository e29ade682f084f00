import type { SportsSettings } from '@jinb/contract/sports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../shared/access/access';
import SportsSettingsPage, { overrideIssues, overridesOf } from './SportsSettingsPage';

const settings: SportsSettings = {
  limits: {
    minStake: '10.0000',
    maxStake: '50000.0000',
    maxPayout: '1000000.0000',
    maxDailyPayout: '5000000.0000',
    maxLiability: '200000.0000',
  },
  bySport: { tennis: { maxStake: '5000.0000' } },
  byMarketType: { cs: { maxPayout: '100000.0000' } },
  minTurnoverOdds: '1.50',
  margin: { overround: 0.05, correctScore: 0.15 },
  quickStakes: ['100.0000', '500.0000'],
  inPlay: { betDelay: {} },
  cashout: { enabled: true, offSports: [], offMarketTypes: [], margin: 0.05, tolerance: 0.02 },
};

function page(role: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ status: true, data: settings }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const operator = toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OperatorProvider operator={operator}>
        <SportsSettingsPage />
      </OperatorProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the limit overrides', () => {
  // The whole settings form renders twice: slow on a busy machine.
  it('are rows a trader edits, one per sport or market type, and only read for finance', {
    timeout: 60_000,
  }, async () => {
    const { unmount } = render(page('trader'));
    expect(await screen.findByDisplayValue('5000.0000')).toBeTruthy();
    expect(screen.getByDisplayValue('100000.0000')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /添加一行/ })).toHaveLength(2);
    unmount();
    render(page('finance'));
    expect(await screen.findByText('5000.0000')).toBeTruthy();
    expect(screen.queryByDisplayValue('5000.0000')).toBeNull();
    expect(screen.queryByRole('button', { name: /添加一行/ })).toBeNull();
  });

  it('save blank limits as left out, so the default applies to them', () => {
    expect(
      overridesOf([
        { key: 'football', maxStake: ' 2000 ', maxPayout: '' },
        { key: undefined, maxStake: '1' },
      ]),
    ).toEqual({ football: { maxStake: '2000' } });
    expect(overridesOf(undefined)).toEqual({});
  });

  it('refuse a sport twice and a row without any limit', () => {
    expect(
      overrideIssues('bySport', [
        { key: 'football', maxStake: '2000' },
        { key: 'football', maxStake: '3000' },
        { key: 'tennis' },
      ]),
    ).toEqual([
      { name: ['bySport', 1, 'key'], errors: ['同一项目只能设置一行'] },
      { name: ['bySport', 2, 'minStake'], errors: ['请至少填写一项限额'] },
    ]);
  });
});

import type { AdminEventView } from '@jinb/contract/sports';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../shared/access/access';
import { MarketsTab } from './MarketsTab';
import { parseSets } from './ResultForm';

function as(role: string) {
  return toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
}

const market = (id: string, status: 'open' | 'suspended' | 'settled') => ({
  id,
  type: '1x2' as const,
  period: 'ft' as const,
  line: null,
  status,
  selections: [
    { id: `${id}1`, side: 'home', odds: '2.10', version: 1, outcome: null },
    { id: `${id}2`, side: 'draw', odds: '3.20', version: 1, outcome: null },
    { id: `${id}3`, side: 'away', odds: '3.50', version: 1, outcome: status === 'settled' ? 'win' : null },
  ],
});

const event = { id: '7', sport: 'football', home: '甲', away: '乙', markets: [market('10', 'open')] };

function tab(role: string, markets = event.markets) {
  return (
    <OperatorProvider operator={as(role)}>
      <MarketsTab event={{ ...event, markets } as unknown as AdminEventView} onDone={() => {}} />
    </OperatorProvider>
  );
}

describe('the event page markets tab', () => {
  it('gives a trader the buttons for an open market, and a finance operator none', () => {
    const { rerender } = render(tab('trader'));
    expect(screen.getByText('全场 独赢')).toBeTruthy();
    expect(screen.getByText('2.10')).toBeTruthy();
    for (const name of [/^暂\s?停$/, '改赔率', /^作\s?废$/]) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^恢\s?复$/ })).toBeNull();
    rerender(tab('finance'));
    expect(screen.getByText('2.10')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('offers resume on a suspended market and nothing on a settled one, which shows its outcomes', () => {
    const { rerender } = render(tab('trader', [market('20', 'suspended')]));
    expect(screen.getByRole('button', { name: /^恢\s?复$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^暂\s?停$/ })).toBeNull();
    rerender(tab('admin', [market('30', 'settled')]));
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('赢')).toBeTruthy();
  });
});

describe('tennis sets as typed', () => {
  it('reads home-away pairs separated by commas or spaces, and refuses anything else', () => {
    expect(parseSets('6-4, 3-6，7:5')).toEqual([
      { home: 6, away: 4 },
      { home: 3, away: 6 },
      { home: 7, away: 5 },
    ]);
    expect(parseSets('')).toBeNull();
    expect(parseSets('6-4 3')).toBeNull();
    expect(parseSets('6/4')).toBeNull();
  });
});

import type { AdminEventView } from '@jinb/contract/sports';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../shared/access/access';
import { AddMarketForm, formFieldOf, marketBodyOf } from './AddMarketForm';

const event = { id: '7', sport: 'football', home: '甲', away: '乙', markets: [] } as unknown as AdminEventView;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the add-market form', () => {
  it("sends a fixed type's sides in their order, with the line only where the type has one", () => {
    expect(
      marketBodyOf({ type: 'ah', period: '1h', line: ' -0.25 ', prices: { home: '1.95', away: '1.90 ' } }),
    ).toEqual({
      markets: [
        {
          type: 'ah',
          period: '1h',
          line: '-0.25',
          selections: [
            { side: 'home', odds: '1.95' },
            { side: 'away', odds: '1.90' },
          ],
        },
      ],
    });
    expect(marketBodyOf({ type: 'btts', period: 'ft', line: '2.5', prices: { yes: '1.8' } }).markets[0]).toEqual({
      type: 'btts',
      period: 'ft',
      line: null,
      selections: [
        { side: 'yes', odds: '1.8' },
        { side: 'no', odds: '' },
      ],
    });
    expect(
      marketBodyOf({
        type: 'cs',
        period: 'ft',
        scores: [
          { side: '1-0', odds: '6' },
          { side: 'other ', odds: '4' },
        ],
      }).markets[0]?.selections,
    ).toEqual([
      { side: '1-0', odds: '6' },
      { side: 'other', odds: '4' },
    ]);
  });

  it("puts the contract's complaints on the fields the operator typed in", () => {
    const values = { type: '1x2' as const, period: 'ft' as const };
    expect(formFieldOf(['markets', 0, 'selections', 2, 'odds'], values)).toEqual(['prices', 'away']);
    expect(formFieldOf(['markets', 0, 'selections', 1, 'side'], { type: 'cs', period: 'ft' })).toEqual([
      'scores',
      1,
      'side',
    ]);
    expect(formFieldOf(['markets', 0, 'line'], values)).toEqual(['line']);
  });

  it('refuses to send a market without a type, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const operator = toConsoleOperator({ id: '1', account: 'op1', role: 'trader' } as Parameters<
      typeof toConsoleOperator
    >[0]);
    render(
      <OperatorProvider operator={operator}>
        <AddMarketForm event={event} onDone={() => {}} />
      </OperatorProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /添加盘口/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click((await screen.findAllByRole('button', { name: /^确\s?[认定]$/ })).at(-1) as HTMLElement);
    expect(await screen.findByText('请选择玩法')).toBeTruthy();
    expect(dialog).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

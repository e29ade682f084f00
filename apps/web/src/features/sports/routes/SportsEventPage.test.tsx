import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { startMockApi } from '../../../shared/testing/server';
import { useSlip } from '../slip/slip-store';
import { bookHandlers, event, market } from '../sports.test-fixtures';
import SportsEventPage from './SportsEventPage';

const server = startMockApi();

const derby = event({
  status: 'live',
  score: { home: 1, away: 0 },
  halfTime: { home: 1, away: 0 },
  markets: [
    market({ type: 'ou', line: '2.75' }, { over: '2.10', under: '1.75' }),
    market({ type: '1x2' }, { home: '1.50', draw: '4.00', away: '6.00' }),
    market({ type: 'ah', line: '-0.25' }, { home: '1.80', away: '2.05' }),
    market({ type: 'ah', line: '-1' }, { home: '2.40', away: '1.55' }),
    market({ type: '1x2', period: '1h', status: 'suspended' }, { home: '1.30', draw: '3.50', away: '9.00' }),
    market({ type: 'cs' }, { '1-0': '6.50', '2-1': '8.00', other: '3.10' }),
  ],
});

beforeEach(() => {
  useSession.getState().logout();
  useSlip.getState().clear();
  server.use(...bookHandlers([derby]));
});

describe('SportsEventPage', () => {
  test('When an event opens, then its score and every market show, grouped by type and period, locked ones locked', async () => {
    renderPage(<SportsEventPage />, { route: `${paths.sports}?event=${derby.id}` });

    const board = await screen.findByRole('region', { name: '赛事详情' });
    expect(board.textContent).toContain('1 - 0');
    expect(board.textContent).toContain('进行中');
    expect(board.textContent).toContain('半场 1-0');
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['独赢', '让球', '大小', '波胆', '上半场 独赢暂停']);

    const handicap = screen.getByRole('region', { name: '让球' });
    expect(
      within(handicap)
        .getAllByRole('button', { pressed: false })
        .map((button) => button.textContent),
    ).toEqual(['主 -12.40', '客 +11.55', '主 -0.251.80', '客 +0.252.05']);
    const firstHalf = screen.getByRole('region', { name: '上半场 独赢' });
    for (const button of within(firstHalf).getAllByRole('button', { name: /赔率 暂停/ }))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(screen.getByRole('region', { name: '波胆' })).getByRole('button', { name: /其他 赔率 3.10/ }),
    ).toBeTruthy();
  });

  test('When a price is tapped, then it goes on the slip and shows picked; a second tap takes it off', async () => {
    const member = userEvent.setup();
    renderPage(<SportsEventPage />, { route: `${paths.sports}?event=${derby.id}` });
    const over = await screen.findByRole('button', { name: /大小 大 2.75 赔率 2.10/ });

    await member.click(over);
    expect(over.getAttribute('aria-pressed')).toBe('true');
    expect(useSlip.getState().legs).toMatchObject([{ type: 'ou', line: '2.75', side: 'over', odds: '2.10' }]);
    expect(screen.getByRole('button', { name: '打开投注单' })).toBeTruthy();

    await member.click(over);
    expect(useSlip.getState().legs).toEqual([]);
  });

  test('When the event does not exist, then it says so with the way back to the sports home', async () => {
    renderPage(<SportsEventPage />, { route: `${paths.sports}?event=424242` });

    expect(await screen.findByText('赛事不存在或已结束')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回体育首页' })).toBeTruthy();
  });
});

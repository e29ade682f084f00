import { api, type CasinoBetRecord, casinoApi, type VendorBetRecord } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { bankerWins } from '../casino.test-fixtures';
import CasinoRecordsPage from './CasinoRecordsPage';

const server = startMockApi();

const casinoBet: CasinoBetRecord = {
  id: '11',
  table: 'BAC1',
  tableName: '百家乐 1 号桌',
  game: 'baccarat',
  roundId: '501',
  roundNumber: 42,
  spots: [
    { spot: 'banker', amount: '100.0000', payout: '195.0000' },
    { spot: 'tie', amount: '10.0000', payout: '0.0000' },
  ],
  stake: '110.0000',
  payout: '195.0000',
  status: 'settled',
  outcome: bankerWins,
  seed: 'ab'.repeat(32),
  placedAt: '2030-05-01T12:00:00Z',
  settledAt: '2030-05-01T12:00:20Z',
};

const vendorBet: VendorBetRecord = {
  id: '21',
  platform: 'slot1',
  vendor: '模拟电子',
  game: 'slot1-1018',
  gameName: '财神到',
  reference: 'R-778',
  stake: '20.0000',
  payout: '50.0000',
  valid: '20.0000',
  status: 'settled',
  placedAt: '2030-05-01T12:00:00Z',
  settledAt: '2030-05-01T12:00:01Z',
};

let asked: URLSearchParams[];

beforeEach(() => {
  useSession.getState().logout();
  asked = [];
  const totals = { stake: '110.0000', payout: '195.0000', valid: '110.0000' };
  server.use(
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(casinoApi.casinoBets), ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(ok({ list: [casinoBet], total: 1, page: 1, size: 20, totals }));
    }),
    http.get(at(casinoApi.vendorBets), () =>
      HttpResponse.json(
        ok({
          list: [vendorBet],
          total: 1,
          page: 1,
          size: 20,
          totals: { stake: '20.0000', payout: '50.0000', valid: '20.0000' },
        }),
      ),
    ),
  );
});

const open = (search: string) =>
  renderPage(<CasinoRecordsPage />, { route: `${paths.bettingRecord}${search}`, path: paths.bettingRecord });

describe('CasinoRecordsPage', () => {
  test('When a member opens 真人, then each bet shows its table, round, spots, money, seed and a verify link', async () => {
    server.use(...signedIn());
    open('?kind=casino');
    const row = await screen.findByTestId('casino-bet');
    expect(within(row).getByText('百家乐 1 号桌 · 第42局')).toBeTruthy();
    expect(within(row).getByText(/庄/).textContent).toContain('¥100.00');
    expect(within(row).getByText('+¥85.00')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '验证' }).getAttribute('href')).toBe(
      `${paths.casinoVerify}?round=501`,
    );
    expect(screen.getByRole('link', { name: '真人' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '体育' }).getAttribute('href')).toBe(paths.bettingRecord);
  });

  test('When the member picks 今天, then the records are asked for that day and the URL keeps the tab', async () => {
    server.use(...signedIn());
    open('?kind=casino');
    await screen.findByTestId('casino-bet');
    await userEvent.click(screen.getByRole('button', { name: '今天' }));
    await waitFor(() => expect(asked.at(-1)?.get('startTime')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/));
    expect(asked.at(-1)?.get('endTime')).toMatch(/ 23:59:59$/);
  });

  test('When a member opens 电子, then vendor bets show with their valid turnover', async () => {
    server.use(...signedIn());
    open('?kind=vendor');
    const row = await screen.findByTestId('vendor-bet');
    expect(within(row).getByText('财神到 · 模拟电子')).toBeTruthy();
    expect(within(row).getByText('有效投注').parentElement?.textContent).toContain('¥20.00');
    expect(within(row).getByText(/R-778/)).toBeTruthy();
  });

  test('When a visitor opens the records, then they sign in first and come back to the tab', async () => {
    open('?kind=vendor');
    expect((await screen.findByTestId('location')).textContent).toBe(
      `${paths.login}?redirect=${encodeURIComponent(`${paths.bettingRecord}?kind=vendor`)}`,
    );
  });
});

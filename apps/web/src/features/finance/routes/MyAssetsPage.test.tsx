import { api, type MyAssets, type PreInfo, type WalletRecord, walletApi } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { signIn } from '../finance.test-utils';
import MyAssetsPage from './MyAssetsPage';

const server = startMockApi();

const movement = (fields: Partial<WalletRecord>): WalletRecord => ({
  id: '1',
  type: 'deposit',
  code: 'deposit',
  amount: '100.0000',
  balanceAfter: '100.0000',
  account: 'main',
  reference: '',
  memo: '',
  createdAt: '2026-11-25T08:00:00Z',
  state: 'completed',
  orderNo: 'D20261125000001',
  ...fields,
});

const assets: MyAssets = {
  main: '1040.0000',
  frozen: '0.0000',
  venues: [],
  total: '1040.0000',
  recent: [
    movement({ id: '4', type: 'bet', code: 'bet_payout', amount: '18.5000', orderNo: 'S20261125000001' }),
    movement({ id: '3', type: 'bet', code: 'bet_stake', amount: '-10.0000', orderNo: 'S20261125000001' }),
    movement({ id: '2', type: 'bonus', code: 'bonus', amount: '8.0000', orderNo: 'B20261125000002' }),
    // A movement the site has no word for yet is named by its type.
    movement({ id: '1', type: 'bet', code: 'bet_something_new', amount: '1.0000', orderNo: 'S20261125000003' }),
  ],
};

// Neither the test machine's zone nor Shanghai (the default), so a time shown on any other clock is caught.
const preInfo: PreInfo = {
  customer_service: '',
  username: 'demo01',
  isLogin: true,
  whatsAppUrl: '',
  site: 'jinb',
  timeZone: 'America/Los_Angeles',
};

beforeEach(() => {
  signIn(server);
  server.use(
    http.get(at(walletApi.assets), () => HttpResponse.json(ok(assets))),
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
  );
});

describe('MyAssetsPage', () => {
  test('Recent movements are named as the transaction records name them, a bet’s stake and payout included', async () => {
    renderPage(<MyAssetsPage />, { route: paths.myAssets });

    const recent = await screen.findByRole('region', { name: '最近资金变动' });
    const rows = within(recent).getAllByRole('link', { name: /¥/ });
    // Each row: what happened, then when (2026-11-25 ...) and how much.
    expect(rows.map((row) => row.textContent?.replace(/\d{4}-.*$/, ''))).toEqual([
      '体育派彩',
      '体育投注',
      '优惠',
      '体育投注',
    ]);
    expect(recent.textContent).not.toMatch(/types\.|codes\./);
    expect(rows[0]!.getAttribute('href')).toBe(`${paths.transactionDetail}?id=4`);
  });

  test('Each movement’s time is on the platform’s clock, as the transaction records show it', async () => {
    renderPage(<MyAssetsPage />, { route: paths.myAssets });

    const recent = await screen.findByRole('region', { name: '最近资金变动' });
    // 08:00 UTC on 25 November is midnight in Los Angeles (16:00 in Shanghai, 08:00 on a phone set to UTC).
    await waitFor(() => expect(within(recent).getAllByText('2026-11-25 00:00')).toHaveLength(4));
  });
});

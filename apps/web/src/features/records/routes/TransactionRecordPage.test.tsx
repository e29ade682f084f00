import { api, dateRangeFor, type UserInfo, type WalletRecord, walletApi } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../app/paths';
import { renderPage } from '../../../app/testing/render';
import { at, ok, startMockApi } from '../../../app/testing/server';
import { useSession } from '../../../shared/session/session-store';
import TransactionDetailPage from './TransactionDetailPage';
import TransactionRecordPage from './TransactionRecordPage';

const server = startMockApi();

const member: UserInfo = {
  id: '1',
  account: 'demo01',
  nickname: '',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '',
  email: '',
  vipLevel: 0,
  inviteCode: 'ABC123',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

const record = (fields: Partial<WalletRecord>): WalletRecord => ({
  id: '1',
  type: 'withdraw',
  code: 'withdraw_freeze',
  amount: '-100.0000',
  balanceAfter: '1049.6299',
  account: 'main',
  reference: 'withdrawal:1',
  memo: '',
  createdAt: '2025-05-01T08:00:00Z',
  ...fields,
});

let queries: URLSearchParams[];

beforeEach(() => {
  useSession.getState().logout();
  useSession.getState().setToken('token');
  queries = [];
  server.use(
    http.get(at(api.token), () => HttpResponse.json(ok(member))),
    http.get(at(walletApi.walletList), () =>
      HttpResponse.json(
        ok([{ id: 1, code: 'house', name: '金币娱乐', balance: '0', pending: '0', maintenance: false }]),
      ),
    ),
    http.get(at(walletApi.records), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const list =
        query.get('type') === 'withdraw'
          ? [record({})]
          : [
              record({}),
              record({ id: '2', type: 'transfer', code: 'venue_out', amount: '30.0000', account: 'venue:house' }),
            ];
      return HttpResponse.json(ok({ list, total: list.length, page: 1, size: 20 }));
    }),
  );
});

describe('TransactionRecordPage', () => {
  test('When a type and a date preset are picked, then the list asks for that type and the preset’s range', async () => {
    const typing = userEvent.setup();
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });

    await screen.findByText('转入场馆');
    expect(queries[0]!.get('type')).toBe('');
    expect(queries[0]!.get('startTime')).toBe('');
    expect(queries[0]!.get('endTime')).toBe('');

    await typing.click(screen.getByRole('tab', { name: '提现' }));
    await typing.click(screen.getByRole('button', { name: '近7天' }));

    await waitFor(() => expect(queries.at(-1)!.get('startTime')).not.toBe(''));
    const last = queries.at(-1)!;
    const week = dateRangeFor(2);
    expect(last.get('type')).toBe('withdraw');
    expect(last.get('startTime')).toBe(week.startTime);
    expect(last.get('endTime')).toBe(week.endTime);
    expect(last.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: '近7天' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.queryByText('转入场馆')).toBeNull());
  });

  test('When "yesterday" is picked, then yesterday’s whole day is asked for', async () => {
    const typing = userEvent.setup();
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });
    await screen.findByText('转入场馆');

    await typing.click(screen.getByRole('button', { name: '昨天' }));

    await waitFor(() => expect(queries.at(-1)!.get('startTime')).toBe(dateRangeFor(1).startTime));
    expect(queries.at(-1)!.get('endTime')).toBe(dateRangeFor(1).endTime);
    expect(queries.at(-1)!.get('type')).toBe('');
  });

  test('Each row shows why money moved, the account, the signed amount and leads to its details', async () => {
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });

    const withdrawal = await screen.findByRole('link', { name: /提现冻结/ });
    expect(withdrawal.getAttribute('href')).toBe(`${paths.transactionDetail}?id=1`);
    expect(withdrawal.textContent).toContain('中心钱包');
    expect(withdrawal.textContent).toContain('-¥100.00');
    // Truncated, never rounded.
    expect(withdrawal.textContent).toContain('余额 ¥1049.62');
    const transfer = screen.getByRole('link', { name: /转入场馆/ });
    expect(transfer.textContent).toContain('+¥30.00');
    expect(await screen.findByText(/金币娱乐钱包/)).toBeTruthy();
  });

  test('When there are no records, then the empty state shows', async () => {
    server.use(http.get(at(walletApi.records), () => HttpResponse.json(ok({ list: [], total: 0, page: 1, size: 20 }))));
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });

    expect(await screen.findByText('暂无交易记录')).toBeTruthy();
  });
});

describe('TransactionDetailPage', () => {
  test('When a record is opened, then its balances, counterparty and a copyable transfer id show', async () => {
    server.use(
      http.get(at(walletApi.recordDetail), ({ request }) =>
        HttpResponse.json(
          ok({
            ...record({ id: new URL(request.url).searchParams.get('id') ?? '' }),
            balanceBefore: '1149.6299',
            transferId: '42',
            counterparty: 'frozen',
          }),
        ),
      ),
    );
    renderPage(<TransactionDetailPage />, { route: `${paths.transactionDetail}?id=1` });

    expect(await screen.findByRole('heading', { name: '提现冻结' })).toBeTruthy();
    expect(screen.getByText('-¥100.00')).toBeTruthy();
    expect(screen.getByText('¥1149.62')).toBeTruthy();
    expect(screen.getByText('冻结资金')).toBeTruthy();
    expect(screen.getByText('提现订单 1')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制交易单号' })).toBeTruthy();
  });

  test('When the record is not found, then the member is told and can go back to the list', async () => {
    server.use(
      http.get(at(walletApi.recordDetail), () =>
        HttpResponse.json({ status: false, data: '记录不存在', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderPage(<TransactionDetailPage />, { route: `${paths.transactionDetail}?id=999` });

    expect(await screen.findByText('交易记录不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回交易记录' })).toBeTruthy();
  });
});

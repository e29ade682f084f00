import { api, dateRangeFor, type PreInfo, type UserInfo, type WalletRecord, walletApi } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
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

const PLATFORM_ZONE = 'Asia/Shanghai';

const preInfo: PreInfo = {
  customer_service: '',
  username: 'demo01',
  isLogin: true,
  whatsAppUrl: '',
  site: 'jinb',
  timeZone: PLATFORM_ZONE,
};

const record = (fields: Partial<WalletRecord>): WalletRecord => ({
  id: '1',
  type: 'withdraw',
  code: 'withdraw',
  amount: '-100.0000',
  balanceAfter: '1049.6299',
  account: 'main',
  reference: 'withdrawal:1',
  memo: '',
  createdAt: '2025-05-01T08:00:00Z',
  state: 'pending',
  orderNo: 'W20250501000001',
  ...fields,
});

let queries: URLSearchParams[];

beforeEach(() => {
  useSession.getState().logout();
  useSession.getState().setToken('token');
  queries = [];
  server.use(
    http.get(at(api.token), () => HttpResponse.json(ok(member))),
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
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
              record({
                id: '2',
                type: 'transfer',
                code: 'venue_in',
                amount: '30.0000',
                reference: 'venue-transfer:3',
                state: 'completed',
                orderNo: 'T20250501000003',
              }),
              record({ id: '3', amount: '-50.0000', state: 'refused', orderNo: 'W20250501000004' }),
            ];
      return HttpResponse.json(ok({ list, total: list.length, page: 1, size: 20 }));
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TransactionRecordPage', () => {
  test('When a type and a date preset are picked, then the list asks for that type and the preset’s range', async () => {
    const typing = userEvent.setup();
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });

    await screen.findByText('转出场馆');
    expect(queries[0]!.get('type')).toBe('');
    expect(queries[0]!.get('startTime')).toBe('');
    expect(queries[0]!.get('endTime')).toBe('');

    await typing.click(screen.getByRole('tab', { name: '提现' }));
    await typing.click(screen.getByRole('button', { name: '近7天' }));

    await waitFor(() => expect(queries.at(-1)!.get('startTime')).not.toBe(''));
    const last = queries.at(-1)!;
    const week = dateRangeFor(2, new Date(), PLATFORM_ZONE);
    expect(last.get('type')).toBe('withdraw');
    expect(last.get('startTime')).toBe(week.startTime);
    expect(last.get('endTime')).toBe(week.endTime);
    expect(last.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: '近7天' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.queryByText('转出场馆')).toBeNull());
  });

  test('When the page opens with a type in its link, then that tab is picked; a type it has no tab for opens 全部', async () => {
    const first = renderPage(<TransactionRecordPage />, { route: `${paths.transactionRecord}?type=bet` });
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('bet'));
    expect(screen.getByRole('tab', { name: '体育投注' }).getAttribute('aria-selected')).toBe('true');
    first.unmount();

    renderPage(<TransactionRecordPage />, { route: `${paths.transactionRecord}?type=constructor` });
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe(''));
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
  });

  test('When "today" is picked on a phone whose clock is still on yesterday, then the platform’s today is asked for', async () => {
    // 04:00 on 24 November in Shanghai is still 23 November in UTC and in Los Angeles.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T20:00:00Z'));
    const typing = userEvent.setup();
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });
    await screen.findByText('转出场馆');

    await typing.click(screen.getByRole('button', { name: '今天' }));

    await waitFor(() => expect(queries.at(-1)!.get('startTime')).toBe('2026-11-24 00:00:00'));
    expect(queries.at(-1)!.get('endTime')).toBe('2026-11-24 23:59:59');
  });

  test('When "yesterday" is picked, then yesterday’s whole day is asked for', async () => {
    const typing = userEvent.setup();
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });
    await screen.findByText('转出场馆');

    await typing.click(screen.getByRole('button', { name: '昨天' }));

    const yesterday = dateRangeFor(1, new Date(), PLATFORM_ZONE);
    await waitFor(() => expect(queries.at(-1)!.get('startTime')).toBe(yesterday.startTime));
    expect(queries.at(-1)!.get('endTime')).toBe(yesterday.endTime);
    expect(queries.at(-1)!.get('type')).toBe('');
  });

  test('Each row is one event: what happened, its state, its order number, the signed amount, and its details', async () => {
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });

    const [withdrawal, transfer, refused] = await screen.findAllByRole('link');
    expect(withdrawal!.getAttribute('href')).toBe(`${paths.transactionDetail}?id=1`);
    expect(withdrawal!.textContent).toContain('提现');
    expect(withdrawal!.textContent).toContain('审核中');
    expect(withdrawal!.textContent).toContain('W20250501000001');
    expect(withdrawal!.textContent).toContain('-¥100.00');
    // Truncated, never rounded; the time is on the platform's clock (08:00 UTC is 16:00 in Shanghai).
    expect(withdrawal!.textContent).toContain('余额 ¥1049.62');
    expect(withdrawal!.textContent).toContain('2025-05-01 16:00');
    expect(transfer!.textContent).toContain('转出场馆');
    expect(transfer!.textContent).toContain('已完成');
    expect(transfer!.textContent).toContain('+¥30.00');
    // A refused withdrawal's money came back: neither spent nor received.
    expect(refused!.textContent).toContain('已拒绝');
    expect(within(refused!).getByText('-¥50.00').className).toMatch(/reversed/);
  });

  test('When there are no records, then the empty state shows', async () => {
    server.use(http.get(at(walletApi.records), () => HttpResponse.json(ok({ list: [], total: 0, page: 1, size: 20 }))));
    renderPage(<TransactionRecordPage />, { route: paths.transactionRecord });

    expect(await screen.findByText('暂无交易记录')).toBeTruthy();
  });
});

describe('TransactionDetailPage', () => {
  test('When a withdrawal is opened, then its state, order number, fee and its movements show', async () => {
    server.use(
      http.get(at(walletApi.recordDetail), ({ request }) =>
        HttpResponse.json(
          ok({
            ...record({ id: new URL(request.url).searchParams.get('id') ?? '', state: 'completed' }),
            balanceBefore: '1149.6299',
            transferId: '42',
            counterparty: 'frozen',
            fee: '2.0000',
            actual: '98.0000',
            reason: '',
            legs: [
              {
                code: 'withdraw_freeze',
                account: 'main',
                amount: '-100.0000',
                balanceAfter: '1049.6299',
                createdAt: '2025-05-01T08:00:00Z',
              },
              {
                code: 'withdraw_paid',
                account: 'frozen',
                amount: '-98.0000',
                balanceAfter: '2.0000',
                createdAt: '2025-05-01T09:00:00Z',
              },
              {
                code: 'withdraw_fee',
                account: 'frozen',
                amount: '-2.0000',
                balanceAfter: '0.0000',
                createdAt: '2025-05-01T09:00:00Z',
              },
            ],
          }),
        ),
      ),
    );
    renderPage(<TransactionDetailPage />, { route: `${paths.transactionDetail}?id=1` });

    expect(await screen.findByRole('heading', { name: '提现' })).toBeTruthy();
    expect(screen.getAllByText('已完成').length).toBeGreaterThan(0);
    expect(screen.getByText('W20250501000001')).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制订单号' })).toBeTruthy();
    expect(screen.getByText('¥1149.62')).toBeTruthy();
    expect(screen.getByText('¥98.00')).toBeTruthy();
    // The frozen funds are the member's own: not shown as a counterparty.
    expect(screen.queryByText('对方账户')).toBeNull();
    const movements = within(screen.getByRole('region', { name: '资金变动' })).getAllByRole('listitem');
    expect(movements.map((item) => item.textContent)).toEqual([
      expect.stringContaining('提现冻结'),
      expect.stringContaining('提现出款'),
      expect.stringContaining('提现手续费'),
    ]);
    expect(movements[0]!.textContent).toContain('-¥100.00');
  });

  test('When the record is not the member’s, then the newest one shows under a note saying so', async () => {
    server.use(
      http.get(at(walletApi.recordDetail), ({ request }) =>
        new URL(request.url).searchParams.get('id') === '1'
          ? HttpResponse.json(
              ok({
                ...record({}),
                balanceBefore: '1149.6299',
                transferId: '42',
                counterparty: '',
                fee: null,
                actual: null,
                reason: '',
                legs: [],
              }),
            )
          : HttpResponse.json({ status: false, data: '记录不存在', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderPage(<TransactionDetailPage />, { route: `${paths.transactionDetail}?id=999` });

    expect(await screen.findByRole('heading', { name: '提现' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('交易记录不存在，以下是您最新的一笔交易');
    expect(screen.getByText('W20250501000001')).toBeTruthy();
  });

  test('When it is opened without an id, then the newest record shows, with the way to the whole list', async () => {
    server.use(
      http.get(at(walletApi.recordDetail), () =>
        HttpResponse.json(
          ok({
            ...record({}),
            balanceBefore: '1149.6299',
            transferId: '42',
            counterparty: '',
            fee: null,
            actual: null,
            reason: '',
            legs: [],
          }),
        ),
      ),
    );
    renderPage(<TransactionDetailPage />, { route: paths.transactionDetail });

    expect(await screen.findByRole('heading', { name: '提现' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('这是您最新的一笔交易');
    expect(screen.getByRole('link', { name: '全部记录' })).toBeTruthy();
  });

  test('When a member with no records opens it without an id, then it says so and offers a deposit', async () => {
    server.use(http.get(at(walletApi.records), () => HttpResponse.json(ok({ list: [], total: 0, page: 1, size: 1 }))));
    renderPage(<TransactionDetailPage />, { route: paths.transactionDetail });

    expect(await screen.findByText('暂无交易记录')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去充值' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });
});

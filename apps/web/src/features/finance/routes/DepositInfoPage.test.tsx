import { api, type DepositOrder, type WalletRecord, walletApi } from '@jinb/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { formOf, signIn } from '../finance.test-utils';
import DepositInfoPage, { ORDER_POLL_MS } from './DepositInfoPage';

const server = startMockApi();

const bankOrder = (status: DepositOrder['status']): DepositOrder => ({
  id: '42',
  channel: 'bank',
  kind: 'bank',
  amount: '1000.0000',
  payAmount: '1000.3700',
  coinAmount: null,
  rate: null,
  remark: 'K7M2QX',
  payee: {
    bankName: '中国工商银行',
    accountName: '演示科技有限公司',
    accountNo: '6222020000000000001',
    branch: '深圳南山支行',
  },
  status,
  reason: '',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  // 20:00 UTC is already the next day on the platform's clock (Shanghai), which the order number follows.
  createdAt: '2025-05-01T20:00:00.000Z',
});

const depositRecord: WalletRecord = {
  id: '9',
  type: 'deposit',
  code: 'deposit',
  amount: '1000.3700',
  balanceAfter: '1000.3700',
  account: 'main',
  reference: 'deposit:42',
  memo: '',
  createdAt: '2025-05-01T20:10:00Z',
  state: 'completed',
  orderNo: 'D20250502000042',
};

/** Answers the order with `statuses` in turn (the last one repeats); counts balance refreshes. */
function serve(statuses: DepositOrder['status'][], { demo = false } = {}) {
  const seen = { orders: 0, balances: 0, demoAsked: 0, simulated: [] as string[] };
  server.use(
    http.get(at(walletApi.depositOrder), ({ request }) => {
      expect(new URL(request.url).searchParams.get('id')).toBe('42');
      const status = statuses[Math.min(seen.orders, statuses.length - 1)]!;
      seen.orders++;
      return HttpResponse.json(ok(bankOrder(status)));
    }),
    http.get(at(api.preInfo), () =>
      HttpResponse.json(
        ok({
          customer_service: '',
          username: '',
          isLogin: true,
          whatsAppUrl: '',
          site: 'jinb',
          timeZone: 'Asia/Shanghai',
        }),
      ),
    ),
    http.get(at(api.devOutbox), () => {
      seen.demoAsked++;
      return demo
        ? HttpResponse.json(ok([]))
        : HttpResponse.json({ status: false, data: 'Not Found' }, { status: 404 });
    }),
    http.get(at(api.balance), () => {
      seen.balances++;
      return HttpResponse.json(ok({ balance: '1000.3700', currency: 'CNY', symbol: '¥' }));
    }),
    http.post(at(walletApi.devSimulatePayment), async ({ request }) => {
      seen.simulated.push((await formOf(request)).id!);
      return HttpResponse.json(ok(true));
    }),
  );
  return seen;
}

beforeEach(() => signIn(server));
afterEach(() => vi.useRealTimers());

describe('DepositInfoPage', () => {
  test('When a bank order is pending, then the exact amount with its odd cents, the payee and the remark can be copied', async () => {
    serve(['pending']);
    // user-event puts its own clipboard on navigator at setup; ours goes in after it.
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info?id=42' });

    expect(await screen.findByText('.37')).toBeTruthy();
    expect(screen.getByText(/请务必按此金额（含小数 \.37）转账/)).toBeTruthy();
    expect(screen.getByText('6222020000000000001')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/1[45]:\d\d/);

    await user.click(screen.getByRole('button', { name: '复制转账金额' }));
    expect(writeText).toHaveBeenLastCalledWith('1000.37');
    expect(await screen.findByText('复制成功')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '复制附言/备注码' }));
    expect(writeText).toHaveBeenLastCalledWith('K7M2QX');
    expect(await screen.findByText('订单号 D20250502000042')).toBeTruthy();
  });

  test('When the order is confirmed while the member waits, then polling shows success and the balance is refreshed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = serve(['pending', 'confirmed']);
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info?id=42' });
    expect(await screen.findByText('待付款')).toBeTruthy();
    const balancesBefore = seen.balances;

    await act(async () => {
      await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
    });

    expect(await screen.findByText('充值成功')).toBeTruthy();
    await waitFor(() => expect(seen.balances).toBeGreaterThan(balancesBefore));
    const polls = seen.orders;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3);
    });
    expect(seen.orders).toBe(polls);
  });

  test('When the order has expired, then the member is offered a new order', async () => {
    serve(['expired']);
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info?id=42' });

    expect(await screen.findByText('订单已过期')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '重新下单' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/finance/deposit'));
  });

  test('When the server is in demo mode, then the simulated payment is offered and pays this order', async () => {
    const seen = serve(['pending'], { demo: true });
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info?id=42' });

    await userEvent.setup().click(await screen.findByRole('button', { name: '模拟支付（演示）' }));

    await waitFor(() => expect(seen.simulated).toEqual(['42']));
  });

  test('When the server is not in demo mode, then no simulated payment is offered', async () => {
    const seen = serve(['pending']);
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info?id=42' });

    expect(await screen.findByText('待付款')).toBeTruthy();
    await waitFor(() => expect(seen.demoAsked).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: '模拟支付（演示）' })).toBeNull();
  });

  test('When it is opened without an id, then the newest credited deposit’s order shows under a note', async () => {
    const asked: Array<string | null> = [];
    serve(['confirmed']);
    server.use(
      http.get(at(walletApi.records), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('type'));
        return HttpResponse.json(
          ok({ list: [{ ...depositRecord, reference: 'deposit:42' }], total: 1, page: 1, size: 1 }),
        );
      }),
    );
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info' });

    expect(await screen.findByText('充值成功')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('这是您最近一笔到账的充值');
    expect(screen.getByRole('link', { name: '充值记录' }).getAttribute('href')).toBe(
      '/user/transactionRecord?type=deposit',
    );
    expect(asked).toEqual(['deposit']);
  });

  test('When the member has never deposited, then it says so and leads to a deposit, not to an error', async () => {
    serve(['pending']);
    server.use(
      http.get(at(walletApi.depositOrder), () =>
        HttpResponse.json({ status: false, data: '订单不存在', code: 'NOT_FOUND' }, { status: 404 }),
      ),
      http.get(at(walletApi.records), () => HttpResponse.json(ok({ list: [], total: 0, page: 1, size: 1 }))),
    );
    renderPage(<DepositInfoPage />, { route: '/finance/deposit/info?id=999' });

    expect(await screen.findByText('订单不存在')).toBeTruthy();
    expect(screen.getByText('选择充值方式并下单后，订单的收款信息和状态会显示在这里')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '去充值' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/finance/deposit'));
  });
});

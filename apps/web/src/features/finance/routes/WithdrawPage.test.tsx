import { api, type Card, HEADER, type Withdrawal, type WithdrawInfo, walletApi } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Dialog } from 'antd-mobile';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createKeyPair } from '../../../shared/testing/crypto';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { formOf, signIn } from '../finance.test-utils';
import WithdrawPage from './WithdrawPage';

const server = startMockApi();

const info = (overrides: Partial<WithdrawInfo> = {}): WithdrawInfo => ({
  balance: '5000.0000',
  min: '100.0000',
  max: '50000.0000',
  dailyCount: 5,
  dailyAmount: '200000.0000',
  remainingCount: 5,
  remainingAmount: '200000.0000',
  feeRate: '1.5',
  feeFixed: '2.0000',
  flowMultiple: '1',
  unmetTurnover: '0.0000',
  passwordEnabled: true,
  passwordSet: true,
  ...overrides,
});

const card: Card = {
  id: '9',
  kind: 'bank',
  bankCode: 'CMB',
  bankName: '招商银行',
  branch: '',
  holderName: '张三',
  accountNo: '****1234',
  network: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};

let keys: Awaited<ReturnType<typeof createKeyPair>>;
beforeAll(async () => {
  keys = await createKeyPair();
});
beforeEach(() => signIn(server));
// Dialogs live outside the rendered tree; one left open must not leak into the next test.
afterEach(() => Dialog.clear());

type Sent = { body: Record<string, string>; key: string | null };

function serve(options: { info?: WithdrawInfo; cards?: Card[]; withdrawals?: Withdrawal[] } = {}) {
  const sent: Sent[] = [];
  server.use(
    http.get(at(walletApi.withdrawInfo), () => HttpResponse.json(ok(options.info ?? info()))),
    http.get(at(walletApi.cards), () => HttpResponse.json(ok(options.cards ?? [card]))),
    http.get(at(walletApi.withdrawals), () => HttpResponse.json(ok(options.withdrawals ?? []))),
    http.get(at(api.publicKey), () => HttpResponse.json(ok({ key: keys.publicKey }))),
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
    http.get(at(api.balance), () => HttpResponse.json(ok({ balance: '0.0000', currency: 'CNY', symbol: '¥' }))),
    http.post(at(walletApi.withdraw), async ({ request }) => {
      const body = await formOf(request);
      sent.push({ body, key: request.headers.get(HEADER.idempotencyKey) });
      const withdrawal: Withdrawal = {
        id: '31',
        amount: `${body.amount}00`,
        fee: '17.0082',
        actual: '983.5418',
        status: 'unhandled',
        reason: '',
        card,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      };
      return HttpResponse.json(ok(withdrawal));
    }),
  );
  return sent;
}

describe('WithdrawPage', () => {
  test('When an amount is typed, then the fee and what arrives are computed like the server (truncated, never rounded)', async () => {
    serve();
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    await userEvent.setup().type(await screen.findByLabelText('提现金额'), '667.33');

    // 2 + 667.33 x 1.5% = 12.00995: the server keeps 12.0099 (integer division at scale 4), shown ¥12.00;
    // rounding anywhere (at scale 4 or to cents) would say ¥12.01.
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('¥12.00');
    expect(screen.getByTestId('withdraw-arrives').textContent).toBe('¥655.32');
  });

  test('When the member confirms and enters the password, then amount, account and the encrypted password are sent once with a key', async () => {
    const sent = serve();
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });
    // The dialog and the sheet ignore pointers while they animate in (no animation frames run here).
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

    await user.type(await screen.findByLabelText('提现金额'), '1000.55');
    await user.click(screen.getByRole('button', { name: '立即提现' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¥983.54')).toBeTruthy();
    expect(within(dialog).getByText('招商银行 ****1234')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '确认提现' }));
    await user.type(await screen.findByLabelText('提现密码（6位数字）'), '246810');

    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.amount).toBe('1000.55');
    expect(sent[0]!.body.cardId).toBe('9');
    expect(sent[0]!.body.password).not.toBe('246810');
    expect(await keys.decrypt(sent[0]!.body.password!)).toBe('246810');
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  test('When turnover is unmet, then the requirement is explained and submitting is impossible', async () => {
    const sent = serve({ info: info({ unmetTurnover: '800.0000', flowMultiple: '1' }) });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('提现金额'), '200');

    expect(screen.getByText('未完成流水要求')).toBeTruthy();
    expect(screen.getByText(/还需完成有效投注 ¥800\.00 才能提现/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: '立即提现' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.click(submit);
    expect(sent).toHaveLength(0);
  });

  test('When the withdraw password is not set, then the spec message leads to setting it', async () => {
    serve({ info: info({ passwordSet: false }) });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    expect(await screen.findByText('为了您的账户安全，请先设置提现密码')).toBeTruthy();
    expect(screen.queryByLabelText('提现金额')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '设置提现密码' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/setting/wpassword'));
  });

  test('When no account is bound, then the member is sent to bind one', async () => {
    serve({ cards: [] });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    expect(await screen.findByText('您还没有绑定提现账户')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '去绑定账户' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cards'));
  });

  test('When "全部" is tapped, then the amount is capped by the single-withdrawal maximum and what is left today', async () => {
    serve({ info: info({ balance: '9000.5678', max: '8000.0000', remainingAmount: '3000.1200' }) });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '全部' }));

    expect((screen.getByLabelText('提现金额') as HTMLInputElement).value).toBe('3000.12');
  });

  test('Each recent withdrawal’s status is in the words the records use for it', async () => {
    const withdrawal = (id: string, status: Withdrawal['status'], amount: string): Withdrawal => ({
      id,
      amount,
      fee: '0.0000',
      actual: amount,
      status,
      reason: '',
      card,
      createdAt: '2025-05-01T08:00:00.000Z',
      updatedAt: '2025-05-01T09:00:00.000Z',
    });
    serve({
      withdrawals: [
        withdrawal('33', 'unhandled', '300.0000'),
        withdrawal('32', 'accepted', '200.0000'),
        withdrawal('31', 'paid', '100.0000'),
      ],
    });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    const history = await screen.findByRole('region', { name: '最近提现' });
    const rows = await within(history).findAllByRole('listitem');
    expect(
      rows.map((row) => [
        row.textContent?.match(/¥\d+\.\d{2}/)?.[0],
        row.textContent?.match(/审核中|处理中|已完成/)?.[0],
      ]),
    ).toEqual([
      ['¥300.00', '审核中'],
      ['¥200.00', '处理中'],
      ['¥100.00', '已完成'],
    ]);
  });

  test('Each recent withdrawal shows the order number the records show for it', async () => {
    const paid: Withdrawal = {
      id: '31',
      amount: '1000.0000',
      fee: '0.0000',
      actual: '1000.0000',
      status: 'paid',
      reason: '',
      card,
      createdAt: '2025-05-01T08:00:00.000Z',
      updatedAt: '2025-05-01T09:00:00.000Z',
    };
    serve({ withdrawals: [paid] });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    expect(await screen.findByText('订单号 W20250501000031')).toBeTruthy();
  });

  test('A recent withdrawal’s time is on the platform’s clock, the day its order number carries', async () => {
    const late: Withdrawal = {
      id: '31',
      amount: '100.0000',
      fee: '0.0000',
      actual: '100.0000',
      status: 'unhandled',
      reason: '',
      card,
      // 20:30 on 30 April in Los Angeles, the platform's zone here; 03:30 on 1 May in UTC, 11:30 in Shanghai.
      createdAt: '2025-05-01T03:30:00.000Z',
      updatedAt: '2025-05-01T03:30:00.000Z',
    };
    serve({ withdrawals: [late] });
    server.use(
      http.get(at(api.preInfo), () =>
        HttpResponse.json(
          ok({
            customer_service: '',
            username: '',
            isLogin: true,
            whatsAppUrl: '',
            site: 'jinb',
            timeZone: 'America/Los_Angeles',
          }),
        ),
      ),
    );
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    const history = await screen.findByRole('region', { name: '最近提现' });
    expect(await within(history).findByText('订单号 W20250430000031')).toBeTruthy();
    expect(within(history).getByText(/^2025-04-30 20:30/)).toBeTruthy();
  });

  test('A waiting withdrawal is cancelled in the word of the state it ends in, and the dialog’s buttons say what they do', async () => {
    const waiting: Withdrawal = {
      id: '33',
      amount: '300.0000',
      fee: '0.0000',
      actual: '300.0000',
      status: 'unhandled',
      reason: '',
      card,
      createdAt: '2025-05-01T08:00:00.000Z',
      updatedAt: '2025-05-01T08:00:00.000Z',
    };
    const cancelled: Sent[] = [];
    serve({ withdrawals: [waiting] });
    server.use(
      http.post(at(walletApi.withdrawCancel), async ({ request }) => {
        cancelled.push({ body: await formOf(request), key: request.headers.get(HEADER.idempotencyKey) });
        return HttpResponse.json(ok({ ...waiting, status: 'cancelled' }));
      }),
    );
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPage(<WithdrawPage />, { route: '/finance/withdraw' });

    await user.click(await screen.findByRole('button', { name: '取消提现 ¥300.00' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('取消后 ¥300.00 将退回中心钱包')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '暂不取消' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '取消提现' }));

    expect(await screen.findByText('已取消，资金已退回')).toBeTruthy();
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.body).toEqual({ id: '33' });
    expect(cancelled[0]!.key).toBeTruthy();
  });
});

import { type DepositChannel, type DepositOrder, HEADER, walletApi } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { formOf, signIn } from '../finance.test-utils';
import DepositPage from './DepositPage';

const server = startMockApi();

const channels: DepositChannel[] = [
  { id: 'bank', kind: 'bank', name: '银行卡转账', min: '100.0000', max: '50000.0000', tips: '请按订单金额转账' },
  { id: 'alipay', kind: 'alipay', name: '支付宝', min: '50.0000', max: '20000.0000', tips: '' },
];

const order = (id: string): DepositOrder => ({
  id,
  channel: 'alipay',
  kind: 'alipay',
  amount: '500.0000',
  payAmount: '500.0000',
  coinAmount: null,
  rate: null,
  remark: 'ABC234',
  payee: { account: 'pay@demo.invalid', accountName: '演示科技有限公司' },
  status: 'pending',
  reason: '',
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
  createdAt: new Date().toISOString(),
});

type Sent = { body: Record<string, string>; key: string | null };

/** Serves the channels; each deposit call is recorded and answered by `answer` (by call number). */
function serve(answer: (call: number) => Response) {
  const sent: Sent[] = [];
  server.use(
    http.get(at(walletApi.depositChannels), () => HttpResponse.json(ok(channels))),
    http.post(at(walletApi.deposit), async ({ request }) => {
      sent.push({ body: await formOf(request), key: request.headers.get(HEADER.idempotencyKey) });
      return answer(sent.length);
    }),
  );
  return sent;
}

async function deposit(amount: string, channel = /支付宝/) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: channel }));
  const input = screen.getByLabelText('充值金额');
  await user.clear(input);
  await user.type(input, amount);
  await user.click(screen.getByRole('button', { name: '立即充值' }));
}

beforeEach(() => signIn(server));

describe('DepositPage', () => {
  test('When a member deposits, then the channel and amount go with an Idempotency-Key and the order opens', async () => {
    const sent = serve(() => HttpResponse.json(ok(order('42'))));
    renderPage(<DepositPage />, { route: '/finance/deposit' });

    await deposit('500');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/finance/deposit/info?id=42'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ channel: 'alipay', amount: '500' });
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  test('When the first try is lost on the network, then the retry reuses the same Idempotency-Key', async () => {
    const sent = serve((call) => (call === 1 ? HttpResponse.error() : HttpResponse.json(ok(order('43')))));
    renderPage(<DepositPage />, { route: '/finance/deposit' });

    await deposit('500');
    await waitFor(() => expect(sent).toHaveLength(1));
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即充值' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/finance/deposit/info?id=43'));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });

  test('When the member changes the amount after a failure, then it is a new action with a new key', async () => {
    const sent = serve(() => HttpResponse.error());
    renderPage(<DepositPage />, { route: '/finance/deposit' });

    await deposit('500');
    await waitFor(() => expect(sent).toHaveLength(1));
    await deposit('600');
    await waitFor(() => expect(sent).toHaveLength(2));

    expect(sent[1]!.body.amount).toBe('600');
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  test('When the amount is under the channel minimum, then the member is told and nothing is sent', async () => {
    const sent = serve(() => HttpResponse.json(ok(order('44'))));
    renderPage(<DepositPage />, { route: '/finance/deposit' });

    await deposit('80', /银行卡转账/);

    expect(await screen.findByText('单笔最低 ¥100.00')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  test('When the member types more than 2 decimals, then the extra digits never reach the box', async () => {
    serve(() => HttpResponse.json(ok(order('45'))));
    renderPage(<DepositPage />, { route: '/finance/deposit' });
    await screen.findByRole('radio', { name: /支付宝/ });

    await userEvent.setup().type(screen.getByLabelText('充值金额'), '123.4567');

    expect((screen.getByLabelText('充值金额') as HTMLInputElement).value).toBe('123.45');
  });
});

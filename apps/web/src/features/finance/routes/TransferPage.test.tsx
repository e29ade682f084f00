import { api, casinoApi, HEADER, type TransferResult, type VenueWallet, walletApi } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { formOf, signIn } from '../finance.test-utils';
import TransferPage from './TransferPage';

const server = startMockApi();

const venue = (code: string, name: string, balance: string): VenueWallet => ({
  id: code === 'house' ? 1 : 2,
  code,
  name,
  balance,
  pending: '0.0000',
  maintenance: false,
});

type Sent = { body: Record<string, string>; key: string | null };
let auto = true;
let savedAuto: string[] = [];

function serve() {
  const sent: Sent[] = [];
  let main = '1000.0000';
  let house = '250.0000';
  server.use(
    http.get(at(api.balance), () => HttpResponse.json(ok({ balance: main, currency: 'CNY', symbol: '¥' }))),
    http.get(at(casinoApi.autoTransfer), () => HttpResponse.json(ok({ autoTransfer: auto }))),
    http.post(at(casinoApi.saveAutoTransfer), async ({ request }) => {
      const body = await formOf(request);
      savedAuto.push(body.autoTransfer ?? '');
      auto = body.autoTransfer === 'true';
      return HttpResponse.json(ok({ autoTransfer: auto }));
    }),
    http.get(at(walletApi.walletList), () =>
      HttpResponse.json(ok([venue('house', '金币娱乐', house), venue('sim', '模拟场馆', '0.0000')])),
    ),
    http.post(at(walletApi.transfer), async ({ request }) => {
      const body = await formOf(request);
      sent.push({ body, key: request.headers.get(HEADER.idempotencyKey) });
      main = body.from === 'main' ? '700.0000' : '1100.0000';
      house = body.from === 'main' ? '550.0000' : '150.0000';
      const result: TransferResult = {
        id: String(sent.length),
        status: 'confirmed',
        main,
        venues: [venue('house', '金币娱乐', house), venue('sim', '模拟场馆', '0.0000')],
      };
      return HttpResponse.json(ok(result));
    }),
  );
  return sent;
}

beforeEach(() => {
  signIn(server);
  auto = true;
  savedAuto = [];
});

describe('TransferPage', () => {
  test('When the member turns 免转 off and on, then the choice is saved each time and the switch follows', async () => {
    serve();
    renderPage(<TransferPage />, { route: '/finance/transfer' });
    expect(await screen.findByText('免转模式')).toBeTruthy();
    const toggle = await screen.findByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await waitFor(() => expect(savedAuto).toEqual(['false']));
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false'));
    await userEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(savedAuto).toEqual(['false', 'true']));
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true'));
  });

  test('When the member moves money to a venue and back, then from, to and amount are sent with a key each time', async () => {
    const sent = serve();
    renderPage(<TransferPage />, { route: '/finance/transfer' });
    const user = userEvent.setup();

    expect((await screen.findByTestId('main-balance')).textContent).toBe('¥1000.00');
    await user.type(screen.getByLabelText('转账金额'), '300');
    await user.click(screen.getByRole('button', { name: '立即转账' }));

    await waitFor(() => expect(screen.getByTestId('main-balance').textContent).toBe('¥700.00'));
    expect(sent[0]!.body).toEqual({ from: 'main', to: 'house', amount: '300' });
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);

    await user.click(screen.getByRole('button', { name: '交换转出和转入' }));
    await user.type(screen.getByLabelText('转账金额'), '400');
    await user.click(screen.getByRole('button', { name: '立即转账' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ from: 'house', to: 'main', amount: '400' });
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  test('When the amount is more than the source wallet holds, then nothing is sent', async () => {
    const sent = serve();
    renderPage(<TransferPage />, { route: '/finance/transfer' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: '交换转出和转入' }));
    await user.type(screen.getByLabelText('转账金额'), '300');
    await user.click(screen.getByRole('button', { name: '立即转账' }));

    expect(await screen.findByText('余额不足')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

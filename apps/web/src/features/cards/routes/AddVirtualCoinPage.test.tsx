import { walletApi } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import { readForm, type SentRequest, signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import AddVirtualCoinPage from './AddVirtualCoinPage';

const ERC20_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

// Typing and RSA encryption add up on a busy machine; the default 5 s is too tight.
vi.setConfig({ testTimeout: 20_000 });

const server = startMockApi();
let keys: Awaited<ReturnType<typeof createKeyPair>>;
let sent: SentRequest[];

beforeAll(async () => {
  keys = await createKeyPair();
});

beforeEach(() => {
  useSession.getState().logout();
  sent = [];
  server.use(
    ...signedIn({}, { d: true, p: true }, keys.publicKey),
    http.post(at(walletApi.cards), async ({ request }) => {
      sent.push(await readForm(request));
      return HttpResponse.json(
        ok({
          id: '9',
          kind: 'usdt',
          bankCode: '',
          bankName: '',
          branch: '',
          holderName: '',
          accountNo: '0xdA****1ec7',
          network: 'ERC20',
          createdAt: '2025-05-01T08:00:00Z',
        }),
      );
    }),
  );
});

test('When an ERC20 address is entered under TRC20, then it is refused and nothing is sent', async () => {
  const typing = userEvent.setup();
  renderPage(<AddVirtualCoinPage />, { route: paths.addVirtualCoin });

  expect(((await screen.findByRole('radio', { name: 'TRC20' })) as HTMLInputElement).checked).toBe(true);
  await typing.type(screen.getByLabelText('钱包地址'), ERC20_ADDRESS);
  await typing.type(screen.getByLabelText('提现密码'), '246810');
  await typing.click(screen.getByRole('button', { name: '确认绑定' }));

  expect((await screen.findAllByText('TRC20地址须以T开头，共34位')).length).toBeGreaterThan(0);
  expect(sent).toHaveLength(0);
});

test('When the network is switched to ERC20, then the same address is bound as an ERC20 USDT address', async () => {
  const typing = userEvent.setup();
  renderPage(<AddVirtualCoinPage />, { route: paths.addVirtualCoin });

  await typing.click(await screen.findByRole('radio', { name: 'ERC20' }));
  expect(screen.getByText('请确认地址的网络类型为 ERC20。转到错误网络的币将无法找回。')).toBeTruthy();
  await typing.type(screen.getByLabelText('钱包地址'), ERC20_ADDRESS);
  await typing.type(screen.getByLabelText('提现密码'), '246810');
  await typing.click(screen.getByRole('button', { name: '确认绑定' }));

  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toMatchObject({ kind: 'usdt', network: 'ERC20', accountNo: ERC20_ADDRESS });
  expect(await keys.decrypt(sent[0]!.body.password!)).toBe('246810');
  expect(sent[0]!.idempotencyKey).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.cards));
});

test('When a TRC20 address is pasted with spaces or line breaks, then they are dropped', async () => {
  const typing = userEvent.setup();
  renderPage(<AddVirtualCoinPage />, { route: paths.addVirtualCoin });

  await typing.click(await screen.findByLabelText('钱包地址'));
  await typing.paste(` ${TRC20_ADDRESS.slice(0, 10)}\n${TRC20_ADDRESS.slice(10)} `);
  await typing.type(screen.getByLabelText('提现密码'), '246810');
  await typing.click(screen.getByRole('button', { name: '确认绑定' }));

  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.body).toMatchObject({ kind: 'usdt', network: 'TRC20', accountNo: TRC20_ADDRESS });
});

import { type Card, walletApi } from '@jinb/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import BankDetailPage from './BankDetailPage';
import CardsPage from './CardsPage';

const server = startMockApi();

const card = (fields: Partial<Card>): Card => ({
  id: '1',
  kind: 'bank',
  bankCode: 'ICBC',
  bankName: '中国工商银行',
  branch: '北京朝阳支行',
  holderName: '张三',
  accountNo: '6222****0123',
  network: '',
  createdAt: '2025-05-01T08:00:00Z',
  ...fields,
});

const cards = [
  card({}),
  card({ id: '2', kind: 'alipay', bankCode: '', bankName: '', branch: '', accountNo: '1380****8000' }),
  card({
    id: '3',
    kind: 'usdt',
    bankCode: '',
    bankName: '',
    branch: '',
    holderName: '',
    accountNo: 'TR7N****Lj6t',
    network: 'TRC20',
  }),
];

beforeEach(() => useSession.getState().logout());

function mockCards(list: Card[], config = { d: true, p: true }) {
  server.use(
    ...signedIn({}, config),
    http.get(at(walletApi.cards), () => HttpResponse.json(ok(list))),
  );
}

test('When the member has accounts, then each kind is listed and a bank card leads to its details', async () => {
  mockCards(cards);
  renderPage(<CardsPage />, { route: paths.cards });

  const bank = await screen.findByRole('link', { name: /中国工商银行/ });
  expect(bank.getAttribute('href')).toBe(`${paths.bankDetail}?id=1`);
  expect(screen.getByText('6222 **** **** 0123')).toBeTruthy();
  expect(screen.getByText('1380****8000')).toBeTruthy();
  expect(screen.getByText('USDT-TRC20')).toBeTruthy();
  expect(screen.getByRole('link', { name: '添加银行卡' }).getAttribute('href')).toBe(paths.addBankCard);
  expect(screen.getByRole('link', { name: '添加支付宝' }).getAttribute('href')).toBe(paths.addAlipay);
  expect(screen.getByRole('link', { name: '添加USDT地址' }).getAttribute('href')).toBe(paths.addVirtualCoin);
});

test('When the withdraw password is not set, then the member is sent to set it and cannot add accounts', async () => {
  mockCards([], { d: true, p: false });
  renderPage(<CardsPage />, { route: paths.cards });

  expect(await screen.findByText('为了您的账户安全，请先设置提现密码')).toBeTruthy();
  expect(screen.getByRole('link', { name: '去设置提现密码' }).getAttribute('href')).toBe(paths.withdrawPassword);
  expect(screen.getByText('您还没有绑定提现账户')).toBeTruthy();
  expect(screen.queryByRole('link', { name: '添加银行卡' })).toBeNull();
});

test('When the list cannot load, then the error and a retry show', async () => {
  server.use(
    ...signedIn(),
    http.get(at(walletApi.cards), () =>
      HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 }),
    ),
  );
  renderPage(<CardsPage />, { route: paths.cards });

  expect(await screen.findByText('系统繁忙，请重试')).toBeTruthy();
  expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
});

test('When a bank card is opened, then its details and the way to unbind it show', async () => {
  mockCards(cards);
  renderPage(<BankDetailPage />, { route: `${paths.bankDetail}?id=1` });

  expect(await screen.findByText('北京朝阳支行')).toBeTruthy();
  expect(screen.getByText('6222****0123')).toBeTruthy();
  expect(screen.getByRole('link', { name: '联系客服' }).getAttribute('href')).toBe(paths.customer);
});

test('When the id is not one of the member’s bank cards, then it says so and shows the card bound last', async () => {
  mockCards([...cards, card({ id: '4', branch: '上海浦东支行', createdAt: '2025-06-01T08:00:00Z' })]);
  renderPage(<BankDetailPage />, { route: `${paths.bankDetail}?id=2` });

  expect(await screen.findByText('上海浦东支行')).toBeTruthy();
  expect(screen.getByRole('note').textContent).toContain('该银行卡不存在或已解绑，以下是您最近绑定的银行卡');
});

test('When it is opened without an id, then the card bound last shows, with the way to 卡片管理', async () => {
  mockCards(cards);
  renderPage(<BankDetailPage />, { route: paths.bankDetail });

  expect(await screen.findByText('北京朝阳支行')).toBeTruthy();
  expect(screen.getByRole('note').textContent).toContain('这是您最近绑定的银行卡');
  expect(screen.getByRole('link', { name: '卡片管理' }).getAttribute('href')).toBe(paths.cards);
});

test('When the member has no bank card, then it says so and offers to add one', async () => {
  mockCards(cards.filter((item) => item.kind !== 'bank'));
  renderPage(<BankDetailPage />, { route: paths.bankDetail });

  expect(await screen.findByText('您还没有绑定银行卡')).toBeTruthy();
  expect(screen.getByRole('button', { name: '添加银行卡' })).toBeTruthy();
});

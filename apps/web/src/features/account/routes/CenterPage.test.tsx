import { api } from '@jinb/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { ok, renderPage, resetSession, server } from '../../../shared/testing/forms-harness';
import { type CenterEntry, centerEntries } from '../center-entries';
import { CenterEntries } from '../components/CenterEntries';
import CenterPage from './CenterPage';

const member = {
  id: '1',
  account: 'demo01',
  nickname: '小金',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '138****8000',
  email: '',
  vipLevel: 3,
  inviteCode: 'ABC123',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetSession();
  server.resetHandlers(
    http.get(api.token, () => ok(member)),
    http.get(api.balance, () => ok({ balance: '1234.5699', currency: 'CNY', symbol: '¥' })),
    http.get(api.messageNum, () => ok({ count: 4 })),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The wallet entries and where each leads. */
const WALLET = [
  ['充值', paths.deposit],
  ['提现', paths.withdraw],
  ['转账', paths.transfer],
  ['我的资产', paths.myAssets],
  ['卡片管理', paths.cards],
  ['交易记录', paths.transactionRecord],
  ['投注记录', paths.bettingRecord],
] as const;

/** Every entry is built now (issue 25 switched on the last, 帮助中心); a new unbuilt one goes here. */
const UNBUILT: string[] = [];

describe('CenterPage', () => {
  test('When signed in, then the member, the VIP level, the truncated balance and unread count are shown', async () => {
    useSession.getState().setToken('token');
    renderPage(<CenterPage />, { path: paths.center });

    expect(await screen.findByText('demo01')).toBeTruthy();
    expect(screen.getByText('VIP3')).toBeTruthy();
    expect(screen.getByText('昵称：小金')).toBeTruthy();
    // 1234.5699 is truncated, never rounded up to 1234.57.
    expect(await screen.findByText('¥1234.56')).toBeTruthy();
    // The card's count and the 消息中心 entry's badge, which opens the inbox.
    await waitFor(() => expect(screen.getAllByText('4')).toHaveLength(2));
    expect(screen.getByRole('link', { name: /消息中心/ }).getAttribute('href')).toBe(paths.message);
  });

  test('When signed in, then only the features that work are offered', async () => {
    useSession.getState().setToken('token');
    renderPage(<CenterPage />, { path: paths.center });
    await screen.findByText('demo01');

    expect(screen.getByRole('link', { name: /个人资料/ }).getAttribute('href')).toBe(paths.personalInfo);
    expect(screen.getByRole('link', { name: /安全设置/ }).getAttribute('href')).toBe(paths.setting);
    expect(screen.getByRole('link', { name: /VIP特权/ }).getAttribute('href')).toBe(paths.vipPrivilege);
    expect(screen.getByRole('link', { name: /意见反馈/ }).getAttribute('href')).toBe(paths.feedback);
    expect(screen.getByRole('link', { name: /帮助中心/ }).getAttribute('href')).toBe(paths.helpCenter);
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    for (const label of UNBUILT) expect(screen.queryByText(label)).toBeNull();
  });

  test('When signed in, then deposit, withdraw, transfer, my assets, cards, records and bets are offered', async () => {
    useSession.getState().setToken('token');
    renderPage(<CenterPage />, { path: paths.center });
    await screen.findByText('demo01');

    for (const [label, to] of WALLET) {
      expect(screen.getByRole('link', { name: new RegExp(label) }).getAttribute('href')).toBe(to);
    }
  });

  test('When signed out, then login and register are offered and nothing is fetched', async () => {
    renderPage(<CenterPage />, { path: paths.center });

    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login?redirect=%2Fapp%2Fcenter');
    expect(screen.getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/register?redirect=%2Fapp%2Fcenter');
    expect(screen.queryByText('退出登录')).toBeNull();
    // What anyone may read stays reachable; the member's own pages do not show.
    expect(screen.getByRole('link', { name: /品牌赞助/ }).getAttribute('href')).toBe(paths.sponsor);
    expect(screen.getByRole('link', { name: /帮助中心/ }).getAttribute('href')).toBe(paths.helpCenter);
    expect(screen.queryByText('消息中心')).toBeNull();
  });
});

describe('center entries', () => {
  test('every entry that is switched on has somewhere to go', () => {
    for (const entry of centerEntries) if (entry.enabled) expect(entry.to).toMatch(/^\//);
  });

  test('an entry appears as soon as its flag is switched on', () => {
    const withHelp: CenterEntry[] = centerEntries.map((entry) =>
      entry.key === 'help' ? { ...entry, enabled: true, to: '/help' } : entry,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <CenterEntries entries={withHelp} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('link', { name: /帮助中心/ }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('link', { name: /意见反馈/ }).getAttribute('href')).toBe(paths.feedback);
  });
});

import { api, type Game, type GameGroup, type HomeContent } from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { GAME_SHOW_IDS } from '../../../shared/config';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { resetVisit } from '../notice-popups';
import HomePage from './HomePage';

const server = startMockApi();

const game = (id: number, sort: number, name: string, extra: Partial<Game> = {}): Game => ({
  id,
  sort,
  name,
  code: `g${id}`,
  gtype: 'slot',
  platform: 'pg',
  icon: '',
  playable: false,
  maintenance: false,
  ...extra,
});

const open = { playable: true };
const groups: GameGroup[] = [
  {
    id: 3,
    name: '电子',
    icon: '',
    sort: 30,
    games: [game(1003, 2, '麻将胡了', open), game(1004, 1, '赏金船长', open), game(1007, 3, '水果机')],
  },
  {
    id: 1,
    name: '体育',
    icon: '',
    sort: 10,
    games: [game(1002, 5, '篮球', open), game(1001, 1, '足球', open), game(1005, 3, '网球', { maintenance: true })],
  },
  { id: 2, name: '真人', icon: '', sort: 20, games: [game(1006, 1, '百家乐', open)] },
  { id: 4, name: '空组', icon: '', sort: 5, games: [] },
  // Nothing here opens: a group of coming-soon tiles is left out like an empty one.
  { id: 5, name: '捕鱼', icon: '', sort: 40, games: [game(1008, 1, '捕鱼达人'), game(1009, 2, '深海捕鱼')] },
];

const content: HomeContent = {
  banners: [{ id: 1, image: '/uploads/banner-1.png', title: '新人首存送好礼', link: '/activity/list?id=1' }],
  notices: [
    {
      id: 1,
      title: '系统维护通知',
      content: '今晚02:00-04:00维护\n请提前安排',
      createdAt: '2025-05-01 10:00:00',
      popup: false,
    },
  ],
};

function serve({ games = groups, home = content } = {}) {
  const shows: (string | null)[] = [];
  server.use(
    http.get(at(api.gameList), ({ request }) => {
      shows.push(new URL(request.url).searchParams.get('show'));
      return HttpResponse.json(ok(games));
    }),
    http.get(at(api.homeContent), () => HttpResponse.json(ok(home))),
    http.get(at(api.preInfo), () =>
      HttpResponse.json(
        ok({
          customer_service: '',
          username: '',
          isLogin: false,
          whatsAppUrl: '',
          site: 'jinb',
          timeZone: 'Asia/Shanghai',
        }),
      ),
    ),
    http.get(at(api.balance), () => HttpResponse.json(ok({ balance: '1234.5678', currency: 'CNY', symbol: '¥' }))),
  );
  return shows;
}

beforeEach(() => {
  useSession.getState().logout();
  localStorage.clear();
  resetVisit();
});

describe('game catalogue', () => {
  test('asks for this variant’s show-ids and lists groups in sort order, empty groups left out', async () => {
    const shows = serve();
    renderPage(<HomePage />, { route: '/app/home' });

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['体育', '真人', '电子']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(shows).toEqual([GAME_SHOW_IDS]);
  });

  test('shows the chosen group’s games in sort order: open ones as links, one in maintenance marked 维护中', async () => {
    serve();
    renderPage(<HomePage />, { route: '/app/home' });

    const panel = await screen.findByRole('tabpanel');
    const cards = Array.from(panel.querySelectorAll<HTMLElement>('a, button'));
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['足球', '网球 维护中', '篮球']);
    expect(within(cards[1]!).getByText('维护中')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '电子' }));
    const electronic = within(screen.getByRole('tabpanel')).getAllByRole('link');
    expect(electronic.map((card) => card.getAttribute('aria-label'))).toEqual(['赏金船长', '麻将胡了']);
  });

  test('a game that neither opens nor is in maintenance is not shown, and nothing says it is coming', async () => {
    serve();
    renderPage(<HomePage />, { route: '/app/home' });

    fireEvent.click(await screen.findByRole('tab', { name: '电子' }));
    expect(screen.queryByText('水果机')).toBeNull();
    expect(screen.queryByRole('tab', { name: '捕鱼' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/即将开放|敬请期待/);
  });

  test('tapping a game in maintenance explains instead of launching anything', async () => {
    serve();
    renderPage(<HomePage />, { route: '/app/home' });

    fireEvent.click(await screen.findByRole('button', { name: '网球 维护中' }));
    expect(await screen.findByText('该游戏维护中，请稍后再试')).toBeTruthy();
  });

  test('an empty catalogue says there are no games', async () => {
    serve({ games: [] });
    renderPage(<HomePage />, { route: '/app/home' });
    expect(await screen.findByText('暂无游戏')).toBeTruthy();
  });

  test('a failed catalogue shows the server message with a retry that loads it', async () => {
    let calls = 0;
    serve();
    server.use(
      http.get(at(api.gameList), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ status: false, data: '系统维护中', code: 'MAINTENANCE' }, { status: 503 })
          : HttpResponse.json(ok(groups));
      }),
    );
    renderPage(<HomePage />, { route: '/app/home' });

    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findAllByRole('tab')).toHaveLength(3);
    expect(screen.queryByText('系统维护中')).toBeNull();
  });
});

describe('header and content', () => {
  test('a visitor sees login and register; the notice titles scroll and a tap shows the full text', async () => {
    serve();
    renderPage(<HomePage />, { route: '/app/home' });

    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '注册' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '新人首存送好礼' })).toBeTruthy();

    fireEvent.click(await screen.findByText('系统维护通知'));
    expect(await screen.findByText('今晚02:00-04:00维护')).toBeTruthy();
    expect(screen.getByText('请提前安排')).toBeTruthy();
  });

  test('a member sees the balance truncated to 2 decimals', async () => {
    serve();
    useSession.getState().setToken('tok');
    renderPage(<HomePage />, { route: '/app/home' });
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('¥ 1234.56'));
  });

  test('a member gets deposit, withdraw and transfer one tap from home; a visitor does not', async () => {
    serve();
    const visitor = renderPage(<HomePage />, { route: '/app/home' });
    expect(screen.queryByRole('navigation', { name: '钱包快捷入口' })).toBeNull();
    visitor.unmount();

    useSession.getState().setToken('tok');
    renderPage(<HomePage />, { route: '/app/home' });
    const actions = within(screen.getByRole('navigation', { name: '钱包快捷入口' })).getAllByRole('link');
    expect(actions.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['充值', '/finance/deposit'],
      ['提现', '/finance/withdraw'],
      ['转账', '/finance/transfer'],
    ]);
    fireEvent.click(actions[2]!);
    expect(screen.getByTestId('location').textContent).toBe('/finance/transfer');
  });

  test('login opens the login page', async () => {
    serve();
    renderPage(<HomePage />, { route: '/app/home' });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});

describe('announcement popups', () => {
  const popup = {
    id: 7,
    title: '双十二充值狂欢',
    content: '每日首笔充值加赠彩金',
    createdAt: '2025-05-01 10:00:00',
    popup: true,
  };

  test('a popup notice opens once per visit; 今日不再提示 keeps it closed today, even after a reload', async () => {
    serve({ home: { ...content, notices: [...content.notices, popup] } });
    const first = renderPage(<HomePage />, { route: '/app/home' });
    const dialog = await screen.findByRole('dialog', { name: popup.title });
    expect(within(dialog).getByText(popup.content)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('今日不再提示'));
    fireEvent.click(within(dialog).getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: popup.title })).toBeNull());
    first.unmount();

    // A reload: a new visit, but dismissed for today.
    resetVisit();
    renderPage(<HomePage />, { route: '/app/home' });
    await screen.findByLabelText('公告');
    expect(screen.queryByRole('dialog', { name: popup.title })).toBeNull();
  });

  test('closed without 今日不再提示 it stays closed for the visit and opens again on a reload', async () => {
    serve({ home: { ...content, notices: [popup] } });
    const first = renderPage(<HomePage />, { route: '/app/home' });
    fireEvent.click(await screen.findByRole('button', { name: '我知道了' }));
    first.unmount();
    const again = renderPage(<HomePage />, { route: '/app/home' });
    await screen.findByLabelText('公告');
    expect(screen.queryByRole('dialog', { name: popup.title })).toBeNull();
    again.unmount();

    resetVisit();
    renderPage(<HomePage />, { route: '/app/home' });
    expect(await screen.findByRole('dialog', { name: popup.title })).toBeTruthy();
  });
});

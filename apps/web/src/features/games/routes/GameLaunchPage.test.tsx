import { api, casinoApi, type Game, type GameGroup, type GameLaunch } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import GameLaunchPage from './GameLaunchPage';

const server = startMockApi();

const route = (id: number, title: string, code: string, gtype: string) =>
  `/games/${id}/${encodeURIComponent(title)}/${code}/${gtype}`;
const launch = (id: number, title: string, code = `house-${id}`, gtype = 'live') =>
  renderPage(<GameLaunchPage />, { route: route(id, title, code, gtype), path: paths.game });

let sent: Array<{ body: string }>;
function answer(result: GameLaunch | { code: string; data: string; status: number }) {
  sent = [];
  server.use(
    http.post(at(casinoApi.gameLaunch), async ({ request }) => {
      sent.push({ body: await request.text() });
      if ('code' in result)
        return HttpResponse.json({ status: false, data: result.data, code: result.code }, { status: result.status });
      return HttpResponse.json(ok(result));
    }),
  );
}

const tile = (id: number, name: string, extra: Partial<Game> = {}): Game => ({
  id,
  sort: id,
  name,
  code: `house-${id}`,
  gtype: 'live',
  platform: 'house',
  icon: '',
  playable: true,
  maintenance: false,
  ...extra,
});

/** The lobby's catalogue: two games open, one in maintenance, one nothing serves, the asked-for one. */
function serveCatalogue() {
  const groups: GameGroup[] = [
    {
      id: 2,
      name: '真人',
      icon: '',
      sort: 2,
      games: [tile(1002, '百家乐'), tile(1030, '捕鱼达人', { playable: false })],
    },
    {
      id: 1,
      name: '热门',
      icon: '',
      sort: 1,
      games: [
        tile(1001, '金币体育', { gtype: 'sport' }),
        tile(1002, '百家乐'),
        tile(1019, '财神到', { maintenance: true }),
      ],
    },
  ];
  server.use(http.get(at(api.gameList), () => HttpResponse.json(ok(groups))));
}

beforeEach(() => {
  useSession.getState().logout();
  useSession.getState().clearGame();
});

describe('GameLaunchPage', () => {
  test('When the lobby’s 足球 entry is opened, then the sportsbook opens on football without a launch call', async () => {
    answer({ code: 'GAME_UNKNOWN', data: 'x', status: 404 });
    launch(1006, '足球', 'house-1006', 'sport');
    expect((await screen.findByTestId('location')).textContent).toBe(`${paths.sports}?sport=football`);
    expect(sent).toHaveLength(0);
  });

  test('When 金币体育 is opened, then the sports home opens', async () => {
    launch(1001, '金币体育', 'house-1001', 'sport');
    expect((await screen.findByTestId('location')).textContent).toBe(paths.sports);
  });

  test('When a visitor opens a casino game, then they sign in first and come back to it', async () => {
    launch(1002, '百家乐');
    expect((await screen.findByTestId('location')).textContent).toBe(
      `${paths.login}?redirect=${encodeURIComponent(route(1002, '百家乐', 'house-1002', 'live'))}`,
    );
  });

  test('When a house table is launched, then its page replaces the game route', async () => {
    useSession.getState().setToken('token');
    answer({ url: '/casino/BAC1', kind: 'site', gameid: '1002', platform: 'house', wallet: 'house', transferred: '0' });
    launch(1002, '百家乐');
    expect((await screen.findByTestId('location')).textContent).toBe('/casino/BAC1');
    expect(sent).toEqual([{ body: 'id=1002' }]);
  });

  test('When a vendor game is launched, then it plays in a frame, the heartbeat names it, and back leads to venueBack', async () => {
    useSession.getState().setToken('token');
    answer({
      url: 'http://127.0.0.1:18081/launch?token=abc',
      kind: 'vendor',
      gameid: '1018',
      platform: 'slot1',
      wallet: 'transfer',
      transferred: '100.0000',
    });
    launch(1018, '水浒传', 'slot1-1018', 'slot');
    const frame = await screen.findByTitle('水浒传游戏画面');
    expect(frame.getAttribute('src')).toBe('http://127.0.0.1:18081/launch?token=abc');
    expect(useSession.getState().game).toEqual({ gameid: '1018', platform: 'slot1', startGame: true });

    await userEvent.click(screen.getByRole('button', { name: '返回' }));
    expect((await screen.findByTestId('location')).textContent).toBe(`${paths.venueBack}?platform=slot1`);
    // Leaving the frame ends the game for the heartbeat.
    expect(useSession.getState().game.startGame).toBe(false);
  });

  test('When the vendor is in maintenance, then the member is told in Chinese and can go home', async () => {
    useSession.getState().setToken('token');
    answer({ code: 'VENUE_UNAVAILABLE', data: '场馆维护中，请稍后再试', status: 409 });
    launch(1019, '财神到', 'slot1-1019', 'slot');
    expect(await screen.findByText('场馆维护中，请稍后再试')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.home);
    expect(useSession.getState().game.startGame).toBe(false);
  });

  test('When nothing serves a game, then it says so (no coming soon) and lists the games that open', async () => {
    useSession.getState().setToken('token');
    answer({ code: 'GAME_UNAVAILABLE', data: '该游戏暂不可玩，请选择其他游戏', status: 409 });
    serveCatalogue();
    launch(1030, '捕鱼达人', 'fish1-1030', 'fish');
    expect(await screen.findByText('捕鱼达人暂不可玩，换个游戏试试')).toBeTruthy();
    const list = await screen.findByRole('region', { name: '现在可以玩' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['金币体育', '百家乐']);
    expect(links[1]!.getAttribute('href')).toBe(route(1002, '百家乐', 'house-1002', 'live'));
    expect(document.body.textContent).not.toMatch(/即将开放|敬请期待/);
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
  });

  test('When the game does not exist, then it says so and offers the games that open instead of a retry', async () => {
    useSession.getState().setToken('token');
    answer({ code: 'GAME_UNKNOWN', data: '该游戏不存在', status: 404 });
    serveCatalogue();
    launch(99999, '不存在', 'nope-1', 'slot');
    expect(await screen.findByText('没有找到“不存在”这个游戏')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '百家乐' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
  });

  test('When the vendor fails, then its message shows with a retry that launches again', async () => {
    useSession.getState().setToken('token');
    answer({ code: 'VENDOR_FAILED', data: '游戏启动失败，请稍后再试', status: 502 });
    launch(1016, '牛牛', 'live1-1016', 'live');
    expect(await screen.findByText('游戏启动失败，请稍后再试')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });
});

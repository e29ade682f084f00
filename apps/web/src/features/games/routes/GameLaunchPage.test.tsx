import { casinoApi, type GameLaunch } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
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

  test('When a game is not playable yet, then it says it is coming', async () => {
    useSession.getState().setToken('token');
    answer({ code: 'GAME_UNAVAILABLE', data: '该游戏即将开放，敬请期待', status: 409 });
    launch(1030, '捕鱼');
    expect(await screen.findByText('捕鱼即将开放，敬请期待')).toBeTruthy();
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

import { api } from '@jinb/contract';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { get, setSessionExpiredHandler } from '../shared/api/client';
import { paths } from '../shared/paths';
import { balanceQuery, unreadQuery } from '../shared/session/session.queries';
import { useSession } from '../shared/session/session-store';
import { at, ok, startMockApi } from '../shared/testing/server';
import {
  HEARTBEAT_INTERVAL_MS,
  installSessionExpiredHandler,
  loadSessionOnStart,
  resetSessionStartForTests,
  startHeartbeat,
} from './session-plumbing';

const server = startMockApi();

type NativeHost = Window & { webkit?: unknown };

beforeEach(() => {
  useSession.getState().logout();
  resetSessionStartForTests();
});

afterEach(() => {
  vi.useRealTimers();
  setSessionExpiredHandler(() => {});
  delete (window as NativeHost).webkit;
});

function expireSession() {
  useSession.getState().setToken('stale');
  server.use(
    http.get(at(api.token), () => HttpResponse.json({ status: false, data: 'token', code: 'SESSION_EXPIRED' })),
  );
  return get('token').catch(() => {});
}

describe('expired session', () => {
  test('in the browser, the member is sent to the login page', async () => {
    const goTo = vi.fn();
    installSessionExpiredHandler(goTo);
    await expireSession();
    expect(goTo).toHaveBeenCalledWith(paths.login);
  });

  test('outside the app, a native handler the page happens to see is left alone', async () => {
    const postMessage = vi.fn();
    (window as NativeHost).webkit = { messageHandlers: { login: { postMessage } } };
    const goTo = vi.fn();
    installSessionExpiredHandler(goTo);

    await expireSession();

    expect(postMessage).not.toHaveBeenCalled();
    expect(goTo).toHaveBeenCalledWith(paths.login);
  });

  test('inside the native app, its own sign-in is called instead', async () => {
    const postMessage = vi.fn();
    (window as NativeHost).webkit = { messageHandlers: { login: { postMessage } } };
    sessionStorage.setItem('app', 'ios');
    const goTo = vi.fn();
    installSessionExpiredHandler(goTo);

    await expireSession();

    expect(postMessage).toHaveBeenCalledWith({ action: 'login' });
    expect(goTo).not.toHaveBeenCalled();
  });

  test('inside the app without a native handler, the failure is logged and the web login opens', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('app', 'android');
    const goTo = vi.fn();
    installSessionExpiredHandler(goTo);

    await expireSession();

    expect(error).toHaveBeenCalledWith('native login handler missing');
    expect(goTo).toHaveBeenCalledWith(paths.login);
    error.mockRestore();
  });
});

describe('start-up', () => {
  test('a stored session loads the member, the balance and the unread count once', async () => {
    const seen: string[] = [];
    server.use(
      http.get(at(api.token), ({ request }) => {
        seen.push(new URL(request.url).pathname);
        return HttpResponse.json(ok({ account: 'demo01' }));
      }),
      http.get(at(api.balance), ({ request }) => {
        seen.push(new URL(request.url).pathname);
        return HttpResponse.json(ok({ balance: '5.0000', currency: 'CNY', symbol: '¥' }));
      }),
      http.get(at(api.messageNum), ({ request }) => {
        seen.push(new URL(request.url).pathname);
        return HttpResponse.json(ok({ count: 2 }));
      }),
    );
    useSession.getState().setToken('tok');
    const client = new QueryClient();

    loadSessionOnStart(client);
    loadSessionOnStart(client);

    await vi.waitFor(() => expect(client.getQueryData(unreadQuery.queryKey)).toBe(2));
    await vi.waitFor(() => expect(client.getQueryData(balanceQuery.queryKey)?.balance).toBe('5.0000'));
    expect(seen.sort()).toEqual([api.balance, api.messageNum, api.token].sort());
  });

  test('a visitor without a session causes no member calls', async () => {
    const requested: string[] = [];
    const record = ({ request }: { request: Request }) => {
      requested.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', record);
    const client = new QueryClient();

    loadSessionOnStart(client);

    // A started query is in the cache and fetching at once; a request it sends reaches the mock API within a tick.
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(client.isFetching()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.events.removeListener('request:start', record);
    expect(requested).toEqual([]);
  });
});

describe('heartbeat', () => {
  test('while logged in, posts gameid and platform every 30 s, and stops at logout', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const beats: string[] = [];
    server.use(
      http.post(at(api.heartbeat), async ({ request }) => {
        beats.push(await request.text());
        return HttpResponse.json(ok(null));
      }),
    );
    const stop = startHeartbeat();

    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(beats).toEqual([]);

    useSession.getState().setToken('tok');
    useSession.getState().startGame('1001', 'pg');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 1);
    expect(beats).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(beats).toEqual(['gameid=1001&platform=pg']));

    useSession.getState().logout();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 3);
    expect(beats).toHaveLength(1);
    stop();
  });

  test('a rotated token does not restart the 30 s clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let beats = 0;
    server.use(
      http.post(at(api.heartbeat), () => {
        beats += 1;
        return HttpResponse.json(ok(null));
      }),
    );
    useSession.getState().setToken('first');
    const stop = startHeartbeat();

    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS / 2);
    useSession.getState().setToken('rotated');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS / 2);

    await vi.waitFor(() => expect(beats).toBe(1));
    stop();
  });
});

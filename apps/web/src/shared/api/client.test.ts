import { api, sportsApi, walletApi } from '@jinb/contract';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useSession } from '../session/session-store';
import { at, ok, startMockApi } from '../testing/server';
import { ApiError, get, post, request, setSessionExpiredHandler } from './client';

const server = startMockApi();

function captureRequests(
  path: string,
  method: 'get' | 'post',
  reply: () => Response = () => HttpResponse.json(ok({})),
) {
  const seen: Request[] = [];
  server.use(
    http[method](at(path), ({ request }) => {
      seen.push(request.clone());
      return reply();
    }),
  );
  return seen;
}

beforeEach(() => {
  useSession.getState().logout();
  setSessionExpiredHandler(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('request headers', () => {
  test('every call carries d=25, the language, the device id and, when signed in, the token', async () => {
    useSession.getState().setToken('tok-1');
    const seen = captureRequests(api.balance, 'get');

    await get('balance');

    const headers = seen[0]!.headers;
    expect(headers.get('d')).toBe('25');
    expect(headers.get('lang')).toBe('zh-CN');
    expect(headers.get('device_no')).toMatch(/^h5-(ios|android)[a-z0-9]+$/);
    expect(headers.get('t')).toBe('tok-1');
  });

  test('a visitor without a session sends no token header', async () => {
    const seen = captureRequests(api.preInfo, 'get');
    await get('preInfo');
    expect(seen[0]!.headers.has('t')).toBe(false);
  });

  test('query values are sent, undefined ones are left out', async () => {
    const seen = captureRequests(api.newsList, 'get');
    await request('GET', api.newsList, { query: { page: 2, size: 10, tag: undefined } });
    const url = new URL(seen[0]!.url);
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.has('tag')).toBe(false);
  });
});

describe('request bodies', () => {
  test('a POST is form-encoded key=value pairs, skipping undefined values', async () => {
    const seen = captureRequests(api.heartbeat, 'post');
    await request('POST', api.heartbeat, { body: { gameid: 'g 1', platform: 'pg', skipped: undefined } });
    expect(seen[0]!.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(await seen[0]!.text()).toBe('gameid=g+1&platform=pg');
  });

  test('a payload flagged json is sent as raw JSON', async () => {
    const seen = captureRequests('/api/findmed/v1/task/list', 'post');
    await request('POST', '/api/findmed/v1/task/list', { body: { page: 1 }, json: true });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]!.json()).toEqual({ page: 1 });
  });

  test('a path containing /keep_house/ is always sent as JSON', async () => {
    const seen = captureRequests('/api/keep_house/v1/save', 'post');
    await request('POST', '/api/keep_house/v1/save', { body: { amount: '10.00' } });
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]!.json()).toEqual({ amount: '10.00' });
  });
});

describe('calls by endpoint name', () => {
  test('a GET goes to the path the contract names, with its query', async () => {
    const seen = captureRequests(api.newsList, 'get');
    await get('newsList', { query: { page: 2, size: 10 } });
    expect(new URL(seen[0]!.url).search).toBe('?page=2&size=10');
  });

  test('a POST sends its body form-encoded to the named path, with the Idempotency-Key when given', async () => {
    const seen = captureRequests(walletApi.bindCard, 'post');
    await post('bindCard', {
      body: { kind: 'bank', accountNo: '6222', password: 'cipher' },
      idempotencyKey: 'key-1234',
    });
    expect(seen[0]!.method).toBe('POST');
    expect(await seen[0]!.text()).toBe('kind=bank&accountNo=6222&password=cipher');
    expect(seen[0]!.headers.get('idempotency-key')).toBe('key-1234');
  });

  test('a call may carry extra headers of its own (a chat guest’s token) besides the site’s', async () => {
    const seen = captureRequests(api.newsList, 'get');
    await get('newsList', { query: { page: 1, size: 10 }, headers: { 'x-guest-token': 'g-1' } });
    expect(seen[0]!.headers.get('x-guest-token')).toBe('g-1');
    expect(seen[0]!.headers.get('device_no')).toMatch(/^h5-/);
  });

  test('the name, the query, the body and the result are typed by the endpoint table', () => {
    // Type checks only (tsc runs over this file): each line below would compile if the table stopped saying so.
    const typed = async () => {
      const balance: string = (await get('balance')).balance;
      // @ts-expect-error the balance is a decimal string, not a number
      const wrong: number = (await get('balance')).balance;
      // @ts-expect-error login is a POST
      await get('login');
      // @ts-expect-error a promotion's detail needs its id
      await get('promoDetail');
      // @ts-expect-error the SMS call's body needs the captcha answer
      await post('sms', { body: { phone: '13800000000', area: '86', type: 'register' } });
      // @ts-expect-error the operator console's calls with path parameters are not the site's
      await get('adminMemberWallet');
      // @ts-expect-error a path with parameters goes through getAt (calls.ts), which fills them in
      await get('sportsEvent');
      return [balance, wrong];
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('responses', () => {
  test('resolves with `data` of a successful envelope', async () => {
    server.use(http.get(at(api.balance), () => HttpResponse.json(ok({ balance: '12.3400' }))));
    await expect(get('balance')).resolves.toEqual({ balance: '12.3400' });
  });

  test('a failed envelope rejects with ApiError carrying the server message and code', async () => {
    server.use(
      http.post(at(api.login), () =>
        HttpResponse.json({ status: false, data: '账号或密码错误', code: 'LOGIN_WRONG' }, { status: 400 }),
      ),
    );
    const error = await post('login', { body: { account: 'demo01', password: 'x', code: '1234' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: '账号或密码错误', code: 'LOGIN_WRONG', httpStatus: 400 });
  });

  test('a refusal under a code this build has never heard of still shows the server’s message', async () => {
    // The site keeps no copy of the server's messages: a code added to the server after this build (here a made-up
    // one) reaches the member in the server's words, and the first screen does not grow with each new code.
    server.use(
      http.get(at(api.balance), () =>
        HttpResponse.json(
          { status: false, data: '该功能维护中，请稍后再试', code: 'NEWER_THAN_THIS_BUILD' },
          { status: 409 },
        ),
      ),
    );
    expect(await get('balance').catch((caught: unknown) => caught)).toMatchObject({
      message: '该功能维护中，请稍后再试',
      code: 'NEWER_THAN_THIS_BUILD',
      httpStatus: 409,
    });
  });

  test('a refusal with a detail carries it, for the page to act on (ODDS_CHANGED: the prices now)', async () => {
    const detail = { legs: [{ selectionId: '7', odds: '1.80', version: 3, status: 'open' }] };
    server.use(
      http.post(at(sportsApi.placeBet), () =>
        HttpResponse.json({ status: false, data: '赔率已变化', code: 'ODDS_CHANGED', detail }, { status: 409 }),
      ),
    );
    const error = await post('placeBet', {
      body: { type: 'single', stake: '10', legs: [{ selectionId: '7', odds: '1.85' }] },
      json: true,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ODDS_CHANGED', httpStatus: 409, detail });
  });

  test('an expired session logs out and hands over to the expiry handler', async () => {
    useSession.getState().setToken('old');
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    server.use(
      http.get(at(api.token), () => HttpResponse.json({ status: false, data: 'token', code: 'SESSION_EXPIRED' })),
    );

    const error = await get('token').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ code: 'SESSION_EXPIRED', message: '登录已过期，请重新登录' });
    expect(useSession.getState().token).toBe('');
    expect(sessionStorage.getItem('t')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  test('the `id` response header replaces the stored token', async () => {
    useSession.getState().setToken('old');
    server.use(http.get(at(api.token), () => HttpResponse.json(ok({}), { headers: { id: 'rotated' } })));
    await get('token');
    expect(useSession.getState().token).toBe('rotated');
    expect(sessionStorage.getItem('t')).toBe('rotated');
  });

  test('the `vid` response header is stored as vid', async () => {
    server.use(http.get(at(api.preInfo), () => HttpResponse.json(ok({}), { headers: { vid: 'visitor-7' } })));
    await get('preInfo');
    expect(sessionStorage.getItem('vid')).toBe('visitor-7');
  });

  test('a call that takes longer than 10 s fails saying it timed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get(at(api.balance), async () => {
        await delay('infinite');
        return HttpResponse.json(ok({}));
      }),
    );
    const pending = get('balance').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', message: '请求超时，请重试' });
  });

  test('a network failure fails saying the connection failed', async () => {
    server.use(http.get(at(api.balance), () => HttpResponse.error()));
    expect(await get('balance').catch((caught: unknown) => caught)).toMatchObject({
      code: 'NETWORK',
      message: '网络连接失败，请重试',
    });
  });

  test('an answer that is not an envelope (a proxy’s error page) fails with the busy message', async () => {
    server.use(http.get(at(api.balance), () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502 })));
    expect(await get('balance').catch((caught: unknown) => caught)).toMatchObject({
      code: 'INTERNAL',
      httpStatus: 502,
      message: '系统繁忙，请重试',
    });
  });
});

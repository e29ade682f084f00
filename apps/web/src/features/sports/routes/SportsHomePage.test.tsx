import { sportsApi } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { useSlip } from '../slip/slip-store';
import { bookHandlers, config, event, market, summary } from '../sports.test-fixtures';
import SportsHomePage from './SportsHomePage';

const server = startMockApi();

const cityArsenal = event();
const madridDerby = event({ competition: { id: '2', name: '西甲' }, home: '皇马', away: '马竞' });
const liverpool = event({
  home: '利物浦',
  away: '切尔西',
  status: 'live',
  score: { home: 2, away: 1 },
  markets: [market({ type: '1x2' }, { home: '1.20', draw: '6.00', away: '11.00' })],
});

let asked: URLSearchParams[];

/** Football's 今日 named in the link, as coming back from an event page does. */
const FOOTBALL_TODAY = `${paths.sports}?sport=football&list=today`;

beforeEach(() => {
  useSession.getState().logout();
  useSlip.getState().clear();
  asked = [];
  server.use(...bookHandlers([cityArsenal, madridDerby, liverpool]));
  // Handlers added later are asked first.
  server.use(
    http.get(at(sportsApi.sportsEvents), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const list =
        query.get('status') === 'live'
          ? [liverpool]
          : query.get('q') === '皇马'
            ? [madridDerby]
            : [cityArsenal, madridDerby];
      return HttpResponse.json(ok(list.map(summary)));
    }),
  );
});

describe('SportsHomePage', () => {
  test('When football’s 今日 opens, then its events show by competition, each with its headline prices', async () => {
    renderPage(<SportsHomePage />, { route: FOOTBALL_TODAY });

    const premierLeague = await screen.findByRole('region', { name: '英超' });
    expect(screen.getByRole('region', { name: '西甲' })).toBeTruthy();
    expect(asked[0]!.get('sport')).toBe('football');
    expect(asked[0]!.get('status')).toBe('today');
    expect(within(premierLeague).getByRole('link', { name: '曼城 对 阿森纳 全部玩法' }).getAttribute('href')).toBe(
      `${paths.sports}?event=${cityArsenal.id}`,
    );
    const prices = within(premierLeague).getAllByRole('button', { pressed: false });
    expect(prices.map((button) => button.textContent)).toEqual([
      '主1.85',
      '和3.40',
      '客4.20',
      '主 -0.51.95',
      '客 +0.51.90',
      '大 2.51.92',
      '小 2.51.93',
    ]);
    // The menu's counts on the tabs.
    expect(screen.getByRole('tab', { name: '今日 2' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: '足球 8' })).toBeTruthy();
  });

  test('When 滚球 is picked, then the live list is asked for and shows the score', async () => {
    const member = userEvent.setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await screen.findByRole('region', { name: '英超' });

    await member.click(screen.getByRole('tab', { name: '滚球 1' }));

    await screen.findByText('利物浦');
    expect(asked.at(-1)!.get('status')).toBe('live');
    const row = screen.getByRole('link', { name: '利物浦 对 切尔西 全部玩法' });
    expect(row.textContent).toContain('滚球');
    expect(row.textContent).toContain('利物浦2');
    expect(row.textContent).toContain('切尔西1');
  });

  test('When a competition is folded, then its events hide and come back on the next tap', async () => {
    const member = userEvent.setup();
    renderPage(<SportsHomePage />, { route: FOOTBALL_TODAY });
    const group = await screen.findByRole('region', { name: '英超' });
    const fold = within(group).getByRole('button', { name: /英超/ });

    await member.click(fold);
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: '曼城 对 阿森纳 全部玩法' })).toBeNull();

    await member.click(fold);
    expect(screen.getByRole('link', { name: '曼城 对 阿森纳 全部玩法' })).toBeTruthy();
  });

  test('When a search is typed, then events are asked for by name across the sport’s lists', async () => {
    const member = userEvent.setup();
    renderPage(<SportsHomePage />, { route: paths.sports });
    await screen.findByRole('region', { name: '英超' });

    await member.type(screen.getByRole('searchbox', { name: '搜索赛事' }), '皇马');

    await waitFor(() => expect(asked.at(-1)!.get('q')).toBe('皇马'));
    await waitFor(() => expect(screen.queryByRole('region', { name: '英超' })).toBeNull());
    expect(screen.getByRole('region', { name: '西甲' }).textContent).toContain('皇马');
    expect(asked.at(-1)!.get('status')).toBeNull();
  });

  test('When a list is empty, then it says so', async () => {
    server.use(http.get(at(sportsApi.sportsEvents), () => HttpResponse.json(ok([]))));
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=tennis&list=early` });

    expect(await screen.findByText('暂无早盘赛事')).toBeTruthy();
  });

  test('When the book is under maintenance, then the member is told so, with a retry', async () => {
    server.use(
      http.get(at(sportsApi.sportsEvents), () =>
        HttpResponse.json({ status: false, data: '系统维护中', code: 'MAINTENANCE' }, { status: 503 }),
      ),
    );
    renderPage(<SportsHomePage />, { route: paths.sports });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('体育维护中');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('the list a sport opens on', () => {
  test('When a sport is opened without a list and has nothing in play or today, then 早盘 opens, never an empty 今日', async () => {
    // The lobby's 网球: the menu counts no live and no today events, one early one.
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=tennis` });

    await waitFor(() => expect(screen.getByRole('tab', { name: '早盘 1' }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.get('sport')).toBe('tennis');
    expect(asked[0]!.get('status')).toBe('early');
    expect(screen.queryByText('今日暂无赛事')).toBeNull();
  });

  test('When a sport is opened without a list and has events today but none in play, then 今日 opens', async () => {
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=basketball` });

    await waitFor(() => expect(asked[0]?.get('status')).toBe('today'));
    expect(asked[0]!.get('sport')).toBe('basketball');
    expect(screen.getByRole('tab', { name: '今日 1' }).getAttribute('aria-selected')).toBe('true');
  });

  test('When the sports home opens with events in play, then 滚球 opens first', async () => {
    renderPage(<SportsHomePage />, { route: paths.sports });

    await screen.findByText('利物浦');
    expect(asked[0]!.get('status')).toBe('live');
    expect(screen.getByRole('tab', { name: '滚球 1' }).getAttribute('aria-selected')).toBe('true');
  });

  test('When another sport is picked, then the list stays if that sport has events there, else its first list with events opens', async () => {
    const member = userEvent.setup();
    renderPage(<SportsHomePage />, { route: FOOTBALL_TODAY });
    await screen.findByRole('region', { name: '英超' });

    await member.click(screen.getByRole('tab', { name: '篮球 3' }));
    await waitFor(() => expect(asked.at(-1)!.get('sport')).toBe('basketball'));
    expect(asked.at(-1)!.get('status')).toBe('today');

    await member.click(screen.getByRole('tab', { name: '网球 1' }));
    await waitFor(() => expect(asked.at(-1)!.get('sport')).toBe('tennis'));
    expect(asked.at(-1)!.get('status')).toBe('early');
  });

  test('When the menu cannot be read, then 今日 opens', async () => {
    server.use(
      http.get(at(sportsApi.sportsMenu), () =>
        HttpResponse.json({ status: false, data: '系统繁忙', code: 'SERVICE_UNAVAILABLE' }, { status: 503 }),
      ),
    );
    renderPage(<SportsHomePage />, { route: `${paths.sports}?sport=tennis` });

    await waitFor(() => expect(asked[0]?.get('status')).toBe('today'));
  });
});

describe('odds formats', () => {
  test('When a visitor picks 香港盘, then every price shows in it and the choice stays on this device', async () => {
    const member = userEvent.setup();
    renderPage(<SportsHomePage />, { route: FOOTBALL_TODAY });
    await screen.findByRole('button', { name: /曼城 对 阿森纳 独赢 主 赔率 1.85/ });

    await member.selectOptions(screen.getByRole('combobox', { name: '赔率格式' }), '香港盘');

    expect(await screen.findByRole('button', { name: /曼城 对 阿森纳 独赢 主 赔率 0.85/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /曼城 对 阿森纳 让球 客 \+0.5 赔率 0.90/ })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('sports-preferences') ?? '{}').state.oddsFormat).toBe('hk');
  });

  test('When a member picks 马来盘, then it is stored on the server and the prices follow', async () => {
    const saved: unknown[] = [];
    server.use(
      ...signedIn(),
      http.put(at(sportsApi.sportsPreferences), async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        saved.push(body);
        return HttpResponse.json(ok({ ...config, ...body }));
      }),
    );
    const member = userEvent.setup();
    renderPage(<SportsHomePage />, { route: FOOTBALL_TODAY });
    await screen.findByRole('button', { name: /曼城 对 阿森纳 独赢 客 赔率 4.20/ });

    await member.selectOptions(screen.getByRole('combobox', { name: '赔率格式' }), '马来盘');

    // 4.20 is 3.20 in Hong Kong odds, above 1, so Malay shows -1 / 3.20 = -0.3125, rounded down.
    expect(await screen.findByRole('button', { name: /曼城 对 阿森纳 独赢 客 赔率 -0.32/ })).toBeTruthy();
    expect(saved).toEqual([{ oddsFormat: 'malay' }]);
    expect(localStorage.getItem('sports-preferences')).toBeNull();
  });
});

describe('a long list', () => {
  test('When a list has more events than a page, then the next page loads as the member reaches the end', async () => {
    // happy-dom does no layout; endless scrolling only asks for more once its footer is laid out (has an offsetParent).
    const laidOut = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    onTestFinished(() => {
      if (laidOut) Object.defineProperty(HTMLElement.prototype, 'offsetParent', laidOut);
    });
    const many = Array.from({ length: 34 }, (_, index) =>
      event({ id: String(100 + index), home: `主队${index}`, away: `客队${index}` }),
    );
    server.use(
      http.get(at(sportsApi.sportsEvents), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const page = Number(query.get('page'));
        const size = Number(query.get('size'));
        return HttpResponse.json(ok(many.slice((page - 1) * size, page * size).map(summary)));
      }),
    );
    renderPage(<SportsHomePage />, { route: FOOTBALL_TODAY });

    await screen.findByRole('link', { name: '主队0 对 客队0 全部玩法' });
    expect(await screen.findByRole('link', { name: '主队33 对 客队33 全部玩法' })).toBeTruthy();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(asked.map((query) => [query.get('page'), query.get('size')])).toEqual([
      ['1', '30'],
      ['2', '30'],
    ]);
  });
});

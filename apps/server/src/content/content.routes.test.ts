import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';

describe.each(testDatabases)('public content on %s', (kind) => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp(kind, { env: { CUSTOMER_SERVICE_URL: 'https://support.example/chat?x=1' } });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('lists only the shown games, grouped and in sort order', async () => {
    const response = await sut.get('/api/findmed/v1/game/list?show=1012,1001,1039,1002,99999');
    const groups = response.json().data as Array<{
      id: number;
      sort: number;
      games: Array<{ id: number; sort: number; playable: boolean }>;
    }>;
    expect(groups.map((group) => group.id)).toEqual([1, 3, 4]);
    expect(groups[0]!.games.map((game) => game.id)).toEqual([1001, 1002]);
    // 金币体育 (1001) is our own sportsbook, 百家乐 (1002) and 极速百家乐 (1012) our tables; 1039 has no vendor.
    expect(groups.flatMap((group) => group.games.map((game) => [game.id, game.playable]))).toEqual([
      [1001, true],
      [1002, true],
      [1012, true],
      [1039, false],
    ]);
    for (const group of groups) {
      const sorts = group.games.map((game) => game.sort);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    }
  });

  it('opens the sportsbook from its football, basketball and tennis entries only', async () => {
    const response = await sut.get('/api/findmed/v1/game/list?show=1006,1007,1008,1009,1010,1011');
    const games = response
      .json()
      .data.flatMap((group: { games: Array<{ name: string; playable: boolean }> }) =>
        group.games.map((game) => [game.name, game.playable]),
      );
    expect(games).toEqual([
      ['足球', true],
      ['篮球', true],
      ['网球', true],
      ['电竞', false],
      ['排球', false],
      ['棒球', false],
    ]);
  });

  it('ignores junk in the show list', async () => {
    const response = await sut.get('/api/findmed/v1/game/list?show=abc,-1,1001.5,1003');
    expect(
      response.json().data.flatMap((group: { games: Array<{ id: number }> }) => group.games.map((game) => game.id)),
    ).toEqual([1001, 1003]);
  });

  it('serves banners and announcements for the home page', async () => {
    const data = (await sut.get('/api/findmed/v1/home/content')).json().data;
    expect(data.banners.length).toBeGreaterThan(0);
    expect(data.notices[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      content: expect.any(String),
    });
  });

  it('pages promotions and news and finds their details', async () => {
    const promos = (await sut.get('/api/findmed/v1/promo/list?page=1&size=2')).json().data;
    // The three seeded promotions and the promotions seed's three activities (red packet, loss rebate, application).
    expect(promos).toMatchObject({ page: 1, size: 2, total: 6 });
    expect(promos.list).toHaveLength(2);
    const detail = (await sut.get(`/api/findmed/v1/promo/detail?id=${promos.list[0].id}`)).json().data;
    expect(detail.content.length).toBeGreaterThan(10);
    expect((await sut.get('/api/findmed/v1/promo/detail?id=999999')).json()).toMatchObject({
      status: false,
      code: 'NOT_FOUND',
    });
    expect((await sut.get('/api/findmed/v1/promo/detail?id=abc')).statusCode).toBe(400);
    const news = (await sut.get('/api/findmed/v1/news/list?page=2&size=4')).json().data;
    expect(news).toMatchObject({ page: 2, total: 6 });
    expect(news.list).toHaveLength(2);
  });

  it('serves the bank list as configuration dictionary 010', async () => {
    const banks = (await sut.get('/api/findmed/v1/member/tree?id=010')).json().data;
    expect(banks[0]).toEqual({ id: '010001', code: 'ICBC', label: '中国工商银行', sort: 1 });
    expect((await sut.get('/api/findmed/v1/member/tree?id=999')).json().data).toEqual([]);
    // The by variant reads them in traditional characters (the feedback form's categories too, issue 25).
    const hongKong = (await sut.get('/api/findmed/v1/member/tree?id=010', { lang: 'zh-HK' })).json().data;
    expect(hongKong[0]).toEqual({ id: '010001', code: 'ICBC', label: '中國工商銀行', sort: 1 });
    const categories = (await sut.get('/api/findmed/v1/member/tree?id=030', { lang: 'zh-HK' })).json().data;
    expect(categories.map((one: { label: string }) => one.label)).toContain('提現問題');
  });

  it('fills preInfo from the session: username only when logged in', async () => {
    const anonymous = (await sut.get('/api/f/v1/member/preInfo')).json().data;
    expect(anonymous).toEqual({
      customer_service: 'https://support.example/chat?x=1',
      username: '',
      isLogin: false,
      whatsAppUrl: '',
      site: 'jinb',
      timeZone: 'Asia/Shanghai',
      // The built-in chat desk (issue 25): on in the demo seed.
      supportDesk: true,
    });
    const { token, account } = await sut.register();
    const member = (await sut.get('/api/f/v1/member/preInfo', { t: token })).json().data;
    expect(member).toMatchObject({ username: account, isLogin: true });
  });

  it('records page views in our own database and returns a visitor id', async () => {
    const response = await sut.post(
      '/api/findmed/v1/md/pv',
      { path: '/app/home', referrer: '' },
      { device_no: 'h5-iosabc123' },
    );
    expect(response.json()).toEqual({ status: true, data: true });
    expect(response.headers.vid).toMatch(/^[a-f0-9]{24}$/);
    const config = (await sut.get('/api/findmed/v1/md')).json().data;
    expect(config).toEqual({ list: [], scriptsList: { default: [] } });
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const response = await sut.get('/api/findmed/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  it('publishes an OpenAPI document listing the member and operator routes', async () => {
    const doc = (await sut.get('/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/f/v1/member/login/mpe',
        '/api/findmed/v1/member/token',
        '/api/admin/v1/login',
        '/api/service/sms',
      ]),
    );
  });
});

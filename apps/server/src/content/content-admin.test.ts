import { communityApi, type HomeContent, sitePaths } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createLocalBus, createRedisBus, type InvalidationBus } from '../shared/invalidation-bus';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';
import { createContentService } from './content.service';

const HK = { lang: 'zh-HK' };
const CN = { lang: 'zh-CN' };

describe.each(testDatabases)('operator content and the member language on %s', (kind) => {
  let sut: TestApp;
  let admin: Record<string, string>;
  let marketer: Record<string, string>;
  let finance: Record<string, string>;

  beforeAll(async () => {
    // With Redis in the suite, the app's invalidation bus is Redis too, as in a multi-process deployment.
    const redis = process.env.REDIS_URL;
    sut = await createTestApp(kind, { env: redis ? { REDIS_URL: redis } : {} });
    admin = (await signedInOperator(sut, 'admin')).headers;
    marketer = (await signedInOperator(sut, 'marketing')).headers;
    finance = (await signedInOperator(sut, 'finance')).headers;
  });
  afterAll(async () => {
    await sut?.close();
  });

  function send(method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) {
    return sut.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const home = async (headers: Record<string, string>) =>
    (await sut.get(sitePaths.homeContent, headers)).json().data as HomeContent;
  const audits = async (action: string) =>
    resultRows<{ target: string }>(
      await sut.container.db.execute(sql`SELECT target FROM audit_log WHERE action = ${action} ORDER BY id`),
    );

  it('serves a notice written in both languages in its own traditional text, a simplified-only one converted', async () => {
    const both = await send('POST', communityApi.adminNoticeCreate, admin, {
      title: '系统维护通知',
      content: '维护期间暂停充值',
      i18n: { 'zh-HK': { title: '系統維護公告', content: '維護期間暫停充值服務' } },
    });
    expect(both.statusCode).toBe(200);
    const only = await send('POST', communityApi.adminNoticeCreate, admin, { title: '欢迎来到金币', content: '' });
    expect(only.statusCode).toBe(200);

    const hk = await home(HK);
    expect(hk.notices.find((notice) => notice.id === both.json().data.id)).toMatchObject({
      title: '系統維護公告',
      content: '維護期間暫停充值服務',
    });
    expect(hk.notices.find((notice) => notice.id === only.json().data.id)?.title).toBe('歡迎來到金幣');
    // The seeded notices too: nothing reaches the by variant in simplified.
    expect(hk.notices.map((notice) => notice.title)).toContain('未滿18週歲禁止參與任何博彩活動');

    const cn = await home(CN);
    expect(cn.notices.find((notice) => notice.id === both.json().data.id)?.title).toBe('系统维护通知');
    expect(cn.notices.find((notice) => notice.id === only.json().data.id)?.title).toBe('欢迎来到金币');
  });

  it('never serves an answer cached in one language to the other, and tells browsers it varies by lang', async () => {
    for (const order of [
      [CN, HK],
      [HK, CN],
    ] as const) {
      const first = await sut.get(sitePaths.homeContent, order[0]);
      const second = await sut.get(sitePaths.homeContent, order[1]);
      expect(first.headers.vary).toContain('lang');
      expect(first.json().data).not.toEqual(second.json().data);
    }
    const [cnGames, hkGames] = await Promise.all(
      [CN, HK].map(async (headers) => (await sut.get(`${sitePaths.gameList}?show=1003,1007`, headers)).json().data),
    );
    expect(cnGames.flatMap((group: { games: Array<{ name: string }> }) => group.games.map((g) => g.name))).toEqual([
      '龙虎斗',
      '篮球',
    ]);
    expect(hkGames.flatMap((group: { games: Array<{ name: string }> }) => group.games.map((g) => g.name))).toEqual([
      '龍虎鬥',
      '籃球',
    ]);
    expect(hkGames.map((group: { name: string }) => group.name)).toEqual(['熱門', '體育']);
  });

  it("serves a game's and a promotion's own zh-HK texts once an operator writes them", async () => {
    const game = await send('PUT', communityApi.adminGameTexts.replace(':id', '1003'), marketer, {
      i18n: { 'zh-HK': { name: '龍虎' } },
    });
    expect(game.json()).toMatchObject({ status: true, data: { id: 1003, i18n: { 'zh-HK': { name: '龍虎' } } } });
    const names = (await sut.get(`${sitePaths.gameList}?show=1003`, HK))
      .json()
      .data[0].games.map((g: { name: string }) => g.name);
    expect(names).toEqual(['龍虎']);

    const promo = (await sut.get(`${sitePaths.promoList}?page=1&size=1`, CN)).json().data.list[0];
    await send('PUT', communityApi.adminPromoTexts.replace(':id', String(promo.id)), admin, {
      i18n: { 'zh-HK': { title: '新人首存禮（港澳專享）' } },
    });
    const detail = (await sut.get(`${sitePaths.promoDetail}?id=${promo.id}`, HK)).json().data;
    expect(detail.title).toBe('新人首存禮（港澳專享）');
    expect(detail.summary).not.toBe(promo.summary); // converted to traditional
    expect((await sut.get(`${sitePaths.promoDetail}?id=${promo.id}`, CN)).json().data.title).toBe(promo.title);

    const missing = await send('PUT', communityApi.adminGameGroupTexts.replace(':id', '999'), admin, {
      i18n: { 'zh-HK': { name: 'x' } },
    });
    expect(missing.json()).toMatchObject({ status: false, code: 'CONTENT_NOT_FOUND' });
  });

  it("lists a member's promotion claims with the promotion's title in the member's language", async () => {
    const { token, account } = await sut.register();
    await sut.container.db.execute(sql`UPDATE members SET vip_level = 1 WHERE account = ${account}`);
    const promo = resultRows<{ id: string }>(
      await sut.container.db.execute(sql`SELECT id::text FROM promos WHERE title = '晋级彩金申请'`),
    )[0]!;
    const applied = await sut.post(sitePaths.promoApply, { id: promo.id }, { t: token });
    expect(applied.json().status).toBe(true);
    const titles = async (lang: string) =>
      (await sut.get(`${sitePaths.promoClaims}?page=1&size=10`, { t: token, lang }))
        .json()
        .data.list.map((claim: { title: string }) => claim.title);
    expect(await titles('zh-CN')).toEqual(['晋级彩金申请']);
    expect(await titles('zh-HK')).toEqual(['晉級彩金申請']);
  });

  it("shows an operator's change on the next read in another process, through the bus", async () => {
    // A second process: its own content service and cache, its own bus connection (Redis when the suite has it).
    const url = process.env.REDIS_URL;
    const otherBus: InvalidationBus = url ? createRedisBus(url) : sut.container.bus;
    const other = createContentService(sut.container.db, sut.container.games.launch, otherBus);
    try {
      const created = await send('POST', communityApi.adminNoticeCreate, admin, { title: '第一版', sort: -5 });
      const id = created.json().data.id as number;
      // Give a fresh Redis subscription a moment to be in place before the change it must hear of.
      if (url) await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await other.home('zh-CN')).notices.find((notice) => notice.id === id)?.title).toBe('第一版');
      await send('PUT', communityApi.adminNoticeUpdate.replace(':id', String(id)), admin, { title: '第二版' });
      const started = Date.now();
      let title: string | undefined;
      while (Date.now() - started < 3_000) {
        title = (await other.home('zh-CN')).notices.find((notice) => notice.id === id)?.title;
        if (title === '第二版') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(title).toBe('第二版');
      // Well inside the cache's 30 s: the bus cleared it, not its expiry.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      if (url) await otherBus.close();
    }
  });

  it('lets admin and marketing manage announcements, audited; finance only reads; bad input changes nothing', async () => {
    const body = {
      title: '限时活动',
      content: '活动内容',
      popup: true,
      startAt: '2020-01-01 00:00:00',
      endAt: '2099-01-01 00:00:00',
      sort: 3,
    };
    expect((await send('POST', communityApi.adminNoticeCreate, finance, body)).statusCode).toBe(403);
    const created = (await send('POST', communityApi.adminNoticeCreate, marketer, body)).json().data;
    expect(created).toMatchObject({ title: '限时活动', popup: true, active: true, sort: 3 });
    expect(created.startAt).toBe('2019-12-31T16:00:00.000Z'); // the platform's zone (Asia/Shanghai)
    expect((await home(CN)).notices.find((notice) => notice.id === created.id)).toMatchObject({ popup: true });
    expect(await audits('notice.create')).toContainEqual({ target: `notices:${created.id}` });
    const listed = (await sut.get(communityApi.adminNotices, finance)).json().data;
    expect(listed.map((notice: { id: number }) => notice.id)).toContain(created.id);

    const before = (await sut.get(communityApi.adminNotices, admin)).json().data;
    for (const bad of [
      { ...body, title: '' },
      { ...body, endAt: '2019-01-01 00:00:00' },
      { ...body, startAt: 'tomorrow' },
      { ...body, i18n: { 'zh-HK': { title: 'x'.repeat(6000) } } },
      { ...body, i18n: { 'en-US': { title: 'x' } } },
    ]) {
      const answer = await send('PUT', communityApi.adminNoticeUpdate.replace(':id', String(created.id)), admin, bad);
      expect(answer.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(answer.json().status).toBe(false);
    }
    expect((await sut.get(communityApi.adminNotices, admin)).json().data).toEqual(before);

    // A window that has not opened, then switched off: neither shows.
    const later = (
      await send('PUT', communityApi.adminNoticeUpdate.replace(':id', String(created.id)), admin, {
        ...body,
        startAt: '2098-01-01 00:00:00',
      })
    ).json().data;
    expect(later.startAt).not.toBe(created.startAt);
    expect((await home(CN)).notices.some((notice) => notice.id === created.id)).toBe(false);

    const gone = await send('DELETE', communityApi.adminNoticeDelete.replace(':id', String(created.id)), marketer);
    expect(gone.json()).toEqual({ status: true, data: { id: created.id } });
    expect(await audits('notice.delete')).toContainEqual({ target: `notices:${created.id}` });
    const again = await send('DELETE', communityApi.adminNoticeDelete.replace(':id', String(created.id)), admin);
    expect(again.json()).toMatchObject({ status: false, code: 'CONTENT_NOT_FOUND' });
    expect(again.statusCode).toBe(404);
  });

  it('keeps banners editable: create, change, switch off, delete', async () => {
    const created = (
      await send('POST', communityApi.adminBannerCreate, admin, {
        title: '周末狂欢',
        image: '/media/art/banner-welcome',
        link: '/activity/list',
        sort: 0,
        i18n: { 'zh-HK': { title: '週末狂歡' } },
      })
    ).json().data;
    expect((await home(HK)).banners.find((banner) => banner.id === created.id)?.title).toBe('週末狂歡');
    const bad = await send('POST', communityApi.adminBannerCreate, admin, {
      title: 'x',
      image: '',
      link: 'javascript:1',
    });
    expect(bad.statusCode).toBe(400);
    await send('PUT', communityApi.adminBannerUpdate.replace(':id', String(created.id)), admin, {
      title: '周末狂欢',
      image: '/media/art/banner-welcome',
      active: false,
    });
    expect((await home(CN)).banners.some((banner) => banner.id === created.id)).toBe(false);
    expect(
      (await send('DELETE', communityApi.adminBannerDelete.replace(':id', String(created.id)), admin)).json().status,
    ).toBe(true);
    expect(
      (await sut.get(communityApi.adminBanners, admin)).json().data.some((b: { id: number }) => b.id === created.id),
    ).toBe(false);
  });

  it('sorts news into categories that operators replace as a whole', async () => {
    const categories = (await sut.get(communityApi.newsCategories, CN)).json().data as Array<{
      id: number;
      name: string;
    }>;
    expect(categories.map((category) => category.name)).toEqual(['足球', '篮球', '电竞', '综合']);
    const hk = (await sut.get(communityApi.newsCategories, HK)).json().data as Array<{ name: string }>;
    expect(hk.map((category) => category.name)).toEqual(['足球', '籃球', '電競', '綜合']);

    const football = categories[0]!.id;
    const page = (await sut.get(`${sitePaths.newsList}?page=1&size=10&category=${football}`, CN)).json().data;
    expect(page.total).toBe(2);
    expect(page.list.every((item: { category: number }) => item.category === football)).toBe(true);
    expect((await sut.get(`${sitePaths.newsList}?page=1&size=10`, CN)).json().data.total).toBe(6);

    // A new item in a category, in both languages; an unknown category is refused.
    const item = (
      await send('POST', communityApi.adminNewsCreate, marketer, {
        title: '足球快讯',
        summary: '本轮联赛前瞻',
        content: '正文',
        category: football,
        i18n: { 'zh-HK': { title: '足球快訊' } },
      })
    ).json().data;
    expect(item).toMatchObject({ category: football, active: true });
    const detail = (await sut.get(`${sitePaths.newsDetail}?id=${item.id}`, HK)).json().data;
    expect(detail).toMatchObject({ title: '足球快訊', summary: '本輪聯賽前瞻', category: football });
    const unknown = await send('POST', communityApi.adminNewsCreate, admin, { title: 'x', category: 99_999 });
    expect(unknown.json()).toMatchObject({ status: false, code: 'CONTENT_NOT_FOUND' });

    // Replace: rename 足球, drop 电竞, add 网球; the dropped category's news stay, without a category.
    const saved = await send('PUT', communityApi.adminNewsCategoriesSave, admin, {
      list: [
        { id: football, name: '足球天地', sort: 2 },
        { id: categories[1]!.id, name: '篮球', sort: 1 },
        { id: categories[3]!.id, name: '综合', sort: 3 },
        { name: '网球', sort: 4, i18n: { 'zh-HK': { name: '網球' } } },
      ],
    });
    expect(saved.json().data.map((category: { name: string }) => category.name)).toEqual([
      '篮球',
      '足球天地',
      '综合',
      '网球',
    ]);
    expect(saved.json().data[1]).toMatchObject({ id: football, news: 3 });
    const after = (await sut.get(communityApi.newsCategories, HK)).json().data as Array<{ name: string }>;
    expect(after.map((category) => category.name)).toEqual(['籃球', '足球天地', '綜合', '網球']);
    expect((await sut.get(`${sitePaths.newsList}?page=1&size=20`, CN)).json().data.total).toBe(7);
    // Duplicate names and unknown ids change nothing.
    for (const list of [
      [
        { name: 'a', sort: 1 },
        { name: 'a', sort: 2 },
      ],
      [{ id: 99_999, name: 'b', sort: 1 }],
    ]) {
      const answer = await send('PUT', communityApi.adminNewsCategoriesSave, admin, { list });
      expect(answer.json().status).toBe(false);
    }
    expect((await sut.get(communityApi.adminNewsCategories, admin)).json().data).toEqual(saved.json().data);
    expect(await audits('news.categories')).toHaveLength(1);
  });

  it('lists the sponsorships switched on, in sort order, in the member language', async () => {
    const seeded = (await sut.get(communityApi.sponsors, CN)).json().data as Array<{ title: string; image: string }>;
    expect(seeded).toHaveLength(3);
    expect(seeded[0]!.image).toMatch(/^\/media\/art\/sponsor-/);
    const hk = (await sut.get(communityApi.sponsors, HK)).json().data as Array<{ title: string; period: string }>;
    expect(hk[0]!.title).toBe('藍月競技足球俱樂部 官方區域合作夥伴');
    expect(hk[1]!.title).toBe('雷霆電競戰隊 官方主贊助商');

    const created = (
      await send('POST', communityApi.adminSponsorCreate, admin, {
        title: '新赞助',
        summary: '简介',
        period: '2027',
        sort: 0,
      })
    ).json().data;
    expect((await sut.get(communityApi.sponsors, CN)).json().data[0].title).toBe('新赞助');
    await send('PUT', communityApi.adminSponsorUpdate.replace(':id', String(created.id)), admin, {
      title: '新赞助',
      active: false,
    });
    expect((await sut.get(communityApi.sponsors, CN)).json().data).toHaveLength(3);
    expect((await send('POST', communityApi.adminSponsorCreate, finance, { title: 'x' })).statusCode).toBe(403);
    expect((await sut.get(communityApi.adminSponsors, finance)).json().data).toHaveLength(4);
  });
});

describe('the content cache', () => {
  it('drops every language on a content message and nothing else', async () => {
    const bus = createLocalBus();
    let reads = 0;
    const db = {
      select: () => ({ from: () => ({ where: () => ({ orderBy: async () => [] }) }) }),
      execute: async () => {
        reads += 1;
        return { rows: [] };
      },
    };
    const service = createContentService(
      db as never,
      { availability: async () => ({ playable: false, maintenance: false }) },
      bus,
    );
    await service.home('zh-CN');
    await service.home('zh-HK');
    await service.home('zh-CN');
    expect(reads).toBe(2);
    await bus.publish({ kind: 'settings', key: 'wallet' });
    await service.home('zh-HK');
    expect(reads).toBe(2);
    await bus.publish({ kind: 'settings', key: 'content' });
    await service.home('zh-HK');
    expect(reads).toBe(3);
  });
});

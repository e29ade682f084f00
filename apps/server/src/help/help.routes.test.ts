import { paths, TUTORIAL_SLUGS } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../db/result-rows';
import { createRedisBus, type InvalidationBus } from '../shared/invalidation-bus';
import { createTestApp, type TestApp, testDatabases } from '../test/test-app';
import { signedInOperator } from '../test/wallet-fixtures';
import { createHelpService } from './help.service';
import { HELP_ARTICLES } from './help-articles';
import { ANSWER_MAX_CHARS, createHelpLookup } from './help-lookup';
import { POLICY_ARTICLES } from './help-policy-articles';
import { seedHelpCentre } from './help-seed';

const HK = { lang: 'zh-HK' };
const CN = { lang: 'zh-CN' };
const search = (q: string, extra = '') => `${paths.helpSearch}?q=${encodeURIComponent(q)}${extra}`;
const article = (slug: string) => `${paths.helpArticle}?slug=${encodeURIComponent(slug)}`;

describe.each(testDatabases)('the help centre on %s', (kind) => {
  let sut: TestApp;
  let admin: Record<string, string>;
  let marketer: Record<string, string>;
  let finance: Record<string, string>;

  beforeAll(async () => {
    const redis = process.env.REDIS_URL;
    sut = await createTestApp(kind, { env: redis ? { REDIS_URL: redis } : {} });
    admin = (await signedInOperator(sut, 'admin')).headers;
    marketer = (await signedInOperator(sut, 'marketing')).headers;
    finance = (await signedInOperator(sut, 'finance')).headers;
  }, 120_000);
  afterAll(async () => {
    await sut?.close();
  });

  function send(method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) {
    return sut.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  const audits = async (action: string) =>
    resultRows<{ target: string }>(
      await sut.container.db.execute(sql`SELECT target FROM audit_log WHERE action = ${action} ORDER BY id`),
    );
  const articleCount = async () =>
    Number(
      resultRows<{ n: number }>(await sut.container.db.execute(sql`SELECT count(*)::int AS n FROM help_articles`))[0]
        ?.n,
    );
  const newArticle = (slug: string, extra: object = {}) => ({
    slug,
    title: `测试文章 ${slug}`,
    summary: '摘要',
    body: '## 小标题\n\n正文段落，含 **加粗** 和 [充值](/finance/deposit)。',
    ...extra,
  });

  it('serves every spec tutorial by its slug, with its own title and text, in both languages', async () => {
    for (const slug of TUTORIAL_SLUGS) {
      const cn = await sut.get(article(slug), CN);
      expect(cn.statusCode, slug).toBe(200);
      const data = cn.json().data;
      const seeded = HELP_ARTICLES.find((entry) => entry.slug === slug);
      expect(data).toMatchObject({ slug, title: seeded?.title });
      expect(data.body.length, slug).toBeGreaterThan(200);
      expect(data.body).not.toMatch(/即将开放|敬请期待|暂未开通|<[a-z]/i);
      expect(cn.headers.vary).toContain('lang');
      const hk = (await sut.get(article(slug), HK)).json().data;
      expect(hk.slug).toBe(slug);
      expect(hk.title).not.toBe('');
    }
    // Members read 充值/提现, never the words another site would use.
    for (const entry of HELP_ARTICLES) expect(`${entry.title}${entry.body}`).not.toMatch(/存款|取款|提款/);
    // zh-HK: converted from the simplified text, its pictures the traditional ones.
    const hk = (await sut.get(article('protocolDifference'), HK)).json().data;
    expect(hk.title).toBe('TRC20 和 ERC20 的區別');
    expect(hk.body).toContain('](/media/help/hk/trc20-erc20.svg)');
    expect(hk.body).not.toContain('区别');
  });

  it('lists the categories with their articles in order, and related articles of the same category', async () => {
    const categories = (await sut.get(paths.helpCategories, CN)).json().data;
    expect(categories.map((category: { code: string }) => category.code)).toEqual([
      'funds',
      'sports',
      'casino',
      'crypto',
      'account',
      'service',
      'policy',
    ]);
    expect(categories[0].articles.slice(0, 3).map((entry: { slug: string }) => entry.slug)).toEqual([
      'deposit',
      'withdraw',
      'transfer',
    ]);
    const data = (await sut.get(article('games/answer'), CN)).json().data;
    expect(data.category).toMatchObject({ name: '娱乐场' });
    expect(data.related.map((entry: { slug: string }) => entry.slug)).toEqual(['games', 'tech', 'techDetail']);
  });

  it('serves every picture the articles show, in both languages, as SVG that runs nothing', async () => {
    const pictures = new Set(HELP_ARTICLES.flatMap((entry) => [...entry.body.matchAll(/\]\((\/media\/[^)]+)\)/g)]));
    expect(pictures.size).toBeGreaterThanOrEqual(4);
    for (const [, url] of pictures) {
      for (const path of [url as string, (url as string).replace('/media/help/', '/media/help/hk/')]) {
        const answer = await sut.app.inject({ method: 'GET', url: path });
        expect(answer.statusCode, path).toBe(200);
        expect(answer.headers['content-type']).toContain('image/svg+xml');
        expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
        expect(answer.body).not.toMatch(/<script|on[a-z]+=/i);
      }
    }
    const hk = await sut.app.inject({ method: 'GET', url: '/media/help/hk/deposit-steps.svg' });
    expect(hk.body).toContain('選擇充值方式');
    for (const bad of ['/media/help/..%2Fhelp.service.ts', '/media/help/nope.svg', '/media/help/help.routes.ts'])
      expect((await sut.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
  });

  it('finds articles by every word of the search, titles first, in the member’s language', async () => {
    const hits = (await sut.get(search('提现'), CN)).json().data;
    expect(hits.q).toBe('提现');
    const slugs = hits.list.map((hit: { slug: string }) => hit.slug);
    expect(slugs.slice(0, 2).sort()).toEqual(['faq/withdraw-time', 'withdraw']);
    for (const hit of hits.list) expect(`${hit.title}${hit.summary}${hit.snippet}`).toContain('提现');
    // Every word must be found; case does not matter.
    const both = (await sut.get(search('trc20  erc20'), CN)).json().data.list;
    expect(both[0].slug).toBe('protocolDifference');
    expect((await sut.get(search('TRC20 不存在的词语'), CN)).json().data.list).toEqual([]);
    // A zh-HK member types traditional characters and finds the article stored in simplified ones.
    const hk = (await sut.get(search('提現多久'), HK)).json().data.list;
    expect(hk[0]).toMatchObject({ slug: 'faq/withdraw-time', title: '提現多久到賬' });
    // A category's articles, with or without words.
    const casino = (await sut.get(paths.helpCategories, CN))
      .json()
      .data.find((category: { code: string }) => category.code === 'casino');
    const inCategory = (await sut.get(`${paths.helpSearch}?category=${casino.id}`, CN)).json().data.list;
    expect(inCategory.map((hit: { slug: string }) => hit.slug)).toEqual([
      'games',
      'games/answer',
      'tech',
      'techDetail',
    ]);
    const narrowed = (await sut.get(search('种子', `&category=${casino.id}`), CN)).json().data.list;
    expect(narrowed.length).toBeGreaterThan(0);
    for (const hit of narrowed) expect(hit.category).toBe(casino.id);
  });

  it('takes the search edge cases: empty, % and _, very long, malformed', async () => {
    expect((await sut.get(search(''), CN)).json()).toMatchObject({ status: true, data: { list: [] } });
    expect((await sut.get(search('   '), CN)).json().data.list).toEqual([]);
    expect((await sut.get(paths.helpSearch, CN)).json().data.list).toEqual([]);
    // % and _ are characters to find, not patterns: nothing matches every article.
    const percent = (await sut.get(search('%'), CN)).json().data.list;
    expect(percent.length).toBeLessThan(HELP_ARTICLES.length);
    for (const hit of percent) expect(`${hit.title}${hit.summary}${hit.snippet}`).toContain('%');
    const underscore = (await sut.get(search('_'), CN)).json().data.list;
    expect(underscore.map((hit: { slug: string }) => hit.slug)).toContain('techDetail');
    expect(underscore.length).toBeLessThan(5);
    expect((await sut.get(search("' OR 1=1 --"), CN)).json().data.list).toEqual([]);
    // Up to 50 characters; more is refused.
    expect((await sut.get(search('充'.repeat(50)), CN)).statusCode).toBe(200);
    const long = await sut.get(search('充'.repeat(51)), CN);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
    expect((await sut.get(`${paths.helpSearch}?category=abc`, CN)).statusCode).toBe(400);
    expect((await sut.get(`${paths.helpSearch}?category=-1`, CN)).statusCode).toBe(400);
    expect((await sut.get(`${paths.helpSearch}?q=a&q=b`, CN)).statusCode).toBe(400);
  });

  it('answers HELP_ARTICLE_NOT_FOUND for an unknown or malformed slug', async () => {
    for (const slug of ['nope', 'games/nope', '../etc/passwd', 'a//b', '/deposit', 'x'.repeat(81), '', 'deposit?x=1']) {
      const answer = await sut.get(article(slug), CN);
      expect(answer.statusCode, slug).toBe(404);
      expect(answer.json()).toMatchObject({ status: false, code: 'HELP_ARTICLE_NOT_FOUND' });
    }
    expect((await sut.get(paths.helpArticle, CN)).json()).toMatchObject({ code: 'HELP_ARTICLE_NOT_FOUND' });
    const huge = await sut.get(article('x'.repeat(501)), CN);
    expect(huge.json()).toMatchObject({ status: false, code: 'HELP_ARTICLE_NOT_FOUND' });
  });

  it('gives the chat its quick questions in order and a plain-text answer at once', async () => {
    const lookup = sut.container.help.lookup;
    const quick = await lookup.quickQuestions('zh-CN');
    expect(quick.map((entry) => entry.title)).toEqual([
      '充值未到账怎么办',
      '提现多久到账',
      '如何绑定银行卡',
      '流水要求是什么',
      '忘记密码怎么办',
    ]);
    for (const entry of quick) {
      const answer = await lookup.answer(entry.id, 'zh-CN');
      expect(answer).toMatchObject({ id: entry.id, title: entry.title });
      expect(answer?.text.length).toBeGreaterThan(40);
      expect(answer?.text.length).toBeLessThanOrEqual(ANSWER_MAX_CHARS + 1);
      expect(answer?.text).not.toMatch(/\*\*|\]\(|^#|^\|/m);
      expect(answer?.slug).toMatch(/^faq\//);
    }
    const hk = await lookup.quickQuestions('zh-HK');
    expect(hk[1]?.title).toBe('提現多久到賬');
    expect((await lookup.answer(hk[1]?.id ?? 0, 'zh-HK'))?.text).toContain('審核');
    expect(await lookup.answer(999_999, 'zh-CN')).toBeNull();
    expect(await lookup.answer(-1, 'zh-CN')).toBeNull();
    expect(await lookup.answer(Number.NaN, 'zh-CN')).toBeNull();
    // A fresh lookup reads the same tables (the chat may make its own).
    expect((await createHelpLookup(sut.container.db).quickQuestions('zh-CN')).length).toBe(5);
  });

  it('lets admin and marketing edit articles, audited; finance only reads; bad input changes nothing', async () => {
    const created = await send('POST', paths.adminHelpArticleCreate, marketer, newArticle('faq/test-one'));
    expect(created.statusCode).toBe(200);
    const view = created.json().data;
    expect(view).toMatchObject({ slug: 'faq/test-one', active: true, quick: false, category: null });
    expect(await audits('help.article.create')).toContainEqual({ target: `help:${view.id}` });
    expect((await sut.get(article('faq/test-one'), CN)).json().data.title).toBe('测试文章 faq/test-one');
    expect((await send('POST', paths.adminHelpArticleCreate, finance, newArticle('faq/x'))).statusCode).toBe(403);
    const listed = (await sut.get(paths.adminHelpArticles, finance)).json().data;
    expect(listed.map((row: { id: number }) => row.id)).toContain(view.id);
    const { token } = await sut.register();
    expect((await sut.get(paths.adminHelpArticles, { t: token })).statusCode).toBe(401);

    const before = await articleCount();
    const bad: Array<[string, object]> = [
      ['external picture', newArticle('faq/b1', { body: '![x](https://evil.example/x.png)' })],
      ['external link', newArticle('faq/b2', { body: '[点我](https://evil.example)' })],
      ['protocol-relative link', newArticle('faq/b3', { body: '[点我](//evil.example)' })],
      ['javascript link', newArticle('faq/b4', { body: '[点我](javascript:alert(1))' })],
      ['bad picture in zh-HK', newArticle('faq/b5', { i18n: { 'zh-HK': { body: '![x](http://a/b.png)' } } })],
      ['bad slug', newArticle('../x')],
      ['slug with space', newArticle('a b')],
      ['empty title', newArticle('faq/b6', { title: '  ' })],
      ['body too long', newArticle('faq/b7', { body: '字'.repeat(30_001) })],
      ['unknown language', newArticle('faq/b8', { i18n: { en: { title: 'x' } } })],
      ['quick not boolean', newArticle('faq/b9', { quick: 'yes' })],
      ['unknown category', newArticle('faq/b10', { category: 999_999 })],
    ];
    for (const [what, body] of bad) {
      const answer = await send('POST', paths.adminHelpArticleCreate, admin, body);
      expect(answer.statusCode, what).toBe(400);
    }
    const taken = await send('POST', paths.adminHelpArticleCreate, admin, newArticle('deposit'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: false, detail: { slug: 'taken' } });
    expect(await articleCount()).toBe(before);

    // Raw HTML is stored as text (the site shows it as text).
    const html = await send('PUT', paths.adminHelpArticleUpdate.replace(':id', String(view.id)), admin, {
      ...newArticle('faq/test-one'),
      title: '第二版',
      body: '<script>alert(1)</script>',
      quick: true,
      quickSort: 99,
      i18n: { 'zh-HK': { title: '第二版（港）' } },
    });
    expect(html.statusCode).toBe(200);
    expect(html.json().data.updatedAt >= view.updatedAt).toBe(true);
    expect((await sut.get(article('faq/test-one'), CN)).json().data.body).toBe('<script>alert(1)</script>');
    expect((await sut.get(article('faq/test-one'), HK)).json().data.title).toBe('第二版（港）');
    expect((await sut.container.help.lookup.quickQuestions('zh-CN')).at(-1)?.title).toBe('第二版');
    expect(await audits('help.article.update')).toContainEqual({ target: `help:${view.id}` });
    // Switched off: gone for members, still there for operators.
    await send('PUT', paths.adminHelpArticleUpdate.replace(':id', String(view.id)), admin, {
      ...newArticle('faq/test-one'),
      active: false,
      quick: true,
    });
    expect((await sut.get(article('faq/test-one'), CN)).statusCode).toBe(404);
    expect(await sut.container.help.lookup.answer(view.id, 'zh-CN')).toBeNull();

    const missing = paths.adminHelpArticleUpdate.replace(':id', '999999');
    expect((await send('PUT', missing, admin, newArticle('faq/nobody'))).json()).toMatchObject({
      code: 'HELP_ARTICLE_NOT_FOUND',
    });
    expect((await send('DELETE', paths.adminHelpArticleDelete.replace(':id', 'abc'), admin)).statusCode).toBe(400);
    expect((await send('DELETE', paths.adminHelpArticleDelete.replace(':id', '0'), admin)).json()).toMatchObject({
      code: 'HELP_ARTICLE_NOT_FOUND',
    });
    const removed = await send('DELETE', paths.adminHelpArticleDelete.replace(':id', String(view.id)), marketer);
    expect(removed.json()).toEqual({ status: true, data: { id: view.id } });
    expect(await audits('help.article.delete')).toContainEqual({ target: `help:${view.id}` });
    expect((await send('DELETE', paths.adminHelpArticleDelete.replace(':id', String(view.id)), admin)).statusCode).toBe(
      404,
    );
  });

  it('replaces the categories as a whole; a dropped category keeps its articles, uncategorised', async () => {
    const before = (await sut.get(paths.adminHelpCategories, finance)).json().data as Array<{
      id: number;
      code: string;
      name: string;
      sort: number;
      articles: number;
    }>;
    expect(before.find((category) => category.code === 'funds')?.articles).toBe(7);
    const service = before.find((category) => category.code === 'service');
    const kept = before.filter((category) => category.code !== 'service');
    expect((await send('PUT', paths.adminHelpCategoriesSave, finance, { list: [] })).statusCode).toBe(403);
    for (const body of [
      { list: [{ code: 'Bad Code', name: 'x' }] },
      {
        list: [
          { code: 'a', name: 'x' },
          { code: 'a', name: 'y' },
        ],
      },
      { list: 'nope' },
    ])
      expect((await send('PUT', paths.adminHelpCategoriesSave, admin, body)).statusCode).toBe(400);
    expect(
      (await send('PUT', paths.adminHelpCategoriesSave, admin, { list: [{ id: 999999, code: 'z', name: 'z' }] }))
        .statusCode,
    ).toBe(400);

    const saved = await send('PUT', paths.adminHelpCategoriesSave, admin, {
      list: [
        ...kept.map(({ id, code, name, sort }) => ({ id, code, name, sort })),
        { code: 'new-one', name: '新分类', sort: 9, i18n: { 'zh-HK': { name: '新分類（港）' } } },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.map((category: { code: string }) => category.code)).toContain('new-one');
    expect(await audits('help.categories')).toHaveLength(1);
    const contact = (await sut.get(article('contact'), CN)).json().data;
    expect(contact.category).toBeNull();
    expect(contact.related).toEqual([]);
    const listed = (await sut.get(paths.helpCategories, CN)).json().data;
    expect(listed.map((category: { code: string }) => category.code)).not.toContain('service');
    // An empty category is not shown to members.
    expect(listed.map((category: { code: string }) => category.code)).not.toContain('new-one');
    // Put the service category back as it was, for the tests after this one.
    await sut.container.db.execute(
      sql`INSERT INTO help_categories (id, code, name, sort) VALUES (${service?.id}, 'service', ${service?.name}, ${service?.sort})`,
    );
    await sut.container.db.execute(
      sql`UPDATE help_articles SET category_id = ${service?.id} WHERE slug IN ('contact', 'leaveMsg')`,
    );
  });

  it("shows an operator's change on the next read in another process, through the bus", async () => {
    const url = process.env.REDIS_URL;
    const otherBus: InvalidationBus = url ? createRedisBus(url) : sut.container.bus;
    const other = createHelpService(sut.container.db, otherBus);
    try {
      const created = (await send('POST', paths.adminHelpArticleCreate, admin, newArticle('faq/bus'))).json().data;
      if (url) await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await other.article('faq/bus', 'zh-CN')).title).toBe('测试文章 faq/bus');
      await send('PUT', paths.adminHelpArticleUpdate.replace(':id', String(created.id)), admin, {
        ...newArticle('faq/bus'),
        title: '总线第二版',
      });
      const started = Date.now();
      let title: string | undefined;
      while (Date.now() - started < 3_000) {
        title = (await other.article('faq/bus', 'zh-CN')).title;
        if (title === '总线第二版') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(title).toBe('总线第二版');
      expect(Date.now() - started).toBeLessThan(3_000);
      await send('DELETE', paths.adminHelpArticleDelete.replace(':id', String(created.id)), admin);
    } finally {
      if (url) await otherBus.close();
    }
  });

  it('seeds only an empty help centre, once, however many processes start together', async () => {
    const results = await Promise.all([1, 2, 3].map(() => seedHelpCentre(sut.container.db)));
    expect(results.every((result) => !result.seeded)).toBe(true);
    const slugs = resultRows<{ slug: string }>(
      await sut.container.db.execute(sql`SELECT slug FROM help_articles ORDER BY slug`),
    ).map((row) => row.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of TUTORIAL_SLUGS) expect(slugs).toContain(slug);
  });

  it('serves the policy pages the registration links to, in both languages', async () => {
    for (const { slug, title } of POLICY_ARTICLES) {
      const cn = (await sut.get(article(slug), CN)).json().data;
      expect(cn).toMatchObject({ slug, title, category: { name: '条款与政策' } });
      expect(cn.body.length, slug).toBeGreaterThan(800);
      const hk = (await sut.get(article(slug), HK)).json().data;
      expect(hk.slug).toBe(slug);
      expect(hk.category.name).toBe('條款與政策');
    }
    expect((await sut.get(article('terms'), HK)).json().data.body).toContain('年滿 18 週歲');
    expect((await sut.get(article('responsible'), CN)).json().data.body).toContain('](/setting/protection)');
    expect((await sut.get(article('privacy'), HK)).json().data.title).toBe('隱私政策');
  });

  it('adds a missing policy page (and its category) to a help centre that already has articles, once', async () => {
    const db = sut.container.db;
    await db.execute(sql`DELETE FROM help_articles WHERE slug IN ('terms', 'responsible')`);
    await db.execute(sql`DELETE FROM help_categories WHERE code = 'policy'`);

    const results = await Promise.all([1, 2, 3].map(() => seedHelpCentre(db)));

    expect(results.every((result) => !result.seeded)).toBe(true);
    expect(results.flatMap((result) => result.added).sort()).toEqual(['responsible', 'terms']);
    const rows = resultRows<{ slug: string; code: string | null }>(
      await db.execute(sql`SELECT a.slug, c.code FROM help_articles a LEFT JOIN help_categories c
        ON c.id = a.category_id WHERE a.slug IN ('terms', 'privacy', 'responsible') ORDER BY a.slug`),
    );
    // privacy stayed where it was (its category gone with the delete); the added ones are in a new policy category.
    expect(rows).toEqual([
      { slug: 'privacy', code: null },
      { slug: 'responsible', code: 'policy' },
      { slug: 'terms', code: 'policy' },
    ]);
    expect((await seedHelpCentre(db)).added).toEqual([]);
    expect(
      Number(
        resultRows<{ n: number }>(
          await db.execute(sql`SELECT count(*)::int AS n FROM help_categories WHERE code = 'policy'`),
        )[0]?.n,
      ),
    ).toBe(1);
  });
});

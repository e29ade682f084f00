import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { resultRows } from '../db/result-rows';
import { artworkUrl } from './artwork/artwork.catalogue';

/** /find's tabs and which seeded news (by title) each holds. */
const CATEGORIES: Array<{ name: string; sort: number; hk: string; news: string[] }> = [
  { name: '足球', sort: 1, hk: '足球', news: ['英超前瞻：焦点之战一触即发', '欧冠小组赛全部赛果回顾'] },
  { name: '篮球', sort: 2, hk: '籃球', news: ['NBA：季后赛席位争夺白热化'] },
  { name: '电竞', sort: 3, hk: '電競', news: ['电竞：全球总决赛赛程公布'] },
  { name: '综合', sort: 4, hk: '綜合', news: ['网球：大满贯赛事最新战报', '理性投注指南：如何设定娱乐预算'] },
];

const SPONSORS = [
  {
    title: '蓝月竞技足球俱乐部 官方区域合作伙伴',
    art: 'sponsor-football',
    summary: '金币携手蓝月竞技，共同见证绿茵场上的每一次精彩。',
    content:
      '作为蓝月竞技足球俱乐部的官方区域合作伙伴，金币将在合作期内参与俱乐部的主场活动与球迷见面会。\n会员可在活动页面关注球迷专属福利，与球队一起迎接新赛季。',
    period: '2024-2026 赛季',
    sort: 1,
    hk: { title: '藍月競技足球俱樂部 官方區域合作夥伴' },
  },
  {
    title: '雷霆电竞战队 官方主赞助商',
    art: 'sponsor-esports',
    summary: '支持年轻选手追逐梦想，金币成为雷霆电竞战队主赞助商。',
    content:
      '雷霆电竞战队多次闯入全球总决赛，金币自2025年起成为战队官方主赞助商。\n合作期间，会员可参与战队线上观赛与竞猜互动活动。',
    period: '2025-2027',
    sort: 2,
    hk: {},
  },
  {
    title: '东方篮球联赛 指定合作伙伴',
    art: 'sponsor-basketball',
    summary: '助力职业篮球发展，金币成为东方篮球联赛指定合作伙伴。',
    content: '金币与东方篮球联赛达成多年合作，共同推广篮球运动。\n联赛全明星周末期间将推出会员专属活动。',
    period: '2026 赛季',
    sort: 3,
    hk: {},
  },
];

/**
 * An announcement written in both languages, in the marquee. Not a popup: a popup on the demo's home page would cover
 * it for every browser journey; operators switch `popup` on (the content journey makes its own).
 */
const BILINGUAL = {
  title: '双十二充值狂欢，最高加赠 1888 元',
  content: '活动期间每日首笔充值可获额外彩金，详情请查看优惠活动页面。\n彩金需完成相应流水后方可提现。',
  hk: {
    title: '雙十二充值狂歡，最高加贈 1888 元',
    content: '活動期間每日首筆充值可獲額外彩金，詳情請查看優惠活動頁面。\n彩金需完成相應流水後方可提現。',
  },
};

async function isEmpty(db: Database, table: 'news_categories' | 'sponsors'): Promise<boolean> {
  const rows = resultRows<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM ${sql.raw(table)}`),
  );
  return Number(rows[0]?.total ?? 0) === 0;
}

/**
 * The demo's news categories (and the seeded news sorted into them), a bilingual announcement and the sponsorships.
 * Each part is only written into an empty table, so an operator's edits survive restarts.
 */
export async function seedDemoContentExtras(db: Database): Promise<void> {
  if (await isEmpty(db, 'news_categories')) {
    await db.transaction(async (tx) => {
      for (const category of CATEGORIES) {
        const [row] = resultRows<{ id: number }>(
          await tx.execute(sql`INSERT INTO news_categories (name, sort, i18n)
            VALUES (${category.name}, ${category.sort}, ${JSON.stringify({ 'zh-HK': { name: category.hk } })}::jsonb)
            ON CONFLICT (name) DO NOTHING RETURNING id`),
        );
        if (!row) continue;
        for (const title of category.news)
          await tx.execute(sql`UPDATE news SET category_id = ${row.id} WHERE title = ${title} AND category_id IS NULL`);
      }
      await tx.execute(sql`INSERT INTO notices (title, content, popup, sort, i18n)
        VALUES (${BILINGUAL.title}, ${BILINGUAL.content}, false, 0, ${JSON.stringify({ 'zh-HK': BILINGUAL.hk })}::jsonb)`);
    });
  }
  if (await isEmpty(db, 'sponsors')) {
    for (const sponsor of SPONSORS)
      await db.execute(sql`INSERT INTO sponsors (title, image, summary, content, period, sort, i18n)
        VALUES (${sponsor.title}, ${artworkUrl(sponsor.art)}, ${sponsor.summary}, ${sponsor.content},
          ${sponsor.period}, ${sponsor.sort}, ${JSON.stringify(Object.keys(sponsor.hk).length ? { 'zh-HK': sponsor.hk } : {})}::jsonb)`);
  }
}

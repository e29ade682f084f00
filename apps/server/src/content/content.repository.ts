import type { AdminBannerInput, AdminNewsInput, AdminSponsorInput, LocalizedTexts } from '@jinb/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import { banners, configTree, gameGroups, games, promos, settings } from '../db/schema';

type Texts = LocalizedTexts;
const toDate = (value: string | Date) => new Date(value);
const toDateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));

export type NoticeRow = {
  id: number;
  title: string;
  content: string;
  popup: boolean;
  startAt: Date | null;
  endAt: Date | null;
  sort: number;
  active: boolean;
  createdAt: Date;
  i18n: Texts;
};
type RawNotice = Omit<NoticeRow, 'startAt' | 'endAt' | 'createdAt' | 'id'> & {
  id: string | number;
  start_at: string | Date | null;
  end_at: string | Date | null;
  created_at: string | Date;
};
const noticeColumns = sql`id, title, content, popup, start_at, end_at, sort, active, created_at, i18n`;
const toNotice = (row: RawNotice): NoticeRow => ({
  id: Number(row.id),
  title: row.title,
  content: row.content,
  popup: Boolean(row.popup),
  startAt: toDateOrNull(row.start_at),
  endAt: toDateOrNull(row.end_at),
  sort: Number(row.sort),
  active: Boolean(row.active),
  createdAt: toDate(row.created_at),
  i18n: row.i18n ?? {},
});
export type NoticeInput = {
  title: string;
  content: string;
  popup: boolean;
  startAt: Date | null;
  endAt: Date | null;
  sort: number;
  active: boolean;
  i18n: Texts;
};

export type NewsRow = {
  id: number;
  title: string;
  image: string;
  summary: string;
  content: string;
  category: number | null;
  publishedAt: Date;
  active: boolean;
  i18n: Texts;
};
type RawNews = Omit<NewsRow, 'id' | 'publishedAt' | 'category'> & {
  id: string | number;
  category_id: number | null;
  published_at: string | Date;
};
const newsColumns = sql`id, title, image, summary, content, category_id, published_at, active, i18n`;
const toNews = (row: RawNews): NewsRow => ({
  id: Number(row.id),
  title: row.title,
  image: row.image,
  summary: row.summary,
  content: row.content,
  category: row.category_id === null ? null : Number(row.category_id),
  publishedAt: toDate(row.published_at),
  active: Boolean(row.active),
  i18n: row.i18n ?? {},
});
export type NewsInput = Omit<AdminNewsInput, 'publishedAt'> & { publishedAt: Date };

export type CategoryRow = { id: number; name: string; sort: number; i18n: Texts; news: number };

export type SponsorRow = AdminSponsorInput & { id: number };
const sponsorColumns = sql`id, title, image, summary, content, period, sort, active, i18n`;
const toSponsor = (row: SponsorRow): SponsorRow => ({
  ...row,
  id: Number(row.id),
  sort: Number(row.sort),
  active: Boolean(row.active),
  i18n: row.i18n ?? {},
});

export type BannerRow = AdminBannerInput & { id: number };

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const time = (value: Date | null) => sql`${value?.toISOString() ?? null}::timestamptz`;

/** The tables whose texts `setTexts` writes (operators' per-language texts of rows edited elsewhere). */
const TEXT_TABLES = { promos: sql`promos`, games: sql`games`, game_groups: sql`game_groups` } as const;

const inWindow = sql`active AND (start_at IS NULL OR start_at <= now()) AND (end_at IS NULL OR end_at > now())`;
const published = (category: number): SQL =>
  category
    ? sql`active AND published_at <= now() AND category_id = ${category}`
    : sql`active AND published_at <= now()`;

export const contentRepository = {
  activeBanners(db: Executor) {
    return db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.sort), asc(banners.id));
  },

  /** Announcements switched on and within their window, in `sort` order, newest first within a sort. */
  async liveNotices(db: Executor, limit: number): Promise<NoticeRow[]> {
    const result = await db.execute(
      sql`SELECT ${noticeColumns} FROM notices WHERE ${inWindow} ORDER BY sort, id DESC LIMIT ${limit}`,
    );
    return resultRows<RawNotice>(result).map(toNotice);
  },

  /** Promotions that are switched on and within their dates (open-ended dates allowed). */
  async runningPromos(db: Executor, offset: number, limit: number) {
    const now = new Date();
    const where = and(
      eq(promos.active, true),
      or(isNull(promos.startAt), lte(promos.startAt, now)),
      or(isNull(promos.endAt), gte(promos.endAt, now)),
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(promos).where(where).orderBy(asc(promos.sort), desc(promos.id)).offset(offset).limit(limit),
      db.select({ value: count() }).from(promos).where(where),
    ]);
    return { rows, total: Number(total?.value ?? 0) };
  },

  async promo(db: Executor, id: number) {
    return (
      await db
        .select()
        .from(promos)
        .where(and(eq(promos.id, id), eq(promos.active, true)))
        .limit(1)
    )[0];
  },

  /** Published news (switched on, publication time passed), of one category or of all (0), newest first. */
  async publishedNews(db: Executor, category: number, offset: number, limit: number) {
    const where = published(category);
    const [rows, totals] = await Promise.all([
      db.execute(
        sql`SELECT ${newsColumns} FROM news WHERE ${where} ORDER BY published_at DESC, id DESC
          OFFSET ${offset} LIMIT ${limit}`,
      ),
      db.execute(sql`SELECT count(*)::int AS total FROM news WHERE ${where}`),
    ]);
    return {
      rows: resultRows<RawNews>(rows).map(toNews),
      total: Number(resultRows<{ total: number }>(totals)[0]?.total ?? 0),
    };
  },

  async newsItem(db: Executor, id: number): Promise<NewsRow | undefined> {
    const result = await db.execute(
      sql`SELECT ${newsColumns} FROM news WHERE id = ${id} AND active AND published_at <= now()`,
    );
    const row = resultRows<RawNews>(result)[0];
    return row ? toNews(row) : undefined;
  },

  /** The categories in `sort` order, each with how many news items it holds (published or not). */
  async newsCategories(db: Executor): Promise<CategoryRow[]> {
    const result = await db.execute(sql`SELECT c.id, c.name, c.sort, c.i18n,
        (SELECT count(*)::int FROM news n WHERE n.category_id = c.id) AS news
      FROM news_categories c ORDER BY c.sort, c.id`);
    return resultRows<CategoryRow>(result).map((row) => ({
      id: Number(row.id),
      name: row.name,
      sort: Number(row.sort),
      i18n: row.i18n ?? {},
      news: Number(row.news),
    }));
  },

  async activeSponsors(db: Executor): Promise<SponsorRow[]> {
    const result = await db.execute(sql`SELECT ${sponsorColumns} FROM sponsors WHERE active ORDER BY sort, id`);
    return resultRows<SponsorRow>(result).map(toSponsor);
  },

  treeChildren(db: Executor, parentId: string) {
    return db
      .select()
      .from(configTree)
      .where(eq(configTree.parentId, parentId))
      .orderBy(asc(configTree.sort), asc(configTree.id));
  },

  gameGroups(db: Executor) {
    return db.select().from(gameGroups).orderBy(asc(gameGroups.sort), asc(gameGroups.id));
  },

  gamesByIds(db: Executor, ids: number[]) {
    return db
      .select()
      .from(games)
      .where(and(eq(games.active, true), inArray(games.id, ids)))
      .orderBy(asc(games.sort), asc(games.id));
  },

  activeGames(db: Executor) {
    return db.select().from(games).where(eq(games.active, true)).orderBy(asc(games.sort), asc(games.id));
  },

  async setting<T>(db: Executor, key: string): Promise<T | undefined> {
    return (await db.select().from(settings).where(eq(settings.key, key)).limit(1))[0]?.value as T | undefined;
  },

  // --- operators ---------------------------------------------------------------------------------------------

  async allNotices(db: Executor): Promise<NoticeRow[]> {
    const result = await db.execute(sql`SELECT ${noticeColumns} FROM notices ORDER BY sort, id DESC`);
    return resultRows<RawNotice>(result).map(toNotice);
  },

  async insertNotice(tx: Executor, input: NoticeInput): Promise<NoticeRow> {
    const result =
      await tx.execute(sql`INSERT INTO notices (title, content, popup, start_at, end_at, sort, active, i18n)
      VALUES (${input.title}, ${input.content}, ${input.popup}, ${time(input.startAt)}, ${time(input.endAt)}, ${input.sort},
        ${input.active}, ${json(input.i18n)})
      RETURNING ${noticeColumns}`);
    return toNotice(resultRows<RawNotice>(result)[0] as RawNotice);
  },

  async updateNotice(tx: Executor, id: number, input: NoticeInput): Promise<NoticeRow | undefined> {
    const result = await tx.execute(sql`UPDATE notices SET title = ${input.title}, content = ${input.content},
        popup = ${input.popup}, start_at = ${time(input.startAt)}, end_at = ${time(input.endAt)}, sort = ${input.sort},
        active = ${input.active}, i18n = ${json(input.i18n)}
      WHERE id = ${id} RETURNING ${noticeColumns}`);
    const row = resultRows<RawNotice>(result)[0];
    return row ? toNotice(row) : undefined;
  },

  async allBanners(db: Executor): Promise<BannerRow[]> {
    const result = await db.execute(sql`SELECT id, image, title, link, sort, active, i18n FROM banners
      ORDER BY sort, id`);
    return resultRows<BannerRow>(result).map((row) => ({ ...row, id: Number(row.id), i18n: row.i18n ?? {} }));
  },

  async saveBanner(tx: Executor, id: number | null, input: AdminBannerInput): Promise<BannerRow | undefined> {
    const result = await tx.execute(
      id === null
        ? sql`INSERT INTO banners (image, title, link, sort, active, i18n)
            VALUES (${input.image}, ${input.title}, ${input.link}, ${input.sort}, ${input.active}, ${json(input.i18n)})
            RETURNING id, image, title, link, sort, active, i18n`
        : sql`UPDATE banners SET image = ${input.image}, title = ${input.title}, link = ${input.link},
              sort = ${input.sort}, active = ${input.active}, i18n = ${json(input.i18n)}
            WHERE id = ${id} RETURNING id, image, title, link, sort, active, i18n`,
    );
    const row = resultRows<BannerRow>(result)[0];
    return row ? { ...row, id: Number(row.id), i18n: row.i18n ?? {} } : undefined;
  },

  async allNews(db: Executor): Promise<NewsRow[]> {
    const result = await db.execute(sql`SELECT ${newsColumns} FROM news ORDER BY published_at DESC, id DESC`);
    return resultRows<RawNews>(result).map(toNews);
  },

  async saveNews(tx: Executor, id: number | null, input: NewsInput): Promise<NewsRow | undefined> {
    const result = await tx.execute(
      id === null
        ? sql`INSERT INTO news (title, image, summary, content, category_id, published_at, active, i18n)
            VALUES (${input.title}, ${input.image}, ${input.summary}, ${input.content}, ${input.category},
              ${time(input.publishedAt)}, ${input.active}, ${json(input.i18n)})
            RETURNING ${newsColumns}`
        : sql`UPDATE news SET title = ${input.title}, image = ${input.image}, summary = ${input.summary},
              content = ${input.content}, category_id = ${input.category}, published_at = ${time(input.publishedAt)},
              active = ${input.active}, i18n = ${json(input.i18n)}
            WHERE id = ${id} RETURNING ${newsColumns}`,
    );
    const row = resultRows<RawNews>(result)[0];
    return row ? toNews(row) : undefined;
  },

  async categoryExists(tx: Executor, id: number): Promise<boolean> {
    const result = await tx.execute(sql`SELECT 1 FROM news_categories WHERE id = ${id}`);
    return resultRows(result).length > 0;
  },

  /**
   * Replaces the categories: kept ids are updated, new entries inserted, the rest deleted (their news lose the
   * category). Names are freed first so two categories may swap names in one save. Answers false when a kept id
   * does not exist.
   */
  async replaceCategories(
    tx: Executor,
    list: Array<{ id?: number | undefined; name: string; sort: number; i18n: Texts }>,
  ): Promise<boolean> {
    await tx.execute(sql`LOCK TABLE news_categories IN SHARE ROW EXCLUSIVE MODE`);
    const kept = list.flatMap((entry) => (entry.id ? [entry.id] : []));
    const existing = resultRows<{ id: number }>(await tx.execute(sql`SELECT id FROM news_categories`)).map((row) =>
      Number(row.id),
    );
    if (kept.some((id) => !existing.includes(id))) return false;
    const dropped = existing.filter((id) => !kept.includes(id));
    if (dropped.length)
      await tx.execute(
        sql`DELETE FROM news_categories WHERE id IN (${sql.join(
          dropped.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    if (kept.length)
      await tx.execute(
        sql`UPDATE news_categories SET name = '#' || id::text WHERE id IN (${sql.join(
          kept.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    for (const entry of list) {
      if (entry.id)
        await tx.execute(sql`UPDATE news_categories SET name = ${entry.name}, sort = ${entry.sort},
          i18n = ${json(entry.i18n)} WHERE id = ${entry.id}`);
      else
        await tx.execute(sql`INSERT INTO news_categories (name, sort, i18n)
          VALUES (${entry.name}, ${entry.sort}, ${json(entry.i18n)})`);
    }
    return true;
  },

  async allSponsors(db: Executor): Promise<SponsorRow[]> {
    const result = await db.execute(sql`SELECT ${sponsorColumns} FROM sponsors ORDER BY sort, id`);
    return resultRows<SponsorRow>(result).map(toSponsor);
  },

  async saveSponsor(tx: Executor, id: number | null, input: AdminSponsorInput): Promise<SponsorRow | undefined> {
    const result = await tx.execute(
      id === null
        ? sql`INSERT INTO sponsors (title, image, summary, content, period, sort, active, i18n)
            VALUES (${input.title}, ${input.image}, ${input.summary}, ${input.content}, ${input.period},
              ${input.sort}, ${input.active}, ${json(input.i18n)})
            RETURNING ${sponsorColumns}`
        : sql`UPDATE sponsors SET title = ${input.title}, image = ${input.image}, summary = ${input.summary},
              content = ${input.content}, period = ${input.period}, sort = ${input.sort}, active = ${input.active},
              i18n = ${json(input.i18n)}
            WHERE id = ${id} RETURNING ${sponsorColumns}`,
    );
    const row = resultRows<SponsorRow>(result)[0];
    return row ? toSponsor(row) : undefined;
  },

  /** Deletes one row of an operator content table; answers the deleted row (for the audit) or undefined. */
  async deleteRow(
    tx: Executor,
    table: 'notices' | 'banners' | 'news' | 'sponsors',
    id: number,
  ): Promise<Record<string, unknown> | undefined> {
    const name = { notices: sql`notices`, banners: sql`banners`, news: sql`news`, sponsors: sql`sponsors` }[table];
    const result = await tx.execute(sql`DELETE FROM ${name} WHERE id = ${id} RETURNING *`);
    return resultRows<Record<string, unknown>>(result)[0];
  },

  /** Replaces the other languages' texts of a promotion, game or game group; undefined when there is no such row. */
  async setTexts(tx: Executor, table: keyof typeof TEXT_TABLES, id: number, i18n: Texts) {
    const result = await tx.execute(
      sql`UPDATE ${TEXT_TABLES[table]} SET i18n = ${json(i18n)} WHERE id = ${id} RETURNING id, i18n`,
    );
    const row = resultRows<{ id: number | string; i18n: Texts }>(result)[0];
    return row ? { id: Number(row.id), i18n: row.i18n ?? {} } : undefined;
  },
};

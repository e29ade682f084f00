import type { LocalizedTexts } from '@jinb/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { resultRows } from '../db/result-rows';

type Texts = LocalizedTexts;

export type HelpCategoryRow = { id: number; code: string; name: string; sort: number; i18n: Texts };

export type HelpArticleRow = {
  id: number;
  slug: string;
  categoryId: number | null;
  title: string;
  summary: string;
  body: string;
  quick: boolean;
  quickSort: number;
  sort: number;
  active: boolean;
  i18n: Texts;
  updatedAt: Date;
};

export type HelpArticleInput = Omit<HelpArticleRow, 'id' | 'updatedAt'>;
export type HelpCategoryInput = { id?: number | undefined; code: string; name: string; sort: number; i18n: Texts };

type RawArticle = {
  id: number | string;
  slug: string;
  category_id: number | string | null;
  title: string;
  summary: string;
  body: string;
  quick: boolean;
  quick_sort: number | string;
  sort: number | string;
  active: boolean;
  i18n: Texts | null;
  updated_at: string | Date;
};

const articleColumns = sql`id, slug, category_id, title, summary, body, quick, quick_sort, sort, active, i18n,
  updated_at`;
const toArticle = (row: RawArticle): HelpArticleRow => ({
  id: Number(row.id),
  slug: row.slug,
  categoryId: row.category_id === null ? null : Number(row.category_id),
  title: row.title,
  summary: row.summary,
  body: row.body,
  quick: Boolean(row.quick),
  quickSort: Number(row.quick_sort),
  sort: Number(row.sort),
  active: Boolean(row.active),
  i18n: row.i18n ?? {},
  updatedAt: new Date(row.updated_at),
});
const toCategory = (row: HelpCategoryRow): HelpCategoryRow => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  sort: Number(row.sort),
  i18n: row.i18n ?? {},
});

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

export const helpRepository = {
  async categories(db: Executor): Promise<HelpCategoryRow[]> {
    const result = await db.execute(sql`SELECT id, code, name, sort, i18n FROM help_categories ORDER BY sort, id`);
    return resultRows<HelpCategoryRow>(result).map(toCategory);
  },

  /** Every switched-on article, in its category's order (`sort`, then id): the corpus members read and search. */
  async activeArticles(db: Executor): Promise<HelpArticleRow[]> {
    const result = await db.execute(sql`SELECT ${articleColumns} FROM help_articles WHERE active ORDER BY sort, id`);
    return resultRows<RawArticle>(result).map(toArticle);
  },

  /** The chat's quick questions: switched-on articles flagged `quick`, in `quick_sort` order. */
  async quickArticles(db: Executor): Promise<HelpArticleRow[]> {
    const result = await db.execute(
      sql`SELECT ${articleColumns} FROM help_articles WHERE quick AND active ORDER BY quick_sort, id LIMIT 20`,
    );
    return resultRows<RawArticle>(result).map(toArticle);
  },

  async activeArticleById(db: Executor, id: number): Promise<HelpArticleRow | undefined> {
    const result = await db.execute(sql`SELECT ${articleColumns} FROM help_articles WHERE id = ${id} AND active`);
    const row = resultRows<RawArticle>(result)[0];
    return row ? toArticle(row) : undefined;
  },

  // --- operators ---------------------------------------------------------------------------------------------

  async allArticles(db: Executor): Promise<HelpArticleRow[]> {
    const result = await db.execute(
      sql`SELECT ${articleColumns} FROM help_articles ORDER BY category_id NULLS LAST, sort, id`,
    );
    return resultRows<RawArticle>(result).map(toArticle);
  },

  async categoryExists(tx: Executor, id: number): Promise<boolean> {
    return resultRows(await tx.execute(sql`SELECT 1 FROM help_categories WHERE id = ${id}`)).length > 0;
  },

  async slugTaken(tx: Executor, slug: string, exceptId: number | null): Promise<boolean> {
    const result = await tx.execute(sql`SELECT 1 FROM help_articles WHERE slug = ${slug} AND id <> ${exceptId ?? 0}`);
    return resultRows(result).length > 0;
  },

  /** Inserts (id null) or updates an article; undefined when the id does not exist. */
  async saveArticle(tx: Executor, id: number | null, input: HelpArticleInput): Promise<HelpArticleRow | undefined> {
    const result = await tx.execute(
      id === null
        ? sql`INSERT INTO help_articles (slug, category_id, title, summary, body, quick, quick_sort, sort, active, i18n)
            VALUES (${input.slug}, ${input.categoryId}, ${input.title}, ${input.summary}, ${input.body}, ${input.quick},
              ${input.quickSort}, ${input.sort}, ${input.active}, ${json(input.i18n)})
            RETURNING ${articleColumns}`
        : sql`UPDATE help_articles SET slug = ${input.slug}, category_id = ${input.categoryId}, title = ${input.title},
              summary = ${input.summary}, body = ${input.body}, quick = ${input.quick}, quick_sort = ${input.quickSort},
              sort = ${input.sort}, active = ${input.active}, i18n = ${json(input.i18n)}, updated_at = now()
            WHERE id = ${id} RETURNING ${articleColumns}`,
    );
    const row = resultRows<RawArticle>(result)[0];
    return row ? toArticle(row) : undefined;
  },

  async deleteArticle(tx: Executor, id: number): Promise<HelpArticleRow | undefined> {
    const result = await tx.execute(sql`DELETE FROM help_articles WHERE id = ${id} RETURNING ${articleColumns}`);
    const row = resultRows<RawArticle>(result)[0];
    return row ? toArticle(row) : undefined;
  },

  /**
   * Replaces the categories as a whole: kept ids are updated, new entries inserted, the rest deleted (their articles
   * stay, without a category). Codes are freed first so two categories may swap codes in one save. False when a kept
   * id does not exist (nothing is changed then: the caller's transaction rolls back).
   */
  async replaceCategories(tx: Executor, list: HelpCategoryInput[]): Promise<boolean> {
    await tx.execute(sql`LOCK TABLE help_categories IN SHARE ROW EXCLUSIVE MODE`);
    const kept = list.flatMap((entry) => (entry.id ? [entry.id] : []));
    const existing = resultRows<{ id: number }>(await tx.execute(sql`SELECT id FROM help_categories`)).map((row) =>
      Number(row.id),
    );
    if (kept.some((id) => !existing.includes(id))) return false;
    const dropped = existing.filter((id) => !kept.includes(id));
    if (dropped.length) await tx.execute(sql`DELETE FROM help_categories WHERE id IN (${ids(dropped)})`);
    if (kept.length)
      await tx.execute(sql`UPDATE help_categories SET code = '#' || id::text WHERE id IN (${ids(kept)})`);
    for (const entry of list) {
      if (entry.id)
        await tx.execute(sql`UPDATE help_categories SET code = ${entry.code}, name = ${entry.name}, sort = ${entry.sort},
          i18n = ${json(entry.i18n)} WHERE id = ${entry.id}`);
      else
        await tx.execute(sql`INSERT INTO help_categories (code, name, sort, i18n)
          VALUES (${entry.code}, ${entry.name}, ${entry.sort}, ${json(entry.i18n)})`);
    }
    return true;
  },
};

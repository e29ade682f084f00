import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { resultRows } from '../db/result-rows';
import { HELP_ARTICLES, HELP_CATEGORIES } from './help-articles';

/** Any fixed number: the advisory lock that lets one process seed while the others wait and then see it done. */
const SEED_LOCK = 250_030;

/**
 * Writes the help centre's own categories and articles (help-articles.ts) into an empty help centre. Called at every
 * start in every mode (main.ts) and by the demo seed: the tutorials are the platform's documentation, not demo
 * data, and a site without them ends every tutorial route on the not-found page. Once anything is there, nothing
 * is written, so operators' edits and deletions survive restarts. Several processes starting at once: the advisory
 * lock makes one seed and the others find it done.
 */
export async function seedHelpCentre(db: Database): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = resultRows<{ total: number }>(
      await tx.execute(sql`SELECT (SELECT count(*) FROM help_categories) + (SELECT count(*) FROM help_articles)
        AS total`),
    );
    if (Number(existing?.total ?? 0) > 0) return { seeded: false };
    const ids = new Map<string, number>();
    for (const category of HELP_CATEGORIES) {
      const [row] = resultRows<{ id: number }>(
        await tx.execute(sql`INSERT INTO help_categories (code, name, sort)
          VALUES (${category.code}, ${category.name}, ${category.sort}) RETURNING id`),
      );
      ids.set(category.code, Number(row?.id));
    }
    for (const article of HELP_ARTICLES)
      await tx.execute(sql`INSERT INTO help_articles (slug, category_id, title, summary, body, quick, quick_sort, sort)
        VALUES (${article.slug}, ${ids.get(article.category) ?? null}, ${article.title}, ${article.summary},
          ${article.body}, ${article.quick !== undefined}, ${article.quick ?? 0}, ${article.sort})`);
    return { seeded: true };
  });
}

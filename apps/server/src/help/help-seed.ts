import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { resultRows } from '../db/result-rows';
import { HELP_ARTICLES, HELP_CATEGORIES, type SeedArticle } from './help-articles';
import { POLICY_ARTICLES, POLICY_CATEGORY } from './help-policy-articles';

/** Any fixed number: the advisory lock that lets one process seed while the others wait and then see it done. */
const SEED_LOCK = 250_030;

/**
 * Writes the help centre's own categories and articles (help-articles.ts) into an empty help centre. Called at every
 * start in every mode (main.ts) and by the demo seed: the tutorials are the platform's documentation, not demo
 * data, and a site without them ends every tutorial route on the not-found page. Once anything is there, nothing
 * is written, so operators' edits and deletions survive restarts, with one exception: the policy pages
 * (help-policy-articles.ts), which the registration links to and which came after many help centres were already
 * seeded, are added whenever their slug is missing (with their category when its code is missing). Several
 * processes starting at once: the advisory lock makes one seed and the others find it done.
 */
export async function seedHelpCentre(db: Database): Promise<{ seeded: boolean; added: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = resultRows<{ total: number }>(
      await tx.execute(sql`SELECT (SELECT count(*) FROM help_categories) + (SELECT count(*) FROM help_articles)
        AS total`),
    );
    if (Number(existing?.total ?? 0) > 0) return { seeded: false, added: await addMissingPolicies(tx) };
    const ids = new Map<string, number>();
    for (const category of HELP_CATEGORIES) {
      const [row] = resultRows<{ id: number }>(
        await tx.execute(sql`INSERT INTO help_categories (code, name, sort)
          VALUES (${category.code}, ${category.name}, ${category.sort}) RETURNING id`),
      );
      ids.set(category.code, Number(row?.id));
    }
    for (const article of HELP_ARTICLES) await insertArticle(tx, article, ids.get(article.category) ?? null);
    return { seeded: true, added: [] };
  });
}

function insertArticle(tx: Executor, article: SeedArticle, categoryId: number | null) {
  return tx.execute(sql`INSERT INTO help_articles (slug, category_id, title, summary, body, quick, quick_sort, sort)
    VALUES (${article.slug}, ${categoryId}, ${article.title}, ${article.summary}, ${article.body},
      ${article.quick !== undefined}, ${article.quick ?? 0}, ${article.sort})`);
}

/** The policy articles whose slug is not there, inserted; their slugs. */
async function addMissingPolicies(tx: Executor): Promise<string[]> {
  const slugs = POLICY_ARTICLES.map((article) => article.slug);
  const present = new Set(
    resultRows<{ slug: string }>(
      await tx.execute(
        sql`SELECT slug FROM help_articles WHERE slug IN (${sql.join(
          slugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})`,
      ),
    ).map((row) => row.slug),
  );
  const missing = POLICY_ARTICLES.filter((article) => !present.has(article.slug));
  if (missing.length === 0) return [];
  const [found] = resultRows<{ id: number }>(
    await tx.execute(sql`SELECT id FROM help_categories WHERE code = ${POLICY_CATEGORY.code}`),
  );
  const categoryId =
    found?.id ??
    resultRows<{ id: number }>(
      await tx.execute(sql`INSERT INTO help_categories (code, name, sort)
        VALUES (${POLICY_CATEGORY.code}, ${POLICY_CATEGORY.name}, ${POLICY_CATEGORY.sort}) RETURNING id`),
    )[0]?.id;
  for (const article of missing) await insertArticle(tx, article, categoryId === undefined ? null : Number(categoryId));
  return missing.map((article) => article.slug);
}

import type {
  AdminHelpArticleInput,
  AdminHelpArticleView,
  AdminHelpCategoriesInput,
  AdminHelpCategoryView,
  OperatorRole,
} from '@jinb/contract';
import { rolesOf } from '@jinb/contract';
import { assertRole, auditIn, type OperatorActor } from '../admin/operator-actor';
import type { Database, Executor } from '../db/database';
import { AppError } from '../shared/app-error';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { type HelpArticleRow, helpRepository } from './help.repository';
import { HELP_CHANGED } from './help.service';

/** Who writes the help centre: admins and support (as for the rest of members' content, issue 24); finance reads. */
export const HELP_EDITORS: readonly OperatorRole[] = rolesOf('marketing');
export const HELP_VIEWERS: readonly OperatorRole[] = rolesOf('marketingViewers');

const articleView = (row: HelpArticleRow): AdminHelpArticleView => ({
  id: row.id,
  slug: row.slug,
  category: row.categoryId,
  title: row.title,
  summary: row.summary,
  body: row.body,
  quick: row.quick,
  quickSort: row.quickSort,
  sort: row.sort,
  active: row.active,
  i18n: row.i18n as AdminHelpArticleView['i18n'],
  updatedAt: row.updatedAt.toISOString(),
});

export type HelpAdmin = ReturnType<typeof createHelpAdmin>;

/**
 * Operators' help centre: categories (replaced as a whole) and articles. Every change commits with its audit row,
 * then clears every process's help corpus (HELP_CHANGED on the bus), so the next read anywhere shows it. Bad input is
 * refused before anything is written; a slug already used by another article is refused with 409.
 */
export function createHelpAdmin(deps: { db: Database; bus: InvalidationBus }) {
  const { db, bus } = deps;

  async function change<T>(actor: OperatorActor, work: (tx: Executor) => Promise<T>): Promise<T> {
    assertRole(actor, HELP_EDITORS);
    const result = await db.transaction(work);
    await bus.publish(HELP_CHANGED);
    return result;
  }

  async function categories(): Promise<AdminHelpCategoryView[]> {
    const [rows, articles] = await Promise.all([helpRepository.categories(db), helpRepository.allArticles(db)]);
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      sort: row.sort,
      i18n: row.i18n as AdminHelpCategoryView['i18n'],
      articles: articles.filter((article) => article.categoryId === row.id).length,
    }));
  }

  return {
    async categories(actor: OperatorActor): Promise<AdminHelpCategoryView[]> {
      assertRole(actor, HELP_VIEWERS);
      return categories();
    },

    async saveCategories(actor: OperatorActor, body: AdminHelpCategoriesInput): Promise<AdminHelpCategoryView[]> {
      await change(actor, async (tx) => {
        if (!(await helpRepository.replaceCategories(tx, body.list))) throw new AppError('BAD_REQUEST');
        await auditIn(tx, actor, 'help.categories', 'help_categories', { list: body.list });
      });
      return categories();
    },

    async articles(actor: OperatorActor): Promise<AdminHelpArticleView[]> {
      assertRole(actor, HELP_VIEWERS);
      return (await helpRepository.allArticles(db)).map(articleView);
    },

    saveArticle(actor: OperatorActor, id: number | null, body: AdminHelpArticleInput): Promise<AdminHelpArticleView> {
      return change(actor, async (tx) => {
        if (body.category !== null && !(await helpRepository.categoryExists(tx, body.category)))
          throw new AppError('BAD_REQUEST', { detail: { category: body.category } });
        if (await helpRepository.slugTaken(tx, body.slug, id))
          throw new AppError('BAD_REQUEST', { httpStatus: 409, detail: { slug: 'taken' } });
        const row = await helpRepository.saveArticle(tx, id, {
          slug: body.slug,
          categoryId: body.category,
          title: body.title,
          summary: body.summary,
          body: body.body,
          quick: body.quick,
          quickSort: body.quickSort,
          sort: body.sort,
          active: body.active,
          i18n: body.i18n,
        });
        if (!row) throw new AppError('HELP_ARTICLE_NOT_FOUND');
        const view = articleView(row);
        await auditIn(tx, actor, id === null ? 'help.article.create' : 'help.article.update', `help:${view.id}`, view);
        return view;
      });
    },

    deleteArticle(actor: OperatorActor, id: number): Promise<{ id: number }> {
      return change(actor, async (tx) => {
        const row = await helpRepository.deleteArticle(tx, id);
        if (!row) throw new AppError('HELP_ARTICLE_NOT_FOUND');
        await auditIn(tx, actor, 'help.article.delete', `help:${id}`, articleView(row));
        return { id };
      });
    },
  };
}

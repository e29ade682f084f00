import type { Lang } from '@jinb/contract';
import type { Database } from '../db/database';
import { localize } from '../shared/localize';
import { helpRepository } from './help.repository';
import { excerpt } from './help-text';

/**
 * What the chat asks of the help centre: the quick questions (常见问题) it offers before a human joins, and the
 * answer to one, at once. Articles flagged `quick` and switched on, in the operator's `quick_sort` order; the answer
 * is the article as plain text trimmed for a chat bubble, with its `slug` so the chat can link to `/tutorial/<slug>`.
 */
export type HelpLookup = {
  quickQuestions(lang: Lang): Promise<Array<{ id: number; title: string }>>;
  answer(id: number, lang: Lang): Promise<{ id: number; title: string; text: string; slug: string } | null>;
};

/** Length of the chat's answer text (the whole article stays one tap away, at /tutorial/<slug>). */
export const ANSWER_MAX_CHARS = 320;

export function createHelpLookup(db: Database): HelpLookup {
  return {
    async quickQuestions(lang) {
      const rows = await helpRepository.quickArticles(db);
      return rows.map((row) => {
        const { id, title } = localize(row, ['title'], lang);
        return { id, title };
      });
    },

    async answer(id, lang) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await helpRepository.activeArticleById(db, id);
      if (!row) return null;
      const { title, body, slug } = localize(row, ['title', 'body'], lang);
      return { id: row.id, title, text: excerpt(body, ANSWER_MAX_CHARS), slug };
    },
  };
}

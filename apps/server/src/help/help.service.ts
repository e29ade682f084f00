import type {
  HelpArticle,
  HelpArticleSummary,
  HelpCategory,
  HelpSearchHit,
  HelpSearchResult,
  Lang,
} from '@jinb/contract';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import { AppError } from '../shared/app-error';
import type { InvalidationBus } from '../shared/invalidation-bus';
import { localize } from '../shared/localize';
import { helpRepository } from './help.repository';
import { plainText } from './help-text';

export type HelpService = ReturnType<typeof createHelpService>;

/** Help content changes rarely and every visitor reads it: cached per process and language, briefly. */
const PUBLIC_TTL_MS = 30_000;
/** The bus message of an operator's help change: every process drops its help corpus. */
export const HELP_CHANGED = { kind: 'settings', key: 'help' } as const;
const RELATED_MAX = 5;
const HITS_MAX = 30;
const SNIPPET_BEFORE = 16;
const SNIPPET_LENGTH = 72;

type Entry = {
  id: number;
  slug: string;
  categoryId: number | null;
  title: string;
  summary: string;
  body: string;
  /** Plain text of the body, for search and snippets. */
  plain: string;
  /** Lower-cased title and plain text, what a search compares. */
  haystack: { title: string; text: string };
  updatedAt: Date;
};
type Corpus = {
  categories: Array<{ id: number; code: string; name: string }>;
  articles: Entry[];
  bySlug: Map<string, Entry>;
};

const summaryOf = (entry: Entry): HelpArticleSummary => ({
  slug: entry.slug,
  title: entry.title,
  summary: entry.summary,
});

/** A zh-HK article shows the pictures whose words are in traditional characters (help.routes.ts serves them). */
export const hongKongPictures = (body: string) => body.replace(/\]\(\/media\/help\/(?!hk\/)/g, '](/media/help/hk/');

/** The words of a search: split on spaces (both widths), lower-cased, repeats dropped. */
export function searchTerms(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[\s\u3000]+/)
        .filter(Boolean),
    ),
  ];
}

/** A stretch of `text` around the first of `terms` found in it (or its start), on one line. */
function snippet(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  const first = at.length ? Math.min(...at) : 0;
  const start = Math.max(0, first - SNIPPET_BEFORE);
  const piece = flat.slice(start, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_LENGTH < flat.length ? '…' : ''}`;
}

/**
 * What members read of the help centre, in the request's language (the operator's text for that language, else the
 * default one converted: shared/localize.ts). The whole corpus of switched-on articles is small (tens, at most a few
 * hundred), so each process keeps it per language, built once per change (HELP_CHANGED on the bus) or 30 s, and
 * answers the categories, the articles and the searches from it. Searching the localized texts in memory, rather
 * than with ILIKE on the stored columns, is what makes a zh-HK search in traditional characters find an article
 * stored in simplified ones; it runs the same on PGlite and PostgreSQL.
 */
export function createHelpService(db: Database, bus: InvalidationBus) {
  const cache = new LRUCache<string, Promise<Corpus>>({ max: 8, ttl: PUBLIC_TTL_MS });
  bus.subscribe((message) => {
    if (message.kind === HELP_CHANGED.kind && message.key === HELP_CHANGED.key) cache.clear();
  });

  async function build(lang: Lang): Promise<Corpus> {
    const [categoryRows, articleRows] = await Promise.all([
      helpRepository.categories(db),
      helpRepository.activeArticles(db),
    ]);
    const categories = categoryRows.map((row) => {
      const { id, code, name } = localize(row, ['name'], lang);
      return { id, code, name };
    });
    const articles = articleRows.map((row): Entry => {
      const { title, summary, body: text } = localize(row, ['title', 'summary', 'body'], lang);
      const body = lang === 'zh-HK' ? hongKongPictures(text) : text;
      const plain = plainText(body);
      return {
        id: row.id,
        slug: row.slug,
        categoryId: row.categoryId,
        title,
        summary,
        body,
        plain,
        haystack: { title: title.toLowerCase(), text: `${summary}\n${plain}`.toLowerCase() },
        updatedAt: row.updatedAt,
      };
    });
    return { categories, articles, bySlug: new Map(articles.map((entry) => [entry.slug, entry])) };
  }

  function corpus(lang: Lang): Promise<Corpus> {
    let hit = cache.get(lang);
    if (!hit) {
      hit = build(lang);
      cache.set(lang, hit);
      // A failed read is not remembered.
      hit.catch(() => cache.delete(lang));
    }
    return hit;
  }

  return {
    /** The help centre's sections, each with its articles' titles; a category without articles is left out. */
    async categories(lang: Lang): Promise<HelpCategory[]> {
      const { categories, articles } = await corpus(lang);
      return categories
        .map((category) => ({
          ...category,
          articles: articles.filter((entry) => entry.categoryId === category.id).map(summaryOf),
        }))
        .filter((category) => category.articles.length > 0);
    },

    /**
     * Articles whose title or text holds every word of `q` (case-insensitive; `%` and `_` are plain characters),
     * title matches first; with `category`, only that category's. No words and no category finds nothing.
     */
    async search(query: { q: string; category: number }, lang: Lang): Promise<HelpSearchResult> {
      const terms = searchTerms(query.q);
      if (!terms.length && !query.category) return { q: query.q, list: [] };
      const { articles } = await corpus(lang);
      const scored: Array<{ entry: Entry; score: number }> = [];
      for (const entry of articles) {
        if (query.category && entry.categoryId !== query.category) continue;
        let score = 0;
        let all = true;
        for (const term of terms) {
          if (entry.haystack.title.includes(term)) score += 10;
          else if (entry.haystack.text.includes(term)) score += 1;
          else {
            all = false;
            break;
          }
        }
        if (all) scored.push({ entry, score });
      }
      scored.sort((a, b) => b.score - a.score);
      const list: HelpSearchHit[] = scored.slice(0, HITS_MAX).map(({ entry }) => ({
        ...summaryOf(entry),
        category: entry.categoryId,
        snippet: snippet(entry.plain || entry.summary, terms),
      }));
      return { q: query.q, list };
    },

    /** One switched-on article by its slug, with others of its category; unknown: HELP_ARTICLE_NOT_FOUND. */
    async article(slug: string, lang: Lang): Promise<HelpArticle> {
      const { categories, articles, bySlug } = await corpus(lang);
      const entry = bySlug.get(slug);
      if (!entry) throw new AppError('HELP_ARTICLE_NOT_FOUND');
      const category = categories.find((row) => row.id === entry.categoryId);
      return {
        id: entry.id,
        slug: entry.slug,
        title: entry.title,
        summary: entry.summary,
        body: entry.body,
        category: category ? { id: category.id, name: category.name } : null,
        updatedAt: entry.updatedAt.toISOString(),
        related: articles
          .filter(
            (other) => other.categoryId !== null && other.categoryId === entry.categoryId && other.id !== entry.id,
          )
          .slice(0, RELATED_MAX)
          .map(summaryOf),
      };
    },
  };
}

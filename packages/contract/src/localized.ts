import { z } from 'zod';
import type { Lang } from './errors';

/**
 * Content in the member's language (issue 24). Everything an operator writes (announcements, banners, game names,
 * news, promotions, sponsors, VIP and task texts, messages) keeps its default-language (zh-CN) text in its ordinary
 * fields and the other languages' texts in `i18n`: `{ "zh-HK": { "title": "...", "content": "..." } }`. The server
 * answers each request in its `lang` header: the language's own text where the operator wrote one, otherwise the
 * default text converted (simplified to traditional for zh-HK), so nothing reaches a zh-HK member in simplified.
 */
export const TRANSLATED_LANGS = ['zh-HK'] as const satisfies readonly Exclude<Lang, 'zh-CN'>[];
export type TranslatedLang = (typeof TRANSLATED_LANGS)[number];

/** What is stored and what operators send: per language, per field, the text. */
export type LocalizedTexts<F extends string = string> = Partial<Record<TranslatedLang, Partial<Record<F, string>>>>;

/**
 * The operator's `i18n` field for a content kind with these text fields, each at most `max` characters. Blank texts
 * are dropped (a blank zh-HK title means "convert the default one"), so what is stored only holds real texts.
 */
export function localizedTexts<const F extends string>(fields: readonly F[], max = 20_000) {
  const text = z.string().trim().max(max, { error: 'BAD_REQUEST' });
  const perLang = z.partialRecord(z.enum(fields as unknown as [F, ...F[]]), text);
  return z
    .partialRecord(z.enum(TRANSLATED_LANGS as unknown as [TranslatedLang, ...TranslatedLang[]]), perLang)
    .default({})
    .transform((texts) => {
      const kept: LocalizedTexts<F> = {};
      for (const lang of TRANSLATED_LANGS) {
        const entries = Object.entries(texts[lang] ?? {}).filter(([, value]) => typeof value === 'string' && value);
        if (entries.length) kept[lang] = Object.fromEntries(entries) as Partial<Record<F, string>>;
      }
      return kept;
    });
}

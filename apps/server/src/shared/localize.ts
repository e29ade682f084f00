import { DEFAULT_LANG, type Lang, type LocalizedTexts, type TranslatedLang } from '@jinb/contract';
import { LRUCache } from 'lru-cache';
import * as OpenCC from 'opencc-js';

/**
 * Operator-written text in the request's language (see the contract's localized.ts): the language's own text where
 * one was written, otherwise the default (simplified) text converted to traditional with OpenCC's Hong Kong variant.
 * The converter's tables take about half a second to build, so it is built on the first zh-HK request, not at start;
 * converted texts are remembered, as the same notices and game names are asked for all day.
 */
let toHongKong: ((text: string) => string) | undefined;
const converted = new LRUCache<string, string>({
  max: 20_000,
  maxSize: 8_000_000,
  sizeCalculation: (v) => v.length + 1,
});

export function traditional(text: string): string {
  if (!text) return text;
  const hit = converted.get(text);
  if (hit !== undefined) return hit;
  toHongKong ??= OpenCC.Converter({ from: 'cn', to: 'hk' });
  const result = toHongKong(text);
  converted.set(text, result);
  return result;
}

/** One text field of a row in `lang`. */
export function localizedText<F extends string>(
  base: string,
  texts: LocalizedTexts<F> | null | undefined,
  field: F,
  lang: Lang,
): string {
  if (lang === DEFAULT_LANG) return base;
  return texts?.[lang as TranslatedLang]?.[field] || traditional(base);
}

/**
 * The row with its text `fields` in `lang` (a copy; the `i18n` column stays as it was, for operators' reads).
 * `localize(row, ['title', 'content'], lang)`.
 */
export function localize<T extends { i18n?: LocalizedTexts | null }, F extends keyof T & string>(
  row: T,
  fields: readonly F[],
  lang: Lang,
): T {
  if (lang === DEFAULT_LANG) return row;
  const copy = { ...row };
  for (const field of fields) {
    const base = row[field];
    if (typeof base === 'string') (copy as Record<string, unknown>)[field] = localizedText(base, row.i18n, field, lang);
  }
  return copy;
}

/**
 * Build-time only (vite.config.ts's oneLanguage plugin): a build is for one language, so the locale modules' other
 * language is dropped from it. Nothing in the site imports this module.
 */

/** The files that hold what members read, in both languages: the features' locales and the server's error messages. */
export const LOCALE_MODULE = /(\.locale\.ts|packages[\\/]contract[\\/]src[\\/]errors\.ts)$/;
const LANGS = ['zh-CN', 'zh-HK'];

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * A locale module's code with the value under every other language's key replaced by `{}`, given the module's
 * syntax tree; undefined when it names no other language.
 */
export function keepOneLanguage(code: string, program: unknown, lang: string): string | undefined {
  const other = LANGS.filter((candidate) => candidate !== lang);
  const cuts: Array<[number, number]> = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const current = node as Node;
    if (current.type === 'Property') {
      const key = current.key as Node & { value?: unknown; name?: string };
      const name = key.type === 'Literal' ? key.value : key.type === 'Identifier' ? key.name : undefined;
      const value = current.value as Node;
      if (typeof name === 'string' && other.includes(name)) {
        cuts.push([value.start, value.end]);
        return;
      }
    }
    for (const [field, child] of Object.entries(current)) if (field !== 'type') visit(child);
  };
  visit(program);
  if (!cuts.length) return undefined;
  let result = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
    result = `${result.slice(0, start)}{}${result.slice(end)}`;
  return result;
}

import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { keepOneLanguage, LOCALE_MODULE } from './one-language';

/** A locale module as the build sees it (TypeScript already stripped): both shapes the site uses. */
const LOCALE = `
const zhCN = { retry: '重试', tabs: { home: '首页' } };
export const common = { 'zh-CN': zhCN, 'zh-HK': { retry: '重試', tabs: { home: '首頁' } } };
registerLocale('home', { "zh-CN": { notices: '公告' }, "zh-HK": { notices: '公告欄' } });
`;

function keep(lang: string): string | undefined {
  return keepOneLanguage(LOCALE, parseAst(LOCALE), lang);
}

describe('a build keeps one language', () => {
  it('When building zh-CN, then the zh-HK strings are gone and the zh-CN ones stay', () => {
    const kept = keep('zh-CN')!;
    expect(kept).not.toMatch(/重試|首頁|公告欄/);
    expect(kept).toContain("'zh-CN': zhCN");
    expect(kept).toContain("notices: '公告'");
    expect(kept).toContain("'zh-HK': {}");
  });

  it('When building zh-HK, then the zh-CN values are emptied and the zh-HK ones stay', () => {
    const kept = keep('zh-HK')!;
    expect(kept).toContain("'zh-CN': {}");
    expect(kept).toContain("retry: '重試'");
    expect(kept).toContain("notices: '公告欄'");
    // The zh-CN object is now unused, so the bundler drops it.
    expect(kept).not.toMatch(/'zh-CN': zhCN/);
  });

  it('When a module names no language, then it is left alone', () => {
    const code = "export const paths = { home: '/app/home' };";
    expect(keepOneLanguage(code, parseAst(code), 'zh-CN')).toBeUndefined();
  });

  it('applies to the locale files and the contract error messages only', () => {
    expect(LOCALE_MODULE.test('/repo/apps/web/src/features/home/home.locale.ts')).toBe(true);
    expect(LOCALE_MODULE.test('/repo/packages/contract/src/errors.ts')).toBe(true);
    expect(LOCALE_MODULE.test('/repo/apps/web/src/shared/config.ts')).toBe(false);
  });
});

import { errorMessages } from '@jinb/contract';
import { describe, expect, it } from 'vitest';
import { common } from './common.locale';

/** Every feature's strings, as the site registers them. */
const featureLocales = import.meta.glob<Record<string, unknown>>('../../**/*.locale.ts', { eager: true });

function allText(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allText);
  return [];
}

/**
 * One word per thing: deposits are 充值 and withdrawals 提现 (提現) everywhere a member reads them. Mixed words
 * (存款 on one page, 充值 on the next) made members wonder whether they were two different things.
 */
describe('the words a member reads', () => {
  const texts = [...allText(featureLocales), ...allText(common), ...allText(errorMessages)];

  it('are found at all (the scan is not empty)', () => {
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.some((text) => text.includes('充值'))).toBe(true);
  });

  it('never call a deposit 存款 or a withdrawal 取款/提款', () => {
    expect(texts.filter((text) => /存款|取款|提款/.test(text))).toEqual([]);
  });
});

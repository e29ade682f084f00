import { expect, type Page, test } from '@playwright/test';
import { cspViolations } from '../support/csp';

/** The spec's tutorial routes (packages/contract TUTORIAL_SLUGS), each with the title its article opens with. */
const TUTORIALS: Array<[slug: string, title: RegExp]> = [
  ['sportRules', /体育规则/],
  ['bettingIntroduction', /投注入门/],
  ['betStrategy', /理性投注策略/],
  ['withdraw', /如何提现/],
  ['transfer', /中心钱包与场馆转账/],
  ['deposit', /如何充值/],
  ['example', /投注示例/],
  ['games', /娱乐场游戏规则/],
  ['tech', /技术说明/],
  ['techDetail', /验证详解/],
  ['contact', /联系我们/],
  ['games/answer', /娱乐场问答/],
  ['knowExchange', /如何在交易所购买 USDT/],
  ['knowVirtualCurrency', /认识虚拟货币/],
  ['protocolDifference', /TRC20 和 ERC20 的区别/],
];
const PLACEHOLDERS = /即将开放|敬请期待|暂未开通|页面不存在|文章不存在/;

async function expectRealPage(page: Page) {
  await expect(page.locator('body')).not.toContainText(PLACEHOLDERS);
}

test('a member searches the help centre, opens a tutorial from the results and reads it', async ({ page }) => {
  const violations = await cspViolations(page);
  await page.goto('/app/center');
  await page.getByRole('link', { name: /帮助中心/ }).click();
  await expect(page).toHaveURL(/\/help\/center$/);
  await expect(page.getByRole('heading', { name: '充值与提现' })).toBeVisible();

  await page.getByRole('searchbox', { name: '搜索帮助' }).fill('trc20 地址');
  await expect(page).toHaveURL(/\?q=trc20/);
  const hit = page.getByRole('link', { name: /TRC20 和 ERC20 的区别/ });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toHaveText(/trc20/i);
  await hit.click();

  await expect(page).toHaveURL(/\/tutorial\/protocolDifference$/);
  await expect(page.getByRole('heading', { name: 'TRC20 和 ERC20 的区别' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '地址格式' })).toBeVisible();
  const picture = page.getByRole('img', { name: 'TRC20 与 ERC20 的区别' });
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // An internal link goes through the router to another tutorial.
  await page.getByRole('link', { name: '添加 USDT 地址' }).first().waitFor();
  await page
    .getByRole('link', { name: /如何在交易所购买 USDT/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tutorial\/knowExchange$/);
  await expect(page.getByRole('heading', { name: '如何在交易所购买 USDT' })).toBeVisible();
  // Back twice: the search results, as they were.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/help\/center\?q=/);
  await expect(page.getByRole('searchbox', { name: '搜索帮助' })).toHaveValue('trc20 地址');
  expect(violations).toEqual([]);
});

test('every spec tutorial route renders its own content', async ({ page }) => {
  for (const [slug, title] of TUTORIALS) {
    await page.goto(`/tutorial/${slug}`);
    await expect(page.getByRole('heading', { level: 2, name: title }).first(), slug).toBeVisible();
    await expect(page.locator('article')).toContainText(/\S{20,}/);
    await expectRealPage(page);
  }
  // leaveMsg is the chat's form for a message left outside service hours (its own page).
  await page.goto('/tutorial/leaveMsg');
  await expect(page.locator('main, body')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  await expectRealPage(page);
  // An unknown one is the not-found state.
  await page.goto('/tutorial/no-such-page');
  await expect(page.getByText('文章不存在或已下架')).toBeVisible();
});

test('a zh-HK reader gets the tutorial and its picture in traditional characters', async ({ page, request }) => {
  const answer = await request.get('/api/f/v1/help/article?slug=deposit', { headers: { lang: 'zh-HK' } });
  const data = (await answer.json()).data;
  expect(data.title).toBe('如何充值');
  expect(data.body).toContain('/media/help/hk/deposit-steps.svg');
  const svg = await request.get('/media/help/hk/deposit-steps.svg');
  expect(await svg.text()).toContain('選擇充值方式');
  await page.goto('/help/center');
  await expect(page.getByRole('link', { name: /如何充值/ })).toBeVisible();
});

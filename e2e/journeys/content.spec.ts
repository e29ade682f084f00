import { expect, test } from '@playwright/test';

test('/find shows the news by category and opens an article', async ({ page }) => {
  await page.goto('/find');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['全部', '足球', '篮球', '电竞', '综合']);
  await expect(page.getByRole('link', { name: /英超前瞻/ })).toBeVisible();

  await page.getByRole('tab', { name: '篮球' }).click();
  await expect(page).toHaveURL(/\/find\?tab=\d+$/);
  await expect(page.getByRole('link', { name: /NBA：季后赛席位争夺白热化/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /英超前瞻/ })).toHaveCount(0);

  await page.getByRole('link', { name: /NBA：季后赛席位争夺白热化/ }).click();
  await expect(page).toHaveURL(/\/find\/newsDetail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'NBA：季后赛席位争夺白热化' })).toBeVisible();
  await expect(page.getByText('以上内容仅供参考，请以官方公布信息为准。')).toBeVisible();

  // Back lands on the same tab.
  await page.goBack();
  await expect(page.getByRole('tab', { name: '篮球' })).toHaveAttribute('aria-selected', 'true');
});

test('/app/sponsor shows the sponsorships with their pictures', async ({ page }) => {
  // Reached from 我的's list, visitors too.
  await page.goto('/app/center');
  await page.getByText('品牌赞助', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/sponsor$/);
  await expect(page.getByRole('heading', { name: '品牌赞助', level: 1 })).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole('heading')).toHaveText('蓝月竞技足球俱乐部 官方区域合作伙伴');
  await expect(cards.first()).toContainText('2024-2026 赛季');
  // Every picture arrived and was drawn.
  const images = page.locator('article img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(750);
  }

  await cards.first().getByRole('button', { name: '了解更多' }).click();
  await expect(cards.first().getByText(/官方区域合作伙伴，金币将在合作期内/)).toBeVisible();
});

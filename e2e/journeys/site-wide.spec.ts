import { expect, test } from '@playwright/test';
import { uniqueAccount } from '../support/api';
import { operatorToken } from '../support/wallet';

/**
 * Journeys that change what every visitor sees (a popup announcement covers every home page while it is up). They run
 * in their own project after the others (playwright.config.ts): run beside them, a popup posted here covered the tab
 * bar another journey was about to tap.
 */

test('an operator posts a popup announcement; the home page opens it, 今日不再提示 dismisses it, and a reload today keeps it closed', async ({
  page,
  request,
}) => {
  const token = await operatorToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const title = `限时公告 ${uniqueAccount('p')}`;
  const created = await request.post('/api/admin/v1/notices', {
    headers,
    data: { title, content: '活动期间每日首笔充值可获额外彩金。', popup: true, sort: -100 },
  });
  expect(created.ok()).toBeTruthy();
  const id = (await created.json()).data.id as number;
  try {
    await page.goto('/app/home');
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('活动期间每日首笔充值可获额外彩金。')).toBeVisible();
    // The marquee carries it too.
    await expect(page.getByText(title).first()).toBeAttached();

    await dialog.getByText('今日不再提示').click();
    await dialog.getByRole('button', { name: '我知道了' }).click();
    await expect(dialog).toBeHidden();

    // Back to the home page in this visit, then a reload (a new visit) the same day: it stays closed.
    await page.locator('.adm-tab-bar-item').filter({ hasText: '发现' }).click();
    await expect(page).toHaveURL(/\/find/);
    await page.goBack();
    await expect(page.getByLabel('公告', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('公告', { exact: true })).toBeVisible();
    await page.waitForTimeout(800);
    await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
  } finally {
    // The demo server is shared by every journey: the popup must not cover anyone else's home page.
    await request.delete(`/api/admin/v1/notices/${id}`, { headers });
  }
});

import { devices, expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { registerThroughSite } from '../support/member';

/** How the downline shows an account: its first two characters, ***, its last. */
const masked = (account: string) => `${account.slice(0, 2)}***${account.slice(-1)}`;

test('a member copies the invite link and saves its QR code; a friend registers through the link and appears in the downline', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);

  // 我的 -> 代理中心.
  await page.goto('/app/center');
  await page.getByRole('link', { name: /代理中心/ }).click();
  await expect(page).toHaveURL(/\/user\/agentPage$/);
  await expect(page.getByRole('heading', { name: '推广赚钱' })).toBeVisible();
  await expect(page.getByTestId('stat-direct')).toHaveText('0');

  const link = (await page.getByTestId('invite-link').textContent()) ?? '';
  const code = (await page.getByTestId('invite-code').textContent()) ?? '';
  expect(link).toBe(`${E2E.baseURL}/register?i_code=${code}`);

  await page.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The QR code is drawn once its encoder has loaded; saving it downloads a PNG.
  await expect(page.getByRole('img', { name: '邀请二维码' })).toHaveAttribute('data-ready', 'true');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '保存二维码' }).click();
  expect((await download).suggestedFilename()).toBe(`invite-${code}.png`);
  await expect(page.getByText('二维码已保存')).toBeVisible();

  // A friend on another phone opens the link and registers.
  const friendContext = await browser.newContext({
    ...devices['Pixel 7'],
    baseURL: E2E.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const friendPage = await friendContext.newPage();
  const { pathname, search } = new URL(link);
  const friend = await registerThroughSite(friendPage, { path: `${pathname}${search}` });
  await expect(friendPage).toHaveURL(/\/app\/home/);
  await friendContext.close();

  // The first member's downline lists the friend, masked.
  await page.reload();
  await expect(page.getByTestId('stat-direct')).toHaveText('1');
  await page.getByRole('tab', { name: '我的下级' }).click();
  const members = page.getByTestId('downline-member');
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText(masked(friend.account));
  await expect(members.first()).not.toContainText(friend.account);
  await page.getByRole('button', { name: '二级下级' }).click();
  await expect(page.getByText('暂无下级，快去邀请好友吧')).toBeVisible();
});

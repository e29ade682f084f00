import { readFile } from 'node:fs/promises';
import { devices, expect, test } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { registerThroughSite } from '../support/member';
import { createOperator } from '../support/operators';

const SHOTS = process.env.CONSOLE_SHOTS_DIR;

test('a marketing operator issues a code batch, a member redeems one of its codes on the site, and the batch shows it redeemed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const marketer = await createOperator(request, 'marketing');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page, marketer, { expectSignedIn: false });
  // Signed in once the header names the operator (the first load of the console can be slow on a busy machine).
  await expect(page.getByTestId('operator-account')).toHaveText(marketer.account, { timeout: 30_000 });

  // 营销 -> 兑换码: issue a batch of three codes of 6.60 each, single use, 1x turnover.
  await page.goto('/console/rewards/codes');
  await page.getByRole('button', { name: '发放兑换码' }).click();
  const form = page.getByRole('dialog', { name: '发放一批兑换码' });
  await form.getByLabel('批次名称').fill('e2e 营销批次');
  await form.getByLabel('每码金额（元）').fill('6.6');
  await form.getByLabel('数量').fill('3');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/marketing-issue.png` });
  // (Bad input refused with the contract's messages is the component test's: IssueCodesForm.test.tsx.)
  await form.getByRole('button', { name: '发放', exact: true }).click();

  // The codes are shown once at hand.
  const issued = page.getByRole('dialog', { name: '已发放兑换码' });
  const codes = ((await issued.getByTestId('issued-codes').textContent()) ?? '').trim().split('\n');
  expect(codes).toHaveLength(3);
  for (const one of codes) expect(one).toMatch(/^[A-Z2-9]{10}$/);
  const code = codes[1] as string;
  await issued.getByRole('button', { name: '查看批次' }).click();
  await expect(page).toHaveURL(/\/console\/rewards\/codes\/\d+(\?.*)?$/);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('未兑换');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/marketing-batch-before.png` });

  // A member redeems the code on the site, on their phone.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  const site = await phone.newPage();
  const member = await registerThroughSite(site);
  await expect(site).toHaveURL(/\/app\/home/);
  await site.goto('/user/redemptionRecord');
  await site.getByRole('textbox', { name: '兑换码' }).fill(code.toLowerCase());
  await site.getByRole('button', { name: '兑换', exact: true }).click();
  await expect(site.getByText('兑换成功，¥6.60 已到账')).toBeVisible();
  await phone.close();

  // The batch's list shows it redeemed, by that member; the filter by state finds it alone.
  await page.getByRole('button', { name: '刷新' }).or(page.getByLabel('reload')).first().click();
  await expect(row).toContainText('已兑完');
  await expect(row).toContainText(member.account.toLowerCase());
  // The state filter lives in the URL: opening the batch with it lists the used-up code alone.
  await page.goto(`${page.url().split('?')[0]}?state=usedUp`);
  await expect(page).toHaveURL(/state=usedUp/);
  await expect(page.getByRole('row').filter({ hasText: /[A-Z2-9]{10}/ })).toHaveCount(1);
  await expect(row).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/marketing-batch-after.png` });

  // The CSV export carries the code with its redemption.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const csv = await readFile((await (await download).path()) as string, 'utf8');
  expect(csv).toContain('兑换码,可兑换人数,已兑换次数,状态');
  expect(csv).toMatch(new RegExp(`${code},1,1,已兑完,.+,${member.account.toLowerCase()}`));

  // The batch list counts the redemption.
  await page.goto('/console/rewards/codes');
  await expect(page.getByRole('row').filter({ hasText: 'e2e 营销批次' }).first()).toBeVisible();
});

test('a marketing operator opens every rewards and content page, and an edit form shows its texts per language with a preview', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const marketer = await createOperator(request, 'marketing');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page, marketer, { expectSignedIn: false });
  await expect(page.getByTestId('operator-account')).toHaveText(marketer.account, { timeout: 30_000 });
  const pages = [
    ['rewards/vip', 'VIP 等级', 'VIP0'],
    ['rewards/tasks', '任务模板', '宝箱'],
    ['rewards/activities', '活动与申领', '待审核申领'],
    ['rewards/codes', '兑换码', '演示兑换码'],
    ['content/messages', '站内信', '发送站内信'],
    ['content/notices', '公告', '新建公告'],
    ['content/news', '新闻', '新建新闻'],
    ['content/sponsors', '赞助', '新建赞助'],
    ['content/banners', '轮播图', '新建轮播图'],
    ['content/help', '帮助文章与教程', '新建帮助文章'],
  ] as const;
  for (const [path, title, shown] of pages) {
    await page.goto(`/console/${path}`);
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(shown).first()).toBeVisible({ timeout: 20_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/marketing-${path.replace('/', '-')}.png` });
  }

  // A help article's edit form: 简体 and 繁體 tabs, the preview drawing the article's blocks.
  await page.getByRole('row').nth(1).getByText('编辑').click();
  const dialog = page.getByRole('dialog', { name: '编辑帮助文章' });
  await expect(dialog.getByRole('tab', { name: '繁體中文' })).toBeVisible();
  const preview = dialog.getByRole('region', { name: '预览' });
  await expect(preview.getByRole('heading').first()).toBeVisible();
  await dialog.getByRole('tab', { name: '繁體中文' }).click();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/marketing-help-edit.png` });
});

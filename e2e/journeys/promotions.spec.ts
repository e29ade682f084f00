import { expect, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { centreBalance, operatorToken } from '../support/wallet';

test('a member opens the daily red packet on /activity/list and the balance rises by what it held', async ({
  page,
}) => {
  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  expect(await centreBalance(page)).toBe('¥0.00');

  await page.goto('/activity/list');
  await page.getByRole('button', { name: /每日幸运红包/ }).click();
  const detail = page.getByRole('region', { name: '活动规则' });
  await expect(detail.getByText('随机红包 1.88 ~ 18.88 元')).toBeVisible();
  await expect(detail.getByText('领取次数：每天一次')).toBeVisible();
  await detail.getByRole('button', { name: '拆红包' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/确定拆开今天的红包/)).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();

  const toast = page.getByText(/^领取成功，¥\d+\.\d{2} 已到账$/);
  await expect(toast).toBeVisible();
  const amount = /¥(\d+\.\d{2})/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
  expect(Number(amount)).toBeGreaterThanOrEqual(1.88);
  expect(Number(amount)).toBeLessThanOrEqual(18.88);
  // Once a day: the button is off now and says why.
  await expect(detail.getByText('本期已领取，下期再来')).toBeVisible();
  await expect(detail.getByRole('button', { name: '已领取' })).toBeDisabled();

  expect(await centreBalance(page)).toBe(`¥${amount}`);
});

test('an operator issues a code; the member redeems it on /user/redemptionRecord and finds it in the list and its detail', async ({
  page,
  request,
}) => {
  const token = await operatorToken(request);
  const issued = await request.post('/api/admin/v1/codes', {
    form: { count: '2', amount: '12.5', uses: '1', expiresAt: '2099-12-31 23:59:59', multiple: '2', name: 'e2e' },
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await issued.json()) as { status: boolean; data: { codes: string[] } };
  expect(body.status, JSON.stringify(body)).toBe(true);
  const code = body.data.codes[0] as string;

  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  expect(await centreBalance(page)).toBe('¥0.00');

  // 我的 -> 兑换码.
  await page.getByRole('link', { name: '兑换码' }).click();
  await expect(page).toHaveURL(/\/user\/redemptionRecord$/);
  await expect(page.getByText('暂无兑换记录')).toBeVisible();
  await page.getByRole('textbox', { name: '兑换码' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  await expect(page.getByText('兑换成功，¥12.50 已到账')).toBeVisible();

  const row = page.getByRole('button', { name: new RegExp(code) });
  await expect(row).toContainText('+12.50');
  // The same code again is refused, and nothing more is credited.
  await page.getByRole('textbox', { name: '兑换码' }).fill(code);
  await page.getByRole('button', { name: '兑换', exact: true }).click();
  await expect(page.getByText('您已兑换过该兑换码')).toBeVisible();

  await row.click();
  await expect(page).toHaveURL(/\/user\/redemptionDetail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '兑换详情' })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByText('2 倍')).toBeVisible();
  await expect(page.getByText('25.00')).toBeVisible();
  await expect(page.getByText('已到账').first()).toBeVisible();

  expect(await centreBalance(page)).toBe('¥12.50');
});

import { expect, test } from '@playwright/test';
import { uniquePhone } from '../support/api';
import { loginThroughSite, registerThroughSite } from '../support/member';
import { setWithdrawPasswordThroughSite, stepUpDialog } from '../support/wallet';

test('a member signed in again proves it is them before binding a card, then finds the sign-in under 设置 as 当前设备', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  // Setting the withdraw password is guarded too: the dialog asks once, then this session may go on for 5 minutes.
  await setWithdrawPasswordThroughSite(page, '135790', member.password);

  // A new session has proved nothing yet.
  await page.goto('/setting');
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/app\/home/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('t'))).toBeNull();
  await loginThroughSite(page, member.account, member.password);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/cards/addAlipay');
  await page.getByLabel('真实姓名', { exact: true }).fill('张三');
  await page.getByLabel('支付宝账号', { exact: true }).fill(uniquePhone());
  await page.getByLabel('提现密码', { exact: true }).fill('135790');
  await page.getByRole('button', { name: '确认绑定' }).click();

  const dialog = stepUpDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('请输入登录密码').fill('wrong12345');
  await dialog.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('密码错误', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('请输入登录密码').fill(member.password);
  await dialog.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.goto('/cards');
  await expect(page.getByRole('region', { name: /支付宝/ })).toBeVisible();

  await page.goto('/setting');
  await page.getByText('登录记录', { exact: true }).click();
  await expect(page).toHaveURL(/\/setting\/loginHistory/);
  const rows = page.getByTestId('login-row');
  // The registration and the sign-in since; the newest is this session.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('当前设备');
  await expect(rows.first()).toContainText('Android · Chrome');
  await expect(rows.first()).toContainText('本地网络');
  await expect(rows.nth(1)).not.toContainText('当前设备');
});

import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { E2E } from '../playwright.config';
import { uniqueAccount } from '../support/api';
import { signInToConsole, signOutOfConsole } from '../support/console';

/** A code of the next 30-second step: accepted (one step of drift), and never the step the enrolment just used. */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

test('an admin creates a finance operator, who enrols a second factor and then needs it to sign in', async ({
  page,
}) => {
  // Four sign-ins (each an argon2 hash on the server), an operator created and a factor enrolled: a clean-clone CI
  // run on a loaded machine reached the last check at 60 s, signed in, and was cut there.
  test.setTimeout(120_000);
  const [adminAccount, adminPassword] = E2E.operator;
  const account = uniqueAccount('fin');
  const password = `finance-${Date.now().toString(36)}`;

  await signInToConsole(page, { account: adminAccount, password: adminPassword });
  await page.goto('/console/system/operators');
  await page.getByRole('button', { name: '新建账号' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('账号', { exact: true }).fill(account);
  await dialog.getByLabel('初始密码', { exact: true }).fill(password);
  await dialog.getByLabel('角色', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('财务', { exact: true }).click();
  await dialog
    .getByRole('button', { name: '创 建' })
    .or(dialog.getByRole('button', { name: '创建' }))
    .click();
  await expect(page.getByText(`已创建账号 ${account}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: account.toLowerCase() });
  await expect(row).toContainText('财务');
  await expect(row).toContainText('未绑定');
  await signOutOfConsole(page);

  // The new operator signs in with the password alone (demo mode: the second factor is optional) and enrols one.
  await signInToConsole(page, { account, password });
  await page.goto('/console/system/security');
  await page.getByRole('button', { name: '开始绑定' }).click();
  await expect(page.locator('canvas, svg').first()).toBeVisible();
  const secret = (await page.getByTestId('otp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('动态码', { exact: true }).fill(await generate({ secret }));
  await page.getByRole('button', { name: '完成绑定' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes).toBeVisible();
  expect((await codes.innerText()).trim().split(/\s+/)).toHaveLength(10);
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect(page.getByText('已绑定').first()).toBeVisible();
  await signOutOfConsole(page);

  // Without the code the sign-in is refused (the console asks for it); with it, it succeeds.
  await signInToConsole(page, { account, password }, { expectSignedIn: false });
  await expect(page.getByLabel('动态验证码', { exact: true })).toBeVisible();
  await expect(page.getByTestId('operator-account')).toHaveCount(0);
  await signInToConsole(page, { account, password, otp: () => nextCode(secret) });
  await expect(page.getByTestId('operator-account')).toHaveText(account.toLowerCase());
});

import { expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { CONSOLE_CAPTCHA, signInToConsole, signOutOfConsole } from '../support/console';
import { createOperator } from '../support/operators';

const [ADMIN, ADMIN_PASSWORD] = E2E.operator;
const SHOTS = process.env.CONSOLE_SHOTS_DIR;

test('an operator signs in, keeps the session over a reload, and signs out', async ({ page }) => {
  await page.goto('/console/members');
  await expect(page).toHaveURL(/\/console\/login$/);
  await expect(page.getByRole('heading', { name: '金币运营后台' })).toBeVisible();
  await expect(page.getByRole('img', { name: '验证码' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/sign-in.png` });

  // A wrong captcha: the server's own message, a new image, the account still typed.
  await page.getByLabel('账号', { exact: true }).fill(ADMIN);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill('0000');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('图形验证码错误，请重新输入');
  await expect(page.getByLabel('账号', { exact: true })).toHaveValue(ADMIN);
  await expect(page.getByLabel('验证码', { exact: true })).toHaveValue('');

  await page.getByLabel('验证码', { exact: true }).fill(CONSOLE_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('operator-account')).toHaveText(ADMIN);
  await expect(page.getByText('管理员', { exact: true })).toBeVisible();
  // Back where the operator was sent from.
  await expect(page).toHaveURL(/\/console\/members(\?.*)?$/);
  const menu = page.getByRole('menu').first();
  await expect(menu).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/signed-in.png` });

  await page.reload();
  await expect(page.getByTestId('operator-account')).toHaveText(ADMIN);

  await page.goto('/console/no-such-page');
  await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();

  await signOutOfConsole(page);
  await expect(page).toHaveURL(/\/console\/login/);
  await expect(page.getByText('已退出登录')).toBeVisible();
  // The session is over on the server too: a reload stays on sign-in.
  await page.goto('/console');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
});

test('a support operator does not see 资金 and is refused the withdrawals page', async ({ page, request }) => {
  const operator = await createOperator(request, 'support');
  await signInToConsole(page, operator);
  await expect(page.getByText('客服', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('menu').getByText('资金', { exact: true })).toHaveCount(0);
  await page.goto('/console/money/withdrawals');
  await expect(page.getByText('无权访问', { exact: true })).toBeVisible();
  await expect(page.getByText('您的角色无权打开此页面')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forbidden.png` });
});

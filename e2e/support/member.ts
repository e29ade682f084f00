import { expect, type Page } from '@playwright/test';
import { latestCode, uniqueAccount, uniquePhone } from './api';

export const CAPTCHA = '1234';

/** Registers through the site as a member would and ends signed in. */
export async function registerThroughSite(
  page: Page,
  options: { account?: string; password?: string; phone?: string; path?: string } = {},
) {
  const account = options.account ?? uniqueAccount('r');
  const password = options.password ?? 'secret123';
  const phone = options.phone ?? uniquePhone();
  await page.goto(options.path ?? '/register');
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('手机号码').fill(phone);
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  // As a member would: the code is asked for once the area list has come (+86 shown), not while it loads.
  await expect(page.getByRole('button', { name: /区号 \+86/ })).toBeVisible();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  const code = await latestCode(page.request, `+86${phone}`);
  // The first captcha was used up by the SMS; the page asks for a new one.
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  await page.getByLabel('短信验证码').fill(code);
  await page.getByRole('checkbox', { name: /我已年满18周岁/ }).check();
  await page.getByRole('button', { name: '注册', exact: true }).click();
  return { account, password, phone };
}

export async function loginThroughSite(page: Page, account: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

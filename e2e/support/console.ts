import { expect, type Page } from '@playwright/test';

export const CONSOLE_CAPTCHA = '1234';

export type ConsoleSignIn = {
  account: string;
  password: string;
  /** The second factor's code, or a function that makes it when the field appears (a TOTP code lives 30 s). */
  otp?: string | (() => string | Promise<string>);
};

/**
 * Signs in to the console as an operator would: /console shows the sign-in page; account, password and the demo
 * captcha (1234). With `otp`, the server's OTP_REQUIRED answer brings the 动态验证码 field: the captcha (spent by
 * the first try) and the code are typed and sent again. Ends when the signed-in header shows the account (or, when
 * `expectSignedIn` is false, right after the last submit, for tests of a refusal).
 */
export async function signInToConsole(
  page: Page,
  { account, password, otp }: ConsoleSignIn,
  { expectSignedIn = true }: { expectSignedIn?: boolean } = {},
): Promise<void> {
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: '金币运营后台' })).toBeVisible();
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('验证码', { exact: true }).fill(CONSOLE_CAPTCHA);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  if (otp !== undefined) {
    const field = page.getByLabel('动态验证码', { exact: true });
    await expect(field).toBeVisible();
    await page.getByLabel('验证码', { exact: true }).fill(CONSOLE_CAPTCHA);
    await field.fill(typeof otp === 'function' ? await otp() : otp);
    await page.getByRole('button', { name: '登录', exact: true }).click();
  }
  if (expectSignedIn) await expect(page.getByTestId('operator-account')).toHaveText(account);
}

/** Signs out through the header's 退出登录 and waits for the sign-in page. */
export async function signOutOfConsole(page: Page): Promise<void> {
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
}

/**
 * Answers the open confirmation (宣布开赛？, 暂停盘口？ ...) with 确定 and waits for it to close. A click that came
 * while the dialog was still zooming in was once seen doing nothing (the dialog stayed open and no request went
 * out); an operator taps again, and so does this. A second tap on an answer already under way does nothing: the
 * button ignores clicks while its action runs.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: /^确\s?定$/ }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 4_000 });
  }).toPass({ timeout: 30_000 });
}

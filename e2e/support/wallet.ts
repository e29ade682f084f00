import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E } from '../playwright.config';

/** An amount as members see it: the ¥ sign and exactly 2 decimals, truncated (the server keeps 4). */
export function yuan(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `¥${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * The amount shown right after a label: a <dd> after its <dt>, or a figure after its caption ("可提现余额 ¥100.00").
 * Labels that also appear elsewhere without a value next to them (a heading, a tab) resolve to nothing there.
 */
export function shownBeside(scope: Page | Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

/** The balance on 我的 (the account centre), asked for again so it is the ledger's figure now. */
export async function centreBalance(page: Page): Promise<string> {
  await page.goto('/app/center');
  await page.getByRole('button', { name: '刷新余额' }).click();
  const balance = page.getByRole('status', { name: '账户余额' });
  await expect(balance).toHaveText(/^¥\d+\.\d{2}$/);
  return (await balance.textContent()) ?? '';
}

/** The step-up dialog a guarded change opens (the phone, the e-mail, a payout account, the withdraw password). */
export function stepUpDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: '安全验证' });
}

/**
 * After submitting a guarded change: the step-up dialog asks for the sign-in password unless this session proved it
 * within the last 5 minutes; either way the change then ends at `done`.
 */
export async function passStepUpIfAsked(page: Page, loginPassword: string, done: Locator) {
  const dialog = stepUpDialog(page);
  await expect(dialog.or(done).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByPlaceholder('请输入登录密码').fill(loginPassword);
    await dialog.getByRole('button', { name: '验证' }).click();
  }
  await expect(done).toBeVisible();
}

export async function setWithdrawPasswordThroughSite(page: Page, password: string, loginPassword = 'secret123') {
  await page.goto('/setting/wpassword');
  await expect(page.getByText('设置提现密码', { exact: true })).toBeVisible();
  await page.getByLabel('提现密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '提交' }).click();
  await passStepUpIfAsked(page, loginPassword, page.getByText('提现密码设置成功'));
  await expect(page).toHaveURL(/\/setting\/wsuccess/);
}

export async function bindAlipayThroughSite(
  page: Page,
  card: { holderName: string; accountNo: string; password: string },
  loginPassword = 'secret123',
) {
  await page.goto('/cards/addAlipay');
  await page.getByLabel('真实姓名', { exact: true }).fill(card.holderName);
  await page.getByLabel('支付宝账号', { exact: true }).fill(card.accountNo);
  await page.getByLabel('提现密码', { exact: true }).fill(card.password);
  await page.getByRole('button', { name: '确认绑定' }).click();
  await passStepUpIfAsked(page, loginPassword, page.getByText('绑定成功'));
}

/** Signs the operator in and returns the bearer token for the console API. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const [account, password] = E2E.operator;
  // The console shows a captcha first; the e2e server answers every captcha with its fixed demo answer.
  const device = `console-e2e-${Date.now()}`;
  await request.get('/api/findmed/v1/member/captcha', { headers: { device_no: device } });
  const response = await request.post('/api/admin/v1/login', {
    form: { account, password, code: E2E.captcha },
    headers: { device_no: device },
  });
  expect(response.ok()).toBeTruthy();
  const token = (await response.json()).data?.token as string | undefined;
  if (!token) throw new Error('the operator login answered without a token');
  return token;
}

async function consoleData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { status?: boolean; data?: unknown };
  expect(response.ok(), JSON.stringify(body)).toBeTruthy();
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as T;
}

/** The operator pays the member's waiting withdrawal of this amount, as the console would. */
export async function payWithdrawalAsOperator(request: APIRequestContext, memberAccount: string, amount: string) {
  const token = await operatorToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const members = await consoleData<Array<{ id: string; account: string }>>(
    await request.get(`/api/admin/v1/members?account=${encodeURIComponent(memberAccount)}`, { headers }),
  );
  const member = members.find((item) => item.account === memberAccount);
  if (!member) throw new Error(`the console cannot find member ${memberAccount}`);

  const waiting = await consoleData<Array<{ id: string; memberId: string; amount: string }>>(
    await request.get('/api/admin/v1/withdrawals?status=unhandled', { headers }),
  );
  const withdrawal = waiting.find((item) => item.memberId === member.id && item.amount === amount);
  if (!withdrawal) throw new Error(`no unhandled withdrawal of ${amount} for ${memberAccount}`);

  const paid = await consoleData<{ status: string }>(
    await request.post(`/api/admin/v1/withdrawals/${withdrawal.id}/pay`, { headers }),
  );
  expect(paid.status).toBe('paid');
  return withdrawal.id;
}

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, devices, expect, type Page, test } from '@playwright/test';
import { uniquePhone } from '../support/api';
import { CONSOLE_CAPTCHA, signInToConsole } from '../support/console';
import { registerThroughSite } from '../support/member';
import { createOperator } from '../support/operators';
import { bindAlipayThroughSite, setWithdrawPasswordThroughSite, shownBeside, yuan } from '../support/wallet';

const WITHDRAW_PASSWORD = '246810';
const SHOTS = process.env.CONSOLE_SHOTS_DIR;

/** An operator's bearer headers through the API, signed in as the console does (captcha first). */
async function operatorHeaders(request: APIRequestContext, account: string, password: string) {
  const device = `pc-e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await request.get('/api/findmed/v1/member/captcha', { headers: { device_no: device } });
  const response = await request.post('/api/admin/v1/login', {
    headers: { device_no: device, lang: 'zh-CN', d: '25' },
    data: { account, password, code: CONSOLE_CAPTCHA },
  });
  const body = await response.json();
  expect(body.status, JSON.stringify(body)).toBe(true);
  return { authorization: `Bearer ${body.data.token as string}`, lang: 'zh-CN', d: '25' };
}

async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { status: boolean; data: unknown };
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as T;
}

/** A new member on the member site (a phone), with a withdraw password and an Alipay account bound. */
async function memberWithAlipay(browser: Browser) {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await setWithdrawPasswordThroughSite(page, WITHDRAW_PASSWORD);
  await bindAlipayThroughSite(page, { holderName: '张三', accountNo: uniquePhone(), password: WITHDRAW_PASSWORD });
  return { ...member, page, context };
}

/** The member's id, found by account as the money desk would. */
async function memberId(request: APIRequestContext, headers: Record<string, string>, account: string) {
  const found = await answer<Array<{ id: string; account: string }>>(
    await request.get(`/api/admin/v1/members?account=${encodeURIComponent(account)}`, { headers }),
  );
  const member = found.find((row) => row.account === account);
  if (!member) throw new Error(`no member ${account}`);
  return member.id;
}

/** A manual credit (or, above the approval threshold, a request waiting for a second operator). */
async function adjust(request: APIRequestContext, headers: Record<string, string>, id: string, amount: string) {
  return answer<{ transferId: string | null; approval: { id: string } | null }>(
    await request.post(`/api/admin/v1/members/${id}/adjust`, {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: { amount, reason: '测试入账款项' },
    }),
  );
}

/** The member asks for a withdrawal on the site: amount, confirm, the 6-digit password. */
async function withdrawOnSite(page: Page, amount: string) {
  await page.goto('/finance/withdraw');
  await page.getByLabel('提现金额').fill(amount);
  await page.getByRole('button', { name: '立即提现' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认提现' }).click();
  await page.getByLabel('提现密码（6位数字）').fill(WITHDRAW_PASSWORD);
  await expect(page.getByText('提现申请已提交')).toBeVisible();
  await page.getByRole('button', { name: '完成' }).click();
}

test('finance sees a withdrawal a member placed a moment ago appear live, accepts and pays it, and the member sees it paid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const finance = await createOperator(request, 'finance');
  const desk = await operatorHeaders(request, finance.account, finance.password);
  const member = await memberWithAlipay(browser);
  await adjust(request, desk, await memberId(request, desk, member.account), '500');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page, finance);
  await page.goto('/console/money/withdrawals');
  await expect(page.getByText('新单会自动出现，无需刷新')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '会员余额' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: member.account });
  await expect(row).toHaveCount(0);

  // The member withdraws on their phone; the desk's list shows it without a reload, with the balance beside it.
  await withdrawOnSite(member.page, '200');
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('未受理');
  await expect(row).toContainText('200.00');
  await expect(row).toContainText('300.00');
  await expect(page.getByTestId('queue-withdrawals')).toHaveText(/^[1-9]\d*$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/withdrawals.png` });

  await row.getByText('受理', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已受理', { exact: true }).first()).toBeVisible();
  await expect(row).toContainText('已受理');

  await row.getByText('出款', { exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('200.00');
  await confirm.getByRole('button', { name: '确定' }).click();
  // Paid, it leaves the queue the page shows.
  await expect(row).toHaveCount(0);

  await member.page.goto('/finance/withdraw');
  const latest = member.page
    .getByRole('region', { name: '最近提现' })
    .getByRole('listitem')
    .filter({ hasText: yuan('200') });
  await expect(latest).toContainText('已完成');
  await expect(shownBeside(member.page, '可提现余额')).toHaveText(yuan('300'));
  await member.context.close();
});

test('an operator cannot approve the adjustment they asked for: the approvals page shows the server refusing it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const finance = await createOperator(request, 'finance');
  const desk = await operatorHeaders(request, finance.account, finance.password);
  const member = await memberWithAlipay(browser);
  await member.context.close();
  const id = await memberId(request, desk, member.account);
  const asked = await adjust(request, desk, id, '60000');
  expect(asked.transferId).toBeNull();
  expect(asked.approval).not.toBeNull();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page, finance);
  await page.goto('/console/money/approvals');
  const row = page
    .getByRole('row')
    .filter({ hasText: `member:${id}` })
    .filter({ hasText: '+60000.00' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('我提交的');
  await row.getByText('通过', { exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('不能审批自己提交的申请，请由另一位操作员审批')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/approvals-self.png` });
  await expect(row).toContainText('待审批');
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { signInToConsole } from '../support/console';
import { createOperator } from '../support/operators';
import { operatorToken } from '../support/wallet';

const SHOTS = process.env.CONSOLE_SHOTS_DIR;

/** 2 decimals, truncated, as the console shows amounts. */
function shown(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { status?: boolean; data?: unknown };
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as T;
}

type Dashboard = {
  day: string;
  today: {
    deposits: { count: number; amount: string };
    withdrawals: { count: number; amount: string };
    newMembers: number;
    activeMembers: number;
  };
  queues: Array<{ key: string; count: number }>;
};

test('the demo admin reads today’s figures, exports a report and finds an action of theirs in the audit log', async ({
  page,
  request,
}) => {
  // Three pages and a download on a machine shared with other work.
  test.setTimeout(120_000);
  const [account, password] = E2E.operator;

  // An action of the admin's: a credit to the demo member with a reason no other run writes.
  const headers = { Authorization: `Bearer ${await operatorToken(request)}` };
  const [demo] = (
    await data<Array<{ id: string; account: string }>>(
      await request.get(`/api/admin/v1/members?account=${E2E.member[0]}`, { headers }),
    )
  ).filter((row) => row.account === E2E.member[0]);
  expect(demo).toBeDefined();
  const reason = `审计旅程 ${randomUUID().slice(0, 8)}`;
  await data(
    await request.post(`/api/admin/v1/members/${demo?.id}/adjust`, {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      form: { amount: '1.23', reason },
    }),
  );

  // 概览: the figures the page shows are the ones its call answered.
  const answered = page.waitForResponse((response) => response.url().includes('/api/admin/v1/dashboard'));
  await signInToConsole(page, { account, password });
  await page.getByRole('link', { name: '概览', exact: true }).click();
  const view = (await (await answered).json()).data as Dashboard;
  expect(view.today.newMembers).toBeGreaterThanOrEqual(1);
  const card = (title: string) => page.locator('.ant-pro-statistic-card').filter({ hasText: title });
  await expect(card('今日充值')).toContainText(shown(view.today.deposits.amount));
  await expect(card('今日充值')).toContainText(`${view.today.deposits.count} 笔`);
  await expect(card('今日提现（已支付）')).toContainText(shown(view.today.withdrawals.amount));
  await expect(card('今日新注册')).toContainText(String(view.today.newMembers));
  await expect(card('今日活跃会员')).toContainText(String(view.today.activeMembers));
  const withdrawals = view.queues.find((queue) => queue.key === 'withdrawals');
  await expect(page.locator('[data-queue="withdrawals"]')).toContainText(String(withdrawals?.count));
  await expect(page.getByRole('img', { name: '近 30 天充值与提现' })).toBeVisible();
  await expect(page.getByRole('img', { name: '近 30 天毛利（GGR）' }).locator('rect')).toHaveCount(30);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insight-dashboard.png`, fullPage: true });

  // 报表: the daily P&L first, then the registrations report over the last 30 days, exported as CSV.
  await page.getByRole('link', { name: '报表', exact: true }).click();
  await expect(page.getByRole('tab', { name: '每日盈亏（按产品）' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '毛利（GGR）' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insight-pnl.png`, fullPage: true });
  await page.getByRole('tab', { name: '注册转化' }).click();
  await expect(page.getByRole('columnheader', { name: '注册人数' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: view.day })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insight-reports.png`, fullPage: true });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFF注册日期,注册人数,1天内首充,7天内首充,30天内首充,首充金额(30天内)\r\n')).toBe(true);
  expect(csv).toContain(`${view.day},`);

  // 审计日志: the credit, found by action and member, its reason in the row's before and after.
  await page.getByRole('link', { name: '审计日志', exact: true }).click();
  await expect(page.getByRole('button', { name: /查询/ })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('动作').fill('wallet.adjust');
  await page.getByLabel('会员').fill(E2E.member[0]);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'wallet.adjust' }).first();
  await expect(row).toContainText(account);
  await expect(row).toContainText(`member:${demo?.id}`);
  await row.getByRole('button', { name: '查看变更前后' }).click();
  const diff = page.getByTestId(/^audit-diff-/);
  await expect(diff.getByRole('row').filter({ hasText: 'reason' })).toContainText(reason);
  await expect(diff.getByRole('row').filter({ hasText: 'amount' })).toContainText('1.2300');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insight-audit.png`, fullPage: true });
});

test('a trader reads the figures without the links to the money and support queues, and has no audit log', async ({
  page,
  request,
}) => {
  await signInToConsole(page, await createOperator(request, 'trader'));
  await page.getByRole('link', { name: '概览', exact: true }).click();
  await expect(page.locator('[data-queue="withdrawals"]')).toBeVisible();
  await expect(page.locator('[data-queue="withdrawals"]').getByRole('link', { name: '去处理' })).toHaveCount(0);
  await expect(page.locator('[data-queue="chats"]').getByRole('link', { name: '去处理' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '报表', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '审计日志', exact: true })).toHaveCount(0);
});

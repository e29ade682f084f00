import { expect, type Page, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { operatorToken } from '../support/wallet';

/** The 消息中心 entry on 我的, whose badge is the unread count. */
const inboxEntry = (page: Page) => page.getByRole('link', { name: /消息中心/ });
/** The tab bar's 我的, with the same count as its badge. */
const centreTab = (page: Page) => page.locator('.adm-tab-bar-item').filter({ hasText: '我的' });

test('an operator sends a message; the badge on 我的 rises without a reload, the member reads it from the badge, and it falls', async ({
  page,
  request,
}) => {
  const { account } = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await page.getByText('我的', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/center/);
  await expect(inboxEntry(page)).toBeVisible();
  await expect(inboxEntry(page).locator('.adm-badge')).toHaveCount(0);

  // The operator sends through the console API while the page stays as it is.
  const headers = { Authorization: `Bearer ${await operatorToken(request)}` };
  const members = (await (await request.get(`/api/admin/v1/members?account=${account}`, { headers })).json()).data as {
    id: string;
    account: string;
  }[];
  const memberId = members.find((one) => one.account === account)?.id;
  if (!memberId) throw new Error(`no member ${account}`);
  const sent = await request.post('/api/admin/v1/messages', {
    headers,
    data: { title: '系统维护通知', content: '今晚 02:00 至 04:00 系统维护，届时暂停服务。', to: `members:${memberId}` },
  });
  expect((await sent.json()).data.recipients).toBe(1);

  // Pushed over the realtime channel: the entry's badge and the tab's show 1, no reload.
  await expect(inboxEntry(page).locator('.adm-badge')).toHaveText('1');
  await expect(centreTab(page).locator('.adm-badge')).toHaveText('1');

  // From the badge into the inbox, then the message.
  await inboxEntry(page).click();
  await expect(page).toHaveURL(/\/user\/message$/);
  const row = page.getByTestId('message-row').filter({ hasText: '系统维护通知' });
  await expect(row).toContainText('未读');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/user\/message\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '系统维护通知' })).toBeVisible();
  await expect(page.getByText('今晚 02:00 至 04:00 系统维护，届时暂停服务。')).toBeVisible();

  // Back in the inbox it reads as read; back on 我的 the badge is gone.
  await page.goBack();
  await expect(page.getByTestId('message-row').filter({ hasText: '系统维护通知' })).not.toContainText('未读');
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/center/);
  await expect(inboxEntry(page).locator('.adm-badge')).toHaveCount(0);
  await expect(centreTab(page).locator('.adm-badge')).toHaveCount(0);
});

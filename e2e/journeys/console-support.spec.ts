import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { registerThroughSite } from '../support/member';
import { createOperator } from '../support/operators';

/**
 * Support answers a member's chat in the console (issue 27): a support operator works on another console page; a member
 * on the site asks for a human; the 在线客服 menu entry gets its badge (and the tab title its count) on that page,
 * without a reload; in the chat seat the conversation waits in the queue, the agent opens it with the member beside
 * it, takes it and types (the member sees 客服正在输入) and replies; the member sees the reply live and the agent sees
 * it read; the member's answer arrives live; the agent ends the conversation and the member is asked to rate it.
 */

const SHOTS = process.env.CONSOLE_SHOTS_DIR;

async function memberOnThePhone(browser: Browser): Promise<{ page: Page; account: string }> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const { account } = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  return { page, account };
}

test('a support operator answers a member’s chat from the console’s chat seat, live both ways', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers (the member's phone and the agent's console), a registration and the console's first load.
  test.setTimeout(150_000);
  const agent = await createOperator(request, 'support');
  await signInToConsole(page, agent);
  await page.getByRole('menuitem', { name: /客户留言/ }).click();
  await expect(page).toHaveURL(/\/console\/support\/left-messages/);

  // The member opens 客服 on the site: an agent is online (their console's socket, on any page), so a human may answer.
  const member = await memberOnThePhone(browser);
  await member.page.locator('.adm-tab-bar-item').filter({ hasText: '客服' }).click();
  await expect(member.page).toHaveURL(/\/app\/customer/);
  await expect(member.page.getByTestId('chat-status')).toContainText('人工客服在线');
  await member.page.getByRole('button', { name: '转人工' }).click();
  const asked = member.page.getByTestId('chat-mine').filter({ hasText: '您好，我需要人工客服' });
  await expect(asked).toContainText('已送达');

  // The agent is still on 客户留言: the 在线客服 entry gets its badge and the tab its count, without a reload.
  const chatEntry = page.getByRole('menuitem', { name: /在线客服/ });
  await expect(chatEntry.locator('.ant-badge-count')).toHaveText(/^[1-9]\d*$/);
  await expect(page).toHaveTitle(/^\([1-9]\d*\) /);
  await expect(page).toHaveURL(/\/console\/support\/left-messages/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/support-badge.png` });

  // In the chat seat it waits in the queue.
  await chatEntry.click();
  await expect(page).toHaveURL(/\/console\/support\/chat/);
  const queued = page.getByRole('button', { name: member.account, exact: true });
  await expect(queued).toBeVisible();
  await expect(queued).toContainText('您好，我需要人工客服');

  // Opened: the member beside the chat; taken: it moves to the agent's own conversations.
  await queued.click();
  const beside = page.getByRole('region', { name: '会员信息' });
  await expect(beside.getByRole('link', { name: member.account })).toBeVisible();
  await expect(beside).toContainText('VIP0');
  await expect(beside.getByRole('table', { name: '最近充值' })).toBeVisible();
  await page.getByRole('button', { name: '接入' }).click();
  const chat = page.locator(`[data-conversation-id][data-status]`).filter({ hasText: member.account }).first();
  await expect(chat).toHaveAttribute('data-status', 'open');
  await expect(page.getByRole('button', { name: '接入' })).toBeHidden();
  await expect(page.getByRole('tab', { name: /我的会话/ })).toContainText('1');

  // While the agent types, the member sees it.
  const reply = '您好，我是在线客服，请问有什么可以帮您？';
  await page.getByRole('textbox', { name: /输入回复/ }).pressSequentially('您好', { delay: 50 });
  await expect(member.page.getByText('客服正在输入…')).toBeVisible();
  await page.getByRole('textbox', { name: /输入回复/ }).fill(reply);
  await page.getByRole('button', { name: '发送', exact: true }).click();

  // The member sees the reply live, and their message read; the agent sees the reply read.
  await expect(member.page.getByTestId('chat-agent').filter({ hasText: reply })).toBeVisible();
  await expect(asked).toContainText('已读');
  const messages = page.getByRole('list', { name: '在线客服' });
  await expect(messages.locator('li[data-from="agent"]').last()).toContainText('已读');

  // The member answers; it arrives on the seat without a reload.
  await member.page.getByRole('textbox', { name: '请输入您的问题…' }).fill('我的充值还没到账');
  await member.page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(messages.locator('li[data-from="member"]').filter({ hasText: '我的充值还没到账' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/support-chat.png` });

  // Ended after a confirmation: the member is asked to rate the service.
  await page.getByRole('button', { name: '结束会话' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(chat).toHaveAttribute('data-status', 'closed');
  await expect(member.page.getByRole('dialog', { name: '请为本次服务评分' })).toBeVisible();

  await member.page.context().close();
});

import { type APIRequestContext, type Browser, devices, expect, type Page, test } from '@playwright/test';
import { CONSOLE_CAPTCHA } from '../support/console';
import { registerThroughSite } from '../support/member';
import { createOperator } from '../support/operators';

/**
 * The customer-service journey (issue 25): a member opens 客服, a quick question is answered at once, they ask for a
 * human; an agent in the console's chat seat (/console/support/chat, issue 27; a second browser context at a desktop
 * size) takes the conversation and replies; the member sees the reply live and their message marked read; the agent
 * ends it and the member rates the service. The agent's side is console-support.spec.ts's; this one is the member's.
 */

async function openSeat(browser: Browser, request: APIRequestContext): Promise<{ seat: Page; agentName: string }> {
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
  });
  const seat = await context.newPage();
  const agent = await createOperator(request, 'support');
  // Asked for the chat seat without a session: the sign-in page, then back to the seat.
  await seat.goto('/console/support/chat');
  await seat.getByLabel('账号', { exact: true }).fill(agent.account);
  await seat.getByLabel('密码', { exact: true }).fill(agent.password);
  await seat.getByLabel('验证码', { exact: true }).fill(CONSOLE_CAPTCHA);
  await seat.getByRole('button', { name: '登录', exact: true }).click();
  await expect(seat.getByRole('tab', { name: /排队中/ })).toBeVisible({ timeout: 30_000 });
  // Members read an agent's display name, never the account: 客服 and the operator id in three digits.
  return { seat, agentName: `客服${agent.id.padStart(3, '0')}` };
}

const composer = (page: Page) => page.getByRole('textbox', { name: '请输入您的问题…' });

test('a member gets an instant answer, then a human from the console, sees the reply and the read mark live, and rates the service', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers (the member's phone and the agent's console), a registration and the console's first load.
  test.setTimeout(150_000);
  const { seat: desk, agentName } = await openSeat(browser, request);

  const { account } = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await page.locator('.adm-tab-bar-item').filter({ hasText: '客服' }).click();
  await expect(page).toHaveURL(/\/app\/customer/);
  await expect(composer(page)).toBeVisible();
  await expect(page.getByTestId('chat-status')).toContainText('人工客服在线');

  // 常见问题: the first question is answered at once by the assistant, with its tutorial one tap away.
  const chips = page.getByTestId('chat-quick');
  const question = (await chips.first().textContent())?.trim() ?? '';
  expect(question).not.toBe('');
  await chips.first().click();
  const answer = page.getByTestId('chat-bot').last();
  await expect(answer).toBeVisible();
  await expect(answer.getByRole('link', { name: /查看详情/ })).toHaveAttribute('href', /^\/tutorial\//);
  await expect(page.getByTestId('chat-mine').filter({ hasText: question })).toBeVisible();

  // 转人工: the member's own message puts the conversation in the agents' queue.
  await page.getByRole('button', { name: '转人工' }).click();
  const asked = page.getByTestId('chat-mine').filter({ hasText: '您好，我需要人工客服' });
  await expect(asked).toContainText('已送达');
  await expect(page.getByTestId('chat-status')).toContainText('排队中');

  // The agent sees it in the queue (live), opens it with the member beside it, takes it and replies.
  const queued = desk.getByRole('button', { name: account, exact: true });
  await expect(queued).toBeVisible();
  await queued.click();
  await expect(desk.getByRole('region', { name: '会员信息' }).getByRole('link', { name: account })).toBeVisible();
  await desk.getByRole('button', { name: '接入' }).click();
  const chat = desk.locator('[data-conversation-id][data-status]').filter({ hasText: account }).first();
  await expect(chat).toHaveAttribute('data-status', 'open');
  await desk.getByRole('textbox', { name: /输入回复/ }).fill('您好，我是在线客服，请问有什么可以帮您？');
  await desk.getByRole('button', { name: '发送', exact: true }).click();

  // The member sees the reply without a reload, the agent's name in the header, and their message marked read.
  const reply = page.getByTestId('chat-agent').filter({ hasText: '您好，我是在线客服，请问有什么可以帮您？' });
  await expect(reply).toBeVisible();
  await expect(page.getByRole('heading')).toContainText(agentName);
  await expect(reply).toContainText(agentName);
  await expect(asked).toContainText('已读');
  // And the agent sees that the member read the reply.
  const messages = desk.getByRole('list', { name: '在线客服' });
  await expect(messages.locator('li[data-from="agent"]').last()).toContainText('已读');

  // The member types back; the agent sees it arrive.
  await composer(page).fill('我的充值还没到账');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByTestId('chat-mine').filter({ hasText: '我的充值还没到账' })).toContainText(/已送达|已读/);
  await expect(messages.locator('li[data-from="member"]').filter({ hasText: '我的充值还没到账' })).toBeVisible();

  // The agent ends the conversation (after a confirmation); the member is asked to rate it.
  await desk.getByRole('button', { name: '结束会话' }).click();
  await desk.getByRole('button', { name: '确定' }).click();
  await expect(chat).toHaveAttribute('data-status', 'closed');
  const sheet = page.getByRole('dialog', { name: '请为本次服务评分' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('radio', { name: '5 星' }).click();
  await expect(sheet.getByText('非常满意')).toBeVisible();
  await sheet.getByRole('textbox').fill('回复很快，谢谢');
  await sheet.getByRole('button', { name: '提交评价' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('您的评价：5 星')).toBeVisible();
  // The agent sees the rating beside the chat: five stars and the comment.
  const rating = desk.getByRole('region', { name: '会员评价' });
  await expect(rating).toContainText('5 星');
  await expect(rating).toContainText('回复很快，谢谢');

  await desk.context().close();
});

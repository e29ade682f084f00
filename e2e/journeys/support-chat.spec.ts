import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { registerThroughSite } from '../support/member';

/**
 * The customer-service journey (issue 25): a member opens 客服, a quick question is answered at once, they ask for a
 * human; an agent on the desk page (/support/desk, a second browser context at a desktop size) takes the
 * conversation and replies; the member sees the reply live and their message marked read; the agent ends it and the
 * member rates the service. The desk page's data-testids are listed in apps/server/src/support/README.md.
 */

async function openDesk(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 1366, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const desk = await context.newPage();
  await desk.goto('/support/desk');
  const [account, password] = E2E.operator;
  await desk.getByTestId('desk-login-account').fill(account);
  await desk.getByTestId('desk-login-password').fill(password);
  await desk.getByTestId('desk-login-captcha').fill(E2E.captcha);
  await desk.getByTestId('desk-login-submit').click();
  await expect(desk.getByTestId('desk-main')).toBeVisible();
  // Online on the desk topic: the member's chat now says a human can answer.
  await expect(desk.getByTestId('desk-connection')).toHaveAttribute('data-state', 'online');
  return desk;
}

const composer = (page: Page) => page.getByRole('textbox', { name: '请输入您的问题…' });

test('a member gets an instant answer, then a human from the desk, sees the reply and the read mark live, and rates the service', async ({
  page,
  browser,
}) => {
  const desk = await openDesk(browser);

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
  const queued = desk.getByTestId('desk-queue-item').filter({ hasText: account });
  await expect(queued).toBeVisible();
  await queued.click();
  await expect(desk.getByTestId('desk-context-account')).toHaveText(account);
  await desk.getByTestId('desk-take').click();
  await expect(desk.getByTestId('desk-chat')).toHaveAttribute('data-status', 'open');
  // The desk shows "account（display name）"; members see the display name only.
  const me = (await desk.getByTestId('desk-me').textContent())?.trim() ?? '';
  const agentName = /（(.+)）/.exec(me)?.[1] ?? me;
  await desk.getByTestId('desk-input').fill('您好，我是在线客服，请问有什么可以帮您？');
  await desk.getByTestId('desk-send').click();

  // The member sees the reply without a reload, the agent's name in the header, and their message marked read.
  const reply = page.getByTestId('chat-agent').filter({ hasText: '您好，我是在线客服，请问有什么可以帮您？' });
  await expect(reply).toBeVisible();
  await expect(page.getByRole('heading')).toContainText(agentName);
  await expect(reply).toContainText(agentName);
  await expect(asked).toContainText('已读');
  // And the agent sees that the member read the reply.
  await expect(desk.getByTestId('desk-message-read').last()).toHaveAttribute('data-read', 'true');

  // The member types back; the agent sees it arrive.
  await composer(page).fill('我的充值还没到账');
  await page.getByRole('button', { name: '发送', exact: true }).click();
  await expect(page.getByTestId('chat-mine').filter({ hasText: '我的充值还没到账' })).toContainText(/已送达|已读/);
  await expect(desk.getByTestId('desk-message-text').filter({ hasText: '我的充值还没到账' })).toBeVisible();

  // The agent ends the conversation (after a confirmation); the member is asked to rate it.
  await desk.getByTestId('desk-close').click();
  await desk.getByTestId('desk-close-confirm').click();
  await expect(desk.getByTestId('desk-chat')).toHaveAttribute('data-status', 'closed');
  const sheet = page.getByRole('dialog', { name: '请为本次服务评分' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('radio', { name: '5 星' }).click();
  await expect(sheet.getByText('非常满意')).toBeVisible();
  await sheet.getByRole('textbox').fill('回复很快，谢谢');
  await sheet.getByRole('button', { name: '提交评价' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('您的评价：5 星')).toBeVisible();
  // The agent sees the rating beside the chat: five stars and the comment.
  await expect(desk.getByTestId('desk-context-rating')).toHaveText('★★★★★（回复很快，谢谢）');

  await desk.context().close();
});

import { expect, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { operatorToken } from '../support/wallet';

/** A real 2x2 PNG, as a phone's screenshot would be (the server reads its first bytes). */
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('a member leaves feedback with a screenshot, an operator replies, and the member reads the reply and the inbox message', async ({
  page,
  request,
}) => {
  const { account } = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);

  // From 我的 to the form.
  await page.getByText('我的', { exact: true }).click();
  await page.getByRole('link', { name: /意见反馈/ }).click();
  await expect(page).toHaveURL(/\/user\/feedback$/);
  await page.getByRole('radio', { name: '提现问题' }).check({ force: true });
  await page.getByLabel('问题描述').fill('提现申请两个小时了还在处理中，请帮忙看看');
  await expect(page.getByText('20/1000')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: SCREENSHOT });
  // The thumbnail is the uploaded image, served by the site.
  await expect(page.locator('[data-status="done"] img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
  await page.getByRole('button', { name: '提交反馈' }).click();

  // The list, with the new one waiting.
  await expect(page).toHaveURL(/\/user\/feedbackList$/);
  const row = page.getByTestId('feedback-row').first();
  await expect(row).toContainText('提现问题');
  await expect(row).toContainText('待回复');
  await expect(row).toContainText('1张图片');

  // The operator finds it in the desk's list and replies through the console API.
  const headers = { Authorization: `Bearer ${await operatorToken(request)}` };
  const listed = await (
    await request.get(`/api/admin/v1/feedback?account=${account}&status=pending`, { headers })
  ).json();
  expect(listed.data.total).toBe(1);
  const feedback = listed.data.list[0] as { id: string; images: string[]; content: string };
  expect(feedback.content).toBe('提现申请两个小时了还在处理中，请帮忙看看');
  expect(feedback.images).toHaveLength(1);
  const replied = await request.post(`/api/admin/v1/feedback/${feedback.id}/reply`, {
    headers,
    data: { content: '您好，您的提现已处理完成，预计10分钟内到账。' },
  });
  expect((await replied.json()).data.status).toBe('replied');

  // Pulled again, the list shows it answered; the detail has the text, the image and the reply.
  await page.reload();
  await expect(row).toContainText('已回复');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/user/feedbackDetail\\?id=${feedback.id}$`));
  await expect(page.getByRole('heading', { name: '提现问题' })).toBeVisible();
  await expect(page.getByText('提现申请两个小时了还在处理中，请帮忙看看')).toBeVisible();
  await expect(page.getByTestId('feedback-reply')).toHaveText('您好，您的提现已处理完成，预计10分钟内到账。');
  await expect(page.getByText('回复时间')).toBeVisible();
  await page.getByRole('button', { name: '查看图片 1' }).click();
  await expect(page.getByRole('dialog').locator('img').first()).toHaveAttribute('src', feedback.images[0] ?? '');
  await page.keyboard.press('Escape');

  // The inbox says so too.
  await page.goto('/user/message');
  const message = page.getByTestId('message-row').filter({ hasText: '您的反馈有新回复' });
  await expect(message).toContainText('未读');
  await message.getByRole('link').click();
  await expect(page.getByText(/「提现问题」反馈已有回复：您好，您的提现已处理完成/)).toBeVisible();
});

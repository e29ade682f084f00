import { expect, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { centreBalance } from '../support/wallet';

test('a member signs in for the day, claims the sign-in task on /task, the balance rises and the reward is in /taskRecords', async ({
  page,
}) => {
  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  expect(await centreBalance(page)).toBe('¥0.00');

  // 我的 -> 任务中心.
  await page.getByRole('link', { name: '任务中心' }).click();
  await expect(page).toHaveURL(/\/task$/);
  await expect(page.getByRole('heading', { name: '任务中心' })).toBeVisible();
  await expect(page.getByTestId('task-points')).toHaveText('0');

  // Signing in pays day 1 of the streak and completes the daily sign-in task.
  const signinTask = page.getByRole('article', { name: '每日签到' });
  await expect(signinTask.getByRole('button', { name: '去完成 每日签到' })).toBeVisible();
  await page.getByRole('button', { name: '立即签到' }).click();
  await expect(page.getByText('签到成功，获得 ¥1.00')).toBeVisible();
  await expect(page.getByText('已连续签到 1 天')).toBeVisible();
  await expect(page.getByRole('button', { name: '今日已签到' })).toBeDisabled();

  await signinTask.getByRole('button', { name: '领取 每日签到' }).click();
  await expect(page.getByText('领取成功，获得 ¥1.00')).toBeVisible();
  await expect(signinTask.getByRole('button', { name: '已领取' })).toBeVisible();
  await expect(page.getByTestId('task-points')).toHaveText('10');

  // Registered with a phone: the newbie task is done already; 一键领取 takes it.
  await page.getByRole('button', { name: /^一键领取（\d+）$/ }).click();
  await expect(page.getByText(/已领取 \d+ 个任务奖励/)).toBeVisible();
  await expect(page.getByTestId('task-points')).toHaveText('20');
  await page.getByRole('button', { name: '20 活跃度宝箱 开启' }).click();
  await expect(page.getByText('宝箱已开启，获得 ¥2.00')).toBeVisible();

  // 1 (sign-in day 1) + 1 (每日签到) + 3 (绑定手机号) + 2 (the 20-point chest).
  expect(await centreBalance(page)).toBe('¥7.00');

  await page.goto('/task');
  await page.getByRole('link', { name: '记录' }).click();
  await expect(page).toHaveURL(/\/taskRecords$/);
  const records = page.getByTestId('task-record');
  await expect(records).toHaveCount(4);
  await expect(records.filter({ hasText: '每日签到' })).toContainText('+¥1.00');
  await expect(records.filter({ hasText: '连续签到第 1 天' })).toContainText('+¥1.00');
  await expect(records.filter({ hasText: '20 活跃度宝箱' })).toContainText('+¥2.00');
  await page.getByRole('button', { name: '昨天' }).click();
  await expect(page.getByText('该时间段内暂无任务记录')).toBeVisible();
  await page.getByRole('button', { name: '今天' }).click();
  await expect(records).toHaveCount(4);
});

import { expect, type Page, test } from '@playwright/test';
import { loginThroughSite, registerThroughSite } from '../support/member';
import { smallTapTargets } from '../support/tap-targets';

/** A fresh member, signed in on the home page (never the shared demo member: these journeys limit and exclude). */
async function freshMember(page: Page) {
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  return member;
}

test('a member sets a daily deposit limit under 设置 › 负责任博彩; a deposit above it is refused naming the limit, one within it goes through', async ({
  page,
}) => {
  await freshMember(page);
  await page.goto('/setting');
  await page.getByRole('link', { name: /负责任博彩/ }).click();
  await expect(page).toHaveURL(/\/setting\/protection$/);
  await page.getByRole('link', { name: /限额设置/ }).click();
  await expect(page).toHaveURL(/\/setting\/limits$/);

  const depositDay = page.getByTestId('limit-depositDay');
  await expect(depositDay.getByText('未设置')).toBeVisible();
  expect(await smallTapTargets(page), 'controls under 44 px on /setting/limits').toEqual([]);
  await page.getByRole('button', { name: '设置每日充值限额' }).click();
  await page.getByLabel('金额').fill('300');
  await page.getByRole('button', { name: '保存' }).click();
  // Setting a limit where there was none is stricter: in force at once, nothing waits.
  await expect(page.getByRole('status')).toHaveText('每日充值限额已生效');
  await expect(depositDay.getByText('300.00', { exact: true })).toBeVisible();
  await expect(depositDay.getByText('今日已用 0.00 / 300.00')).toBeVisible();
  await expect(depositDay.getByText(/待生效/)).toHaveCount(0);

  await page.goto('/finance/deposit');
  await page.getByRole('radio', { name: /支付宝/ }).check();
  await page.getByLabel('充值金额').fill('500');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page.getByText(/已达到您设定的每日充值限额（300\.00），.+ 后可再充值/)).toBeVisible();
  await expect(page).toHaveURL(/\/finance\/deposit$/);

  await page.getByLabel('充值金额').fill('200');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/\/finance\/deposit\/info\?id=\d+/);
  await expect(page.getByText('待付款')).toBeVisible();

  // The order counts against the day at once.
  await page.goto('/setting/limits');
  await expect(page.getByTestId('limit-depositDay').getByText('今日已用 200.00 / 300.00')).toBeVisible();

  // And the statement, a tab away in the same section, shows the month (nothing credited yet: the order waits).
  await page.goto('/setting/statement');
  await expect(page.getByRole('tab', { name: '近1个月' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('这段时间没有充值、提现或投注')).toBeVisible();
  expect(await smallTapTargets(page), 'controls under 44 px on /setting/statement').toEqual([]);
});

test('a member takes a 24-hour time-out, lands on the login page, and signing in again is refused with the date it ends', async ({
  page,
}) => {
  const member = await freshMember(page);
  await page.goto('/setting/exclusion');
  await expect(page.getByText('期限内不能提前解除，客服也不能。')).toBeVisible();
  expect(await smallTapTargets(page), 'controls under 44 px on /setting/exclusion').toEqual([]);
  await page.getByRole('button', { name: '24 小时' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '确认冷静期：24 小时' })).toBeVisible();
  await page.getByLabel('登录密码').fill(member.password);
  await page.getByRole('button', { name: '确认开始' }).click();

  const done = page.getByRole('dialog');
  await expect(done.getByText('冷静期已开始')).toBeVisible();
  const shown = (await done.getByText(/^结束时间：/).textContent()) ?? '';
  const until = shown.replace('结束时间：', '');
  expect(until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await done.getByRole('button', { name: '知道了' }).click();
  // The session is gone here too: nothing member-only opens without signing in.
  expect(await page.evaluate(() => sessionStorage.getItem('t') ?? '')).toBe('');

  await loginThroughSite(page, member.account, member.password);
  await expect(page.getByText(`您正在冷静期中，${until} 结束。期间无法登录、充值或投注`)).toBeVisible();
  await expect(page).not.toHaveURL(/\/app\/home/);
});

test('the registration form links 用户协议, 隐私政策 and 负责任博彩 to their pages, and the form is still filled on the way back', async ({
  page,
}) => {
  const policies = [
    { link: '《用户协议》', path: '/terms', title: '用户协议', text: '一人一个账号' },
    { link: '《隐私政策》', path: '/privacy', title: '隐私政策', text: '我们收集的信息' },
    { link: '《负责任博彩》', path: '/responsible', title: '负责任博彩', text: '问题博彩的信号' },
  ];
  await page.goto('/register');
  await page.getByLabel('账号', { exact: true }).fill('policy01');
  for (const policy of policies) {
    await page.getByRole('link', { name: policy.link }).click();
    await expect(page).toHaveURL(new RegExp(`${policy.path}$`));
    await expect(page.getByRole('heading', { name: policy.title, level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: policy.text })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel('账号', { exact: true })).toHaveValue('policy01');
    // Following a link never ticked the 18+ box.
    await expect(page.getByRole('checkbox', { name: /我已年满18周岁/ })).not.toBeChecked();
  }

  await page.goto('/responsible');
  await page.getByRole('link', { name: '设置限额、冷静期或自我排除' }).click();
  // Members only: a visitor is asked to sign in first, and comes back here after.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsetting%2Fprotection|\/setting\/protection/);
});

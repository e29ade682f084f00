import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { uniquePhone } from '../support/api';
import { registerThroughSite } from '../support/member';
import { sportsOperator } from '../support/sports';
import { smallTapTargets } from '../support/tap-targets';
import { bindAlipayThroughSite, setWithdrawPasswordThroughSite, shownBeside, yuan } from '../support/wallet';

const WITHDRAW_PASSWORD = '864201';
/** Where the journey leaves what a member saw, when asked to (E2E_SHOTS=<folder>); nothing otherwise. */
const SHOTS = process.env.E2E_SHOTS;
const MINUTE_MS = 60_000;

async function answer<T>(response: { json(): Promise<unknown> }): Promise<T> {
  const body = (await response.json()) as { status?: boolean; data?: unknown };
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as T;
}

/** The headers the site sends, with the session token it keeps (spec: session storage key t). */
async function memberHeaders(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({
    t: sessionStorage.getItem('t') ?? '',
    d: '25',
    device_no: localStorage.getItem('device_no') ?? '',
  }));
}

/** A password as it leaves the site: RSA-OAEP with SHA-256 under the server's public key, base64. */
async function encryptedAsTheSiteDoes(request: APIRequestContext, password: string): Promise<string> {
  const { key } = await answer<{ key: string }>(await request.get('/api/f/v1/member/publicKey'));
  const publicKey = createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' });
  const cipher = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  );
  return cipher.toString('base64');
}

/** "2026-11-27 19:45": a time as the platform (Asia/Shanghai) writes it in its messages. */
function platformTime(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

test('a timed-out member with a balance is refused at sign-in with the end date, withdraws it in the withdrawal-only session, and can open nothing else', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await setWithdrawPasswordThroughSite(page, WITHDRAW_PASSWORD, member.password);
  const alipay = uniquePhone();
  await bindAlipayThroughSite(
    page,
    { holderName: '李四', accountNo: alipay, password: WITHDRAW_PASSWORD },
    member.password,
  );
  await (await sportsOperator(page.request)).credit(member.account, '500');

  // A one-day time-out, taken as the site takes it: the sign-in password, encrypted.
  const exclusion = await answer<{ kind: string; until: string | null }>(
    await page.request.post('/api/f/v1/member/exclusion', {
      form: { kind: 'timeout', days: '1', password: await encryptedAsTheSiteDoes(page.request, member.password) },
      headers: await memberHeaders(page),
    }),
  );
  expect(exclusion.until).not.toBeNull();

  // The session ended at once: the next member page finds it gone and asks to sign in.
  await page.goto('/user/transactionRecord');
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('账号', { exact: true }).fill(member.account);
  await page.getByLabel('密码', { exact: true }).fill(member.password);
  await page.getByLabel('图形验证码', { exact: true }).fill('1234');
  await page.getByRole('button', { name: '登录', exact: true }).click();

  const refusal = page.getByRole('dialog').filter({ hasText: '冷静期中' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(platformTime(exclusion.until ?? ''));
  await expect(refusal).toContainText('余额仍然归您所有');
  await expect(page).toHaveURL(/\/login/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/protection-refusal.png` });
  await refusal.getByRole('button', { name: '提取余额' }).click();

  await expect(page).toHaveURL(/\/finance\/withdraw$/);
  const banner = page.getByRole('status', { name: '仅提现模式' });
  await expect(banner).toContainText(/剩余 1[45]:\d\d/);
  await expect(banner).toContainText('只能提现到已绑定的账户');
  expect(await smallTapTargets(page)).toEqual([]);
  await expect(shownBeside(page, '可提现余额')).toHaveText(yuan('500'));
  await expect(page.getByRole('radio', { name: new RegExp(`支付宝.*${alipay.slice(-4)}`) })).toBeChecked();
  await page.getByLabel('提现金额').fill('200');
  await page.getByRole('button', { name: '立即提现' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认提现' });
  await expect(shownBeside(confirm, '到账账户')).toContainText(alipay.slice(-4));
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await page.getByLabel('提现密码（6位数字）').fill(WITHDRAW_PASSWORD);
  await expect(page.getByText('提现申请已提交')).toBeVisible();
  await page.getByRole('button', { name: '完成' }).click();
  await expect(shownBeside(page, '可提现余额')).toHaveText(yuan('300'));
  const latest = page
    .getByRole('region', { name: '最近提现' })
    .getByRole('listitem')
    .filter({ hasText: yuan('200') });
  await expect(latest).toContainText('审核中');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/protection-withdraw-only.png` });

  // Nothing else opens: links, typed addresses and the tabs all lead back to the withdraw page.
  for (const address of ['/app/home', '/finance/deposit', '/user/transactionRecord', '/app/center']) {
    await page.goto(address);
    await expect(page).toHaveURL(/\/finance\/withdraw$/);
    await expect(banner).toBeVisible();
  }
  // No tab bar to leave by.
  await expect(page.getByText('我的', { exact: true })).toHaveCount(0);
  await expect(page.getByText('登录已过期')).toHaveCount(0);

  // Leaving ends the session: the home page is a visitor's again.
  await banner.getByRole('button', { name: '退出' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/app\/home/);
  await expect(banner).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('t'))).toBeNull();
});

test('the reality check comes every 15 minutes of the session with its time and net result, and 继续 closes it until the next', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The page's clock runs as usual until the journey moves it on; the server's is untouched.
  await page.clock.install();
  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await answer(
    await page.request.put('/api/f/v1/member/limits', {
      form: { realityMinutes: '15' },
      headers: await memberHeaders(page),
    }),
  );

  // A page opened now knows the interval once its first screen is up.
  // (The home page left behind may ask for it too, just then: only a request of the new page counts.)
  const navigatedAt = Date.now();
  const summaryLoaded = page.waitForResponse(
    (response) =>
      response.url().includes('/api/f/v1/member/session') && response.request().timing().startTime >= navigatedAt,
  );
  await page.goto('/app/center');
  const summary = await answer<{ startedAt: string; realityMinutes: number }>(await summaryLoaded);
  expect(summary.realityMinutes).toBe(15);
  expect(Date.now() - Date.parse(summary.startedAt)).toBeLessThan(MINUTE_MS);

  const reminder = page.getByRole('dialog').filter({ hasText: '理性游戏提醒' });
  await page.clock.fastForward('14:00');
  // The reminder's timer is set for 15 minutes after the session started: a minute short, nothing yet.
  await page.waitForTimeout(300);
  await expect(reminder).toHaveCount(0);

  await page.clock.fastForward('01:00');
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText('您已登录 15 分钟');
  await expect(reminder).toContainText(`本次净输赢 ${yuan('0')}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/protection-reality.png` });
  await expect(reminder.getByRole('button', { name: '查看限额' })).toBeVisible();
  await expect(reminder.getByRole('button', { name: '退出登录' })).toBeVisible();
  await reminder.getByRole('button', { name: '继续' }).click();
  await expect(reminder).toBeHidden();

  await page.clock.fastForward('14:00');
  await page.waitForTimeout(300);
  await expect(reminder).toHaveCount(0);
  await page.clock.fastForward('01:00');
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText('您已登录 30 分钟');
  await reminder.getByRole('button', { name: '继续' }).click();
  await expect(reminder).toBeHidden();
  // Still signed in, on the page the member was on.
  await expect(page).toHaveURL(/\/app\/center/);
});

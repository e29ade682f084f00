import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { sportsOperator } from '../support/sports';

/** Where the journey leaves what a member saw, when asked to (E2E_SHOTS=<folder>); nothing otherwise. */
const SHOTS = process.env.E2E_SHOTS;

async function answer<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { status?: boolean; data?: unknown };
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as T;
}

/** The main balance over the API, with the session token the site keeps (spec: session storage key t). */
async function mainBalance(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('t') ?? '');
  const response = await page.request.get('/api/findmed/v1/member/balance', { headers: { t: token } });
  return (await answer<{ balance: string }>(response)).balance;
}

/** Opens a lobby entry the way a member does: the group's tab, then the game's tile. */
async function openFromLobby(page: Page, group: string, game: string) {
  await page.goto('/app/home');
  await page.getByRole('tab', { name: group, exact: true }).click();
  await page.getByRole('link', { name: game, exact: true }).first().click();
}

/** The simulated vendor's slot in the site's full-screen frame: one spin at the smallest stake. */
async function spinInFrame(page: Page, title: string) {
  const frame = page.frameLocator(`iframe[title="${title}"]`);
  const spin = frame.getByRole('button', { name: '旋转' });
  await expect(spin).toBeEnabled({ timeout: 20_000 });
  await spin.click();
  await expect(spin).toBeEnabled({ timeout: 20_000 });
  return frame;
}

/** The 电子 records of /user/bettingRecord, reloaded until a row with `text` is there (a transfer vendor is pulled). */
async function vendorRecord(page: Page, text: string, timeout: number) {
  await page.goto('/user/bettingRecord');
  await page.getByRole('navigation', { name: '注单类别' }).getByRole('link', { name: '电子' }).click();
  await expect(page).toHaveURL(/kind=vendor/);
  const row = page.getByRole('listitem').filter({ hasText: text }).first();
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout });
  return row;
}

test('a transfer-wallet vendor: the balance moves to the vendor on launch, a spin there, back recalls it, the bet is in the records', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await (await sportsOperator(request)).credit(member.account, '500');

  await openFromLobby(page, '电子', '财神到');
  await expect(page).toHaveURL(/\/games\/1018\//);
  // Auto transfer (免转, on by default) moved the whole main balance to the vendor before the game opened.
  await expect.poll(() => mainBalance(page), { timeout: 20_000 }).toBe('0.0000');
  const frame = await spinInFrame(page, '财神到游戏画面');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/vendor-transfer.png` });

  // The game's own back button leaves for /app/venueBack, which recalls everything at the vendor.
  await frame.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/app\/venueBack/);
  await expect(page.getByText('游戏余额已转回中心钱包')).toBeVisible({ timeout: 20_000 });
  expect(Number(await mainBalance(page))).toBeGreaterThan(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/vendor-back.png` });

  // The vendor's bet history is pulled into our records (every 10 s) with its valid turnover.
  const row = await vendorRecord(page, '财神到', 60_000);
  await expect(row).toContainText('有效投注');
});

test('a seamless-wallet vendor: each spin is a signed bet and win on our wallet, and the records show it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await (await sportsOperator(request)).credit(member.account, '300');

  await openFromLobby(page, '真人', '番摊');
  await expect(page).toHaveURL(/\/games\/1015\//);
  // Nothing moves on launch: the vendor calls our wallet for each bet and win.
  expect(await mainBalance(page)).toBe('300.0000');
  await spinInFrame(page, '番摊游戏画面');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/vendor-seamless.png` });

  const row = await vendorRecord(page, '番摊', 20_000);
  await expect(row).toContainText('有效投注');
  // The spin's stake left main and its win (if any) came back, as one bet in the records.
  await expect.poll(() => mainBalance(page), { timeout: 10_000 }).not.toBe('');
});

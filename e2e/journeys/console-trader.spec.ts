import { randomUUID } from 'node:crypto';
import { type APIRequestContext, devices, expect, type Page, test } from '@playwright/test';
import { confirmDialog, signInToConsole } from '../support/console';
import { registerThroughSite } from '../support/member';
import { createOperator } from '../support/operators';
import { type ManualEvent, sportsOperator, uniqueTag } from '../support/sports';

/** Where the journey leaves what the trader saw, when asked to (CONSOLE_SHOTS_DIR=<folder>); nothing otherwise. */
const SHOTS = process.env.CONSOLE_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/trader-${name}.png`, fullPage: true });
}

/** The member site's headers with the session token it keeps (session storage `t`). */
async function memberHeaders(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({
    t: sessionStorage.getItem('t') ?? '',
    d: '25',
    device_no: localStorage.getItem('device_no') ?? '',
  }));
}

/** A single of 100 on one selection, placed through the member API as the bet slip places it. */
async function bet(
  request: APIRequestContext,
  headers: Record<string, string>,
  selection: { id: string; odds: string },
) {
  const response = await request.post('/api/f/v1/sports/bets', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: {
      type: 'single',
      stake: '100',
      legs: [{ selectionId: selection.id, odds: selection.odds }],
      acceptOdds: 'none',
    },
  });
  return (await response.json()) as { status: boolean; code?: string; data: { id?: string } | string };
}

/** The market's row on the event page (its status tag carries the market id). */
function marketStatus(page: Page, event: ManualEvent) {
  return page.getByTestId(`market-status-${event.marketId}`);
}

test('a trader suspends a market (a member bet on it is refused), resumes it, posts the result and sees the bets settle, then adds a market to a match and runs it by hand', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // A member on the member site, with money to bet.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  const site = await phone.newPage();
  const member = await registerThroughSite(site);
  await expect(site).toHaveURL(/\/app\/home/);
  const headers = await memberHeaders(site);
  const desk = sportsOperator(request);
  const feed = await desk;
  await feed.credit(member.account, '1000');
  const tag = uniqueTag();
  const event = await feed.footballEvent(
    { competition: `交易测试联赛${tag}`, home: `主队${tag}`, away: `客队${tag}` },
    { home: '2.10', draw: '3.20', away: '3.50' },
  );
  const first = await bet(request, headers, event.selections.home);
  expect(first.status, JSON.stringify(first)).toBe(true);

  // The trader finds the event in the events table by its team and opens it.
  const trader = await createOperator(request, 'trader');
  await signInToConsole(page, trader);
  await page.goto('/console/trading/events');
  const search = page.getByLabel('球队 / 联赛');
  await search.fill(`主队${tag}`);
  await page.getByRole('button', { name: '查询', exact: true }).click();
  const row = page.getByRole('row', { name: new RegExp(`主队${tag} vs 客队${tag}`) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: /利物浦|塞尔塔|欧塞尔/ })).toHaveCount(0);
  await expect(row.getByRole('cell', { name: '100.00' })).toBeVisible();
  await shot(page, 'events');
  await row.getByRole('link', { name: `主队${tag} vs 客队${tag}` }).click();
  await expect(page.getByText(`交易测试联赛${tag}`)).toBeVisible();
  await expect(marketStatus(page, event)).toHaveText('开盘');

  // Suspend the market: asked first, then the member's bet on it is refused.
  await page.getByRole('button', { name: /^暂\s?停$/ }).click();
  await confirmDialog(page);
  await expect(marketStatus(page, event)).toHaveText('暂停');
  const refused = await bet(request, headers, event.selections.draw);
  expect(refused.status).toBeFalsy();
  expect(refused.code).toBe('MARKET_SUSPENDED');
  await shot(page, 'suspended');

  // Resume it: the member bets again.
  await page.getByRole('button', { name: /^恢\s?复$/ }).click();
  await confirmDialog(page);
  await expect(marketStatus(page, event)).toHaveText('开盘');
  const second = await bet(request, headers, event.selections.draw);
  expect(second.status, JSON.stringify(second)).toBe(true);

  // The liability per selection shows both bets against the cap.
  await page.getByRole('tab', { name: '风险' }).click();
  const liability = page.getByRole('tabpanel', { name: '风险' });
  await expect(liability.getByRole('row', { name: /主 2\.10 1 100\.00 210\.00/ })).toBeVisible();
  await expect(liability.getByRole('row', { name: /和 3\.20 1 100\.00 320\.00/ })).toBeVisible();
  await shot(page, 'liability');

  // Post the result 2:1: the bets on the event settle, the home bet paid 210, the draw lost.
  await page.getByRole('button', { name: '录入赛果' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(`主队全场（主队${tag}）`).fill('2');
  await form.getByLabel(`客队全场（客队${tag}）`).fill('1');
  await form.getByRole('button', { name: /^确\s?[认定]$/ }).click();
  await expect(page.getByText('赛果已提交，注单结算中')).toBeVisible();
  await page.getByRole('tab', { name: '注单' }).click();
  const bets = page.getByRole('tabpanel', { name: '注单' });
  await expect(bets.getByRole('row', { name: /已结算.*主 @2\.10.*赢.*210\.00/ })).toBeVisible({ timeout: 20_000 });
  await expect(bets.getByRole('row', { name: /已结算.*和 @3\.20.*输/ })).toBeVisible();
  await expect(bets.getByRole('row', { name: /未结算/ })).toHaveCount(0);
  await shot(page, 'settled');

  // And the member's own record says so.
  const records = await request.get('/api/f/v1/sports/bets?status=settled', { headers });
  const settled = ((await records.json()) as { data: { list: Array<{ status: string; payout: string }> } }).data.list;
  expect(settled.map((item) => item.payout).sort()).toEqual(['0.0000', '210.0000']);
  await phone.close();

  // A match the trader runs by hand: a total added before kick-off, then the kick-off, a goal and half time.
  const match = await feed.footballEvent(
    { competition: `交易测试联赛${tag}`, home: `主场${tag}`, away: `客场${tag}` },
    { home: '1.90', draw: '3.40', away: '4.20' },
  );
  await page.goto(`/console/trading/events/${match.id}`);
  await page.getByRole('button', { name: '添加盘口' }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('玩法').click();
  await page.getByTitle('大小', { exact: true }).click();
  await add.getByLabel('大小盘口线').fill('2.5');
  await add.getByLabel('大赔率').fill('1.90');
  await add.getByLabel('小赔率').fill('1.95');
  await shot(page, 'add-market');
  await add.getByRole('button', { name: /^确\s?[认定]$/ }).click();
  await expect(page.getByText('盘口已添加')).toBeVisible();
  await expect(page.getByRole('row', { name: /全场 大小 2\.5 开盘 大 1\.90 小 1\.95/ })).toBeVisible();

  await page.getByRole('button', { name: '现场控制' }).click();
  await expect(page).toHaveURL(new RegExp(`/console/trading/events/${match.id}/feed$`));
  await page.getByRole('button', { name: '开赛' }).click();
  await confirmDialog(page);
  await expect(page.getByText('已开赛')).toBeVisible();
  await expect(page.getByText('开盘 2 · 暂停 0 · 封盘 0')).toBeVisible();

  // A goal: asked first, since it suspends every open market until the trader reopens them.
  await page.getByRole('button', { name: '主队得分 +1' }).click();
  await page.getByLabel('比赛时间（分钟）').fill('23');
  await page.getByRole('button', { name: '更新比分与时间' }).click();
  await expect(page.getByRole('dialog')).toContainText('所有开盘盘口将暂停');
  await confirmDialog(page);
  await expect(page.getByTestId('feed-score')).toHaveText('1 : 0');
  await expect(page.getByText('开盘 0 · 暂停 2 · 封盘 0')).toBeVisible();

  // Half time keeps the score it ends at; then every market reopens at once.
  await page.getByText('中场休息', { exact: true }).click();
  await page.getByLabel('比赛时间（分钟）').fill('45');
  await page.getByRole('button', { name: '更新比分与时间' }).click();
  await expect(page.getByRole('dialog')).toContainText('半场比分将记为 1 : 0');
  await confirmDialog(page);
  await expect(page.getByRole('radio', { name: '上半场' })).toBeDisabled();
  await page.getByRole('button', { name: '恢复全部盘口' }).click();
  await confirmDialog(page);
  await expect(page.getByText('开盘 2 · 暂停 0 · 封盘 0')).toBeVisible();
  await shot(page, 'feed');
  const view = await request.get(`/api/f/v1/sports/events/${match.id}`);
  const seen = ((await view.json()) as { data: { status: string; score: unknown; halfTime: unknown } }).data;
  expect(seen).toMatchObject({ status: 'live', score: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } });

  // The rest of the trader's desk opens: the book's settings, the house tables, their rounds, the vendors.
  await page.goto('/console/trading/settings');
  await expect(page.getByLabel('单个选项风险上限')).toBeVisible();
  await expect(page.getByRole('button', { name: /^保存设置$/ })).toBeVisible();
  await shot(page, 'settings');

  // A per-sport limit: tennis at most 5,000 a bet, saved and read back, then taken off again.
  const bySport = page.getByTestId('overrides-bySport');
  await bySport.getByRole('button', { name: /添加一行/ }).click();
  await bySport.getByLabel('体育项目').click();
  // The option in the open list (a label of the in-play delays reads 网球 too).
  await page.getByTitle('网球', { exact: true }).and(page.locator('[aria-selected]')).click();
  await bySport.getByLabel('最高投注').fill('5000');
  await shot(page, 'settings-overrides');
  await page.getByRole('button', { name: /^保存设置$/ }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('overrides-bySport').getByLabel('最高投注')).toHaveValue('5000.0000');
  await page.getByTestId('overrides-bySport').getByRole('img', { name: 'delete' }).click();
  await page.getByRole('button', { name: /^保存设置$/ }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('overrides-bySport').getByLabel('最高投注')).toHaveCount(0);
  await page.goto('/console/casino/tables');
  await expect(page.getByRole('row', { name: /BAC1/ })).toBeVisible();
  await shot(page, 'tables');
  await page.goto('/console/casino/rounds');
  await expect(page.getByRole('columnheader', { name: '种子', exact: true })).toBeVisible();
  await shot(page, 'rounds');
  await page.goto('/console/casino/vendors');
  await expect(page.getByRole('switch', { name: /维护/ }).first()).toBeVisible();
  await shot(page, 'vendors');
  await page.getByRole('tab', { name: '对账' }).click();
  await expect(page.getByRole('columnheader', { name: '不一致注单' })).toBeVisible();
  await shot(page, 'reconciliation');
  await page.getByRole('tab', { name: '回调日志' }).click();
  await expect(page.getByRole('columnheader', { name: '交易号' })).toBeVisible();
  await shot(page, 'callbacks');
});

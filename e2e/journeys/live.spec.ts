import { type APIRequestContext, expect, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { openSlip, sportsOperator, uniqueTag } from '../support/sports';
import { operatorToken } from '../support/wallet';

/** Where the journey leaves what a member saw, when asked to (E2E_SHOTS=<folder>); nothing otherwise. */
const SHOTS = process.env.E2E_SHOTS;

/** The operator's in-play desk: the manual feed's live update (score and clock), and reopening after a goal. */
async function inPlayDesk(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await operatorToken(request)}` };
  async function post(url: string, data?: unknown) {
    const response = await request.post(url, { headers, ...(data ? { data } : {}) });
    const body = (await response.json()) as { status?: boolean };
    expect(body.status, `${url} ${JSON.stringify(body)}`).toBe(true);
  }
  return {
    live: (eventId: string, home: number, away: number, minute: number) =>
      post(`/api/admin/v1/sports/events/${eventId}/live`, { home, away, minute }),
    resume: (eventId: string) => post(`/api/admin/v1/sports/events/${eventId}/resume`),
  };
}

test('a member watches a live match, sees a goal suspend it and a price move, bets in play through the delay and cashes out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const operator = await sportsOperator(request);
  const desk = await inPlayDesk(request);
  const tag = uniqueTag();
  const match = await operator.footballEvent(
    { competition: `滚球杯${tag}`, home: `狮队${tag}`, away: `虎队${tag}` },
    { home: '2.10', draw: '3.30', away: '3.50' },
  );
  // Kick-off through the manual feed: the event goes live and its markets trade in play.
  await desk.live(match.id, 0, 0, 12);

  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await operator.credit(member.account, '1000');

  await page.goto(`/sports?event=${match.id}`);
  const board = page.getByRole('region', { name: '赛事详情' });
  await expect(board).toContainText('进行中');
  await expect(board).toContainText('0 - 0');
  const home = page.getByRole('button', { name: new RegExp(`^${match.home} 对 ${match.away} 独赢 主 赔率`) });
  await expect(home).toHaveAccessibleName(/赔率 2.10$/);

  // A goal: the score and clock move and every market stops taking bets, without a reload.
  await desk.live(match.id, 1, 0, 23);
  await expect(board).toContainText('1 - 0');
  await expect(board).toContainText("23'");
  await expect(home).toBeDisabled();
  await expect(home).toContainText('暂停');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-suspended.png` });

  // The trader reopens with a new price: it flashes as it moves (down here, red).
  await desk.resume(match.id);
  await expect(home).toBeEnabled();
  await operator.movePrice(match, 'home', '1.60');
  await expect(home).toHaveAccessibleName(/赔率 1.60$/);
  await expect(home).toHaveAttribute('data-moved', 'down');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-price-moved.png` });

  // An in-play bet is held for its delay: a countdown (or the seconds waited), then the book's decision.
  await home.click();
  const slip = await openSlip(page);
  await slip.getByLabel('每注金额').fill('100');
  await slip.getByRole('button', { name: '投注', exact: true }).click();
  await slip.getByRole('button', { name: '确认投注' }).click();
  await expect(slip.getByRole('heading', { name: '滚球投注确认中' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-bet-delay.png` });
  await expect(slip.getByRole('heading', { name: '投注成功' })).toBeVisible({ timeout: 30_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-bet-stood.png` });

  // Cash it out from the bet's page: the quote on the button, confirmed in a sheet before money moves.
  await slip.getByRole('link', { name: '查看注单' }).click();
  await expect(page).toHaveURL(/\/user\/bettingDetail\?id=\d+/);
  const cashOut = page.getByRole('button', { name: /^提前结算 ¥/ });
  await expect(cashOut).toBeVisible({ timeout: 20_000 });
  await cashOut.click();
  const sheet = page.getByRole('region', { name: '提前结算' });
  await expect(sheet).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-cashout-sheet.png` });
  const confirm = sheet.getByRole('button', { name: '确认提前结算' });
  await confirm.click();
  // A value that moved beyond the tolerance in between comes back as a new quote: the member accepts that one.
  const changed = sheet.getByText(/^结算金额已变为/);
  await expect(async () => {
    if (await changed.isVisible()) await confirm.click();
    await expect(sheet).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // The bet's state, and its leg: it will not be settled on the result any more.
  await expect(page.getByText('已提前结算', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem').getByText('已提前结算')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/live-cashed-out.png` });

  await page.goto('/user/bettingRecord?status=cashed_out');
  await expect(page.getByRole('link').filter({ hasText: `${match.home} vs ${match.away}` })).toBeVisible();
  expect((await operator.ledgerCheck()).ok).toBe(true);
});

import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { registerThroughSite } from '../support/member';
import { createOperator, operatorTokenOf } from '../support/operators';

/**
 * The activities' review queue is live (issue 27): a marketing operator works on another console page; a member
 * applies for an activity on the site; the 活动与申领 entry gets its badge without a reload. With the claims page open,
 * the next application appears in the list by itself, and one decided elsewhere leaves it (and the badge) by itself.
 */

const SHOTS = process.env.CONSOLE_SHOTS_DIR;

type Envelope<T> = { status?: boolean; data?: T };

async function memberApplies(browser: Browser, promoId: number): Promise<{ page: Page; account: string }> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const { account } = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  const headers = await page.evaluate(() => ({
    t: sessionStorage.getItem('t') ?? '',
    device_no: localStorage.getItem('device_no') ?? '',
  }));
  const applied = await page.request.post('/api/f/v1/promo/apply', {
    form: { id: String(promoId), note: '本周晋级，申请彩金' },
    headers,
  });
  const body = (await applied.json()) as Envelope<{ status: string }>;
  expect(body, JSON.stringify(body)).toMatchObject({ status: true, data: { status: 'pending' } });
  return { page, account };
}

test('applications reach the console’s claims queue live: the badge on another page, the list on the claims page', async ({
  page,
  browser,
  request,
}) => {
  // Two registrations through the site and the console's first load; a loaded machine takes its time over each.
  test.setTimeout(180_000);
  const slow = { timeout: 30_000 };
  const marketer = await createOperator(request, 'marketing');
  const headers = { Authorization: `Bearer ${await operatorTokenOf(request, marketer)}` };
  const created = await request.post('/api/admin/v1/promotions/new', {
    data: {
      title: `晋级申请 ${Date.now().toString(36)}`,
      summary: '每周一次，运营审核后派发',
      content: '提交申请，运营审核后派发彩金',
      kind: 'apply',
      frequency: 'week',
      multiple: '1',
    },
    headers,
  });
  const promo = (await created.json()) as Envelope<{ promoId: number }>;
  expect(promo.status, JSON.stringify(promo)).toBe(true);
  const promoId = promo.data?.promoId as number;
  const openCount = async () => {
    const answer = await request.get('/api/admin/v1/promotions/claims?status=open&page=1&size=1', { headers });
    return ((await answer.json()) as Envelope<{ total: number }>).data?.total ?? 0;
  };

  await signInToConsole(page, marketer, { expectSignedIn: false });
  await expect(page.getByTestId('operator-account')).toHaveText(marketer.account, slow);
  await page.getByRole('menuitem', { name: /兑换码/ }).click();
  await expect(page).toHaveURL(/\/console\/rewards\/codes/);
  const entry = page.getByRole('menuitem', { name: /活动与申领/ });
  const before = await openCount();

  // On 兑换码, the application arrives as a badge on 活动与申领 (and a count in the tab's title).
  const first = await memberApplies(browser, promoId);
  await expect(entry.locator('.ant-badge-count')).toHaveText(String(before + 1), slow);
  await expect(page).toHaveTitle(/^\([1-9]\d*\) /);
  await expect(page).toHaveURL(/\/console\/rewards\/codes/);

  // The claims page lists it; the next application appears there without a reload.
  await entry.click();
  const claims = page.getByRole('tabpanel', { name: '待审核申领' });
  await expect(claims.getByRole('row').filter({ hasText: first.account })).toBeVisible(slow);
  const second = await memberApplies(browser, promoId);
  const secondRow = claims.getByRole('row').filter({ hasText: second.account });
  await expect(secondRow).toBeVisible(slow);
  await expect(entry.locator('.ant-badge-count')).toHaveText(String(before + 2), slow);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/claims-live.png` });

  // Refused by another operator's call: it leaves the list and the badge by itself.
  const open = await request.get('/api/admin/v1/promotions/claims?status=open&page=1&size=100', { headers });
  const list = ((await open.json()) as Envelope<{ list: Array<{ id: string; account: string }> }>).data?.list ?? [];
  const secondClaim = list.find((one) => one.account === second.account);
  expect(secondClaim).toBeTruthy();
  const rejected = await request.post(`/api/admin/v1/promotions/claims/${secondClaim?.id}/reject`, {
    form: { note: '本周已申请过' },
    headers,
  });
  expect(((await rejected.json()) as Envelope<unknown>).status).toBe(true);
  await expect(secondRow).toBeHidden(slow);
  await expect(entry.locator('.ant-badge-count')).toHaveText(String(before + 1), slow);

  await first.page.context().close();
  await second.page.context().close();
});

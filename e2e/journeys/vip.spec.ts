import { expect, type Page, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';

/** Waits for a betting window with time left to pick, confirm and send (a window is 15 s at BAC1). */
async function openWindow(page: Page) {
  const phase = page.getByTestId('phase');
  for (let attempt = 0; attempt < 4; attempt++) {
    await expect(phase).toHaveText('请下注', { timeout: 40_000 });
    const left = Number((await page.getByTestId('countdown').textContent())?.replace(/\D/g, '') || 0);
    if (left >= 7) return;
    await expect(phase).not.toHaveText('请下注', { timeout: 20_000 });
  }
  throw new Error('no betting window with time left');
}

/**
 * Bets a chip (its label: 100, 1K) on banker at BAC1 until a round settles with a winner (a tie returns the banker stake and counts no
 * valid turnover); answers the valid turnover the settled bets added.
 */
async function betUntilCounted(page: Page, chip: string, amount: number): Promise<number> {
  await page.goto('/casino/BAC1');
  for (let round = 0; round < 4; round++) {
    await openWindow(page);
    await page.getByRole('button', { name: chip, exact: true }).click();
    await page.locator('[data-spot="banker"]').click();
    await page.getByRole('button', { name: '确认下注' }).last().click();
    await page.getByRole('dialog').getByRole('button', { name: '确认下注' }).click();
    await expect(page.getByText(/本局已下注/)).toBeVisible();
    const roundLabel =
      (await page
        .getByText(/^第\d+局$/)
        .first()
        .textContent()) ?? '';
    await expect(page.getByTestId('my-result')).toContainText(roundLabel, { timeout: 45_000 });
    const winner = await page
      .getByTestId('outcome')
      .getByText(/^(庄赢|闲赢|和局)$/)
      .textContent();
    if (winner !== '和局') return amount;
  }
  throw new Error('four ties in a row');
}

test('a member sees the level progress move after a bet settles, and a new level’s bonus in the received list', async ({
  page,
}) => {
  // A deposit, up to a few 15 s rounds at the house table and the VIP pages.
  test.setTimeout(300_000);
  await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);

  // A confirmed deposit of 1,200 meets VIP1's and VIP2's deposit thresholds; turnover is still nothing.
  await page.goto('/finance/deposit');
  await page.getByRole('radio', { name: /支付宝/ }).check();
  await page.getByLabel('充值金额').fill('1200');
  await page.getByRole('button', { name: '立即充值' }).click();
  await page.getByRole('button', { name: '模拟支付（演示）' }).click();
  await expect(page.getByText('充值成功')).toBeVisible();

  await page.goto('/app/center');
  await page.getByRole('link', { name: /VIP特权/ }).click();
  await expect(page).toHaveURL(/\/user\/vip\/privilege$/);
  const card = page.getByRole('region', { name: '我的等级' });
  await expect(card.getByText('VIP0', { exact: true })).toBeVisible();
  await expect(card.getByText('距离 VIP1')).toBeVisible();
  const turnoverBar = card.getByRole('progressbar', { name: '有效投注' });
  await expect(turnoverBar).toHaveAttribute('aria-valuenow', '0');
  await expect(card.getByRole('progressbar', { name: '充值' })).toHaveAttribute('aria-valuenow', '100');

  // A settled bet at the house table moves the turnover progress (VIP1 needs 1,000 of valid turnover).
  const first = await betUntilCounted(page, '100', 100);
  await page.goto('/user/vip/privilege');
  await expect(turnoverBar).toHaveAttribute('aria-valuenow', String(first / 10));
  await expect(card.getByText(`${first}.00`, { exact: true })).toBeVisible();

  // Enough turnover for VIP1: the level card says so, and the upgrade bonus is in the detail page's received list.
  await betUntilCounted(page, '1K', 1000);
  await page.goto('/user/vip/privilege');
  await expect(card.getByText('VIP1', { exact: true })).toBeVisible();
  await expect(card.getByText('距离 VIP2')).toBeVisible();
  await card.getByRole('link', { name: /特权详情/ }).click();
  await expect(page).toHaveURL(/\/user\/vip\/detail$/);
  await expect(page.getByText('晋级礼金 · VIP1')).toBeVisible();
  await expect(page.getByText('+8.00')).toBeVisible();
});

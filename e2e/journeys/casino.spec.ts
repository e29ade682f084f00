import { expect, type Page, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import { sportsOperator } from '../support/sports';

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

test('a member opens baccarat from the lobby, bets on banker, sees the round settle and paid, and verifies it', async ({
  page,
  request,
}) => {
  // A round is a 15 s window, the deal and the result: up to two rounds plus the pages around them.
  test.setTimeout(150_000);
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await (await sportsOperator(request)).credit(member.account, '1000');

  await page.goto('/app/home');
  await page.getByRole('link', { name: '百家乐', exact: true }).first().click();
  await expect(page).toHaveURL(/\/casino\/BAC1$/);
  await expect(page.getByTestId('balance')).toHaveText('¥1000.00');

  await openWindow(page);
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.locator('[data-spot="banker"]').click();
  await page.getByRole('button', { name: '确认下注' }).last().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('本局共1注，合计 ¥100.00')).toBeVisible();
  await dialog.getByRole('button', { name: '确认下注' }).click();
  await expect(page.getByText(/本局已下注 ¥100.00/)).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('¥900.00');
  const roundLabel =
    (await page
      .getByText(/^第\d+局$/)
      .first()
      .textContent()) ?? '';

  // The round settles for everyone at the table; the member's return shows and the balance follows the ledger.
  const result = page.getByTestId('my-result');
  await expect(result).toContainText(roundLabel, { timeout: 45_000 });
  const winner =
    (await page
      .getByTestId('outcome')
      .getByText(/^(庄赢|闲赢|和局)$/)
      .textContent()) ?? '';
  const outcomes: Record<string, [balance: string, line: string]> = {
    庄赢: ['¥1095.00', '恭喜赢得 ¥95.00'],
    和局: ['¥1000.00', '派彩 ¥100.00'],
    闲赢: ['¥900.00', '本局未中奖'],
  };
  const expected = outcomes[winner];
  if (!expected) throw new Error(`no baccarat winner on screen: ${winner}`);
  await expect(result).toContainText(expected[1]);
  await expect(page.getByTestId('balance')).toHaveText(expected[0], { timeout: 15_000 });

  // The record, with its seed, and the round checked in the browser.
  await page.goto('/user/bettingRecord?kind=casino');
  const row = page.getByTestId('casino-bet').filter({ hasText: roundLabel }).first();
  await expect(row).toContainText('庄 ¥100.00');
  await expect(row).toContainText('已结算');
  await row.getByRole('link', { name: '验证' }).click();
  await expect(page.getByTestId('verdict')).toHaveText('验证通过：种子属于公布的种子链，且重算结果与记录一致');
});

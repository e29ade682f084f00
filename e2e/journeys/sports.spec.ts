import { expect, test } from '@playwright/test';
import { registerThroughSite } from '../support/member';
import {
  openSlip,
  openSportsbookFromLobby,
  parlayPayout,
  price,
  searchEvents,
  sportsOperator,
  sumAmounts,
  uniqueTag,
} from '../support/sports';
import { shownBeside, yuan } from '../support/wallet';

const CREDIT = '1000';

test('a member opens the sportsbook from the lobby, places a parlay, and after the results sees it paid', async ({
  page,
  request,
}) => {
  const operator = await sportsOperator(request);
  const tag = uniqueTag();
  const competition = `测试杯${tag}`;
  const first = await operator.footballEvent(
    { competition, home: `红队${tag}`, away: `蓝队${tag}` },
    { home: '1.85', draw: '3.40', away: '4.20' },
  );
  const second = await operator.footballEvent(
    { competition, home: `金队${tag}`, away: `银队${tag}` },
    { home: '3.10', draw: '3.25', away: '2.35' },
  );

  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await operator.credit(member.account, CREDIT);

  await openSportsbookFromLobby(page);
  const group = await searchEvents(page, tag, competition);
  await price(group, first, 'home', '1.85').click();
  await price(group, second, 'away', '2.35').click();
  await expect(price(group, first, 'home', '1.85')).toHaveAttribute('aria-pressed', 'true');

  // A stake with cents whose payout has four decimals: the slip shows it truncated, as the book pays it.
  const stake = '88.88';
  const payout = parlayPayout(stake, ['1.85', '2.35']);
  expect(payout).toBe('386.4058');
  const slip = await openSlip(page);
  await slip.getByRole('tab', { name: '串关' }).click();
  await expect(slip.getByRole('tab', { name: '串关' })).toHaveAttribute('aria-selected', 'true');
  await expect(slip.getByText(`${first.home} vs ${first.away}`)).toBeVisible();
  await expect(slip.getByText(`${second.home} vs ${second.away}`)).toBeVisible();
  await slip.getByLabel('每注金额').fill(stake);
  await expect(shownBeside(slip, '总投注')).toHaveText(yuan(stake));
  await expect(shownBeside(slip, '可赢金额')).toHaveText(yuan(payout));
  await expect(slip.getByText(`余额 ${yuan(CREDIT)}`)).toBeVisible();

  await slip.getByRole('button', { name: '投注', exact: true }).click();
  await expect(slip.getByRole('heading', { name: '确认投注' })).toBeVisible();
  await expect(slip.getByText('串关 2串1')).toBeVisible();
  await expect(shownBeside(slip, '可赢金额')).toHaveText(yuan(payout));
  await slip.getByRole('button', { name: '确认投注' }).click();
  await expect(slip.getByRole('heading', { name: '投注成功' })).toBeVisible();
  await expect(slip.getByText(`总投注额 ${yuan(stake)} · 可赢金额 ${yuan(payout)}`)).toBeVisible();
  // One number per bet: the slip, the bet's page and the transaction records all show its order number.
  const betNumber = slip.getByText(/^注单号 /);
  await expect(betNumber).toHaveText(/^注单号 S\d{14}$/);
  const orderNo = (await betNumber.textContent())!.replace('注单号 ', '');

  await operator.result(first, 2, 0);
  await operator.result(second, 0, 1);

  await page.goto('/user/bettingRecord');
  await page.getByRole('tab', { name: '已结算' }).click();
  await expect(page).toHaveURL(/status=settled/);
  const row = page.getByRole('link').filter({ hasText: '串关 2串1' });
  // Settlement runs as the result is posted; a reload picks it up if the page asked first.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const net = sumAmounts(payout, [-1, stake]);
  await expect(row).toContainText(`${first.home} vs ${first.away} · 独赢 主 @1.85`);
  await expect(row).toContainText(`${second.home} vs ${second.away} · 独赢 客 @2.35`);
  await expect(row).toContainText(`投注额 ${yuan(stake)}`);
  await expect(row).toContainText(`派彩 ${yuan(payout)} +${yuan(net)}`);
  await expect(row).toContainText('赢');
  await expect(shownBeside(page, '投注额')).toHaveText(yuan(stake));
  await expect(shownBeside(page, '派彩')).toHaveText(yuan(payout));
  await expect(shownBeside(page, '输赢')).toHaveText(`+${yuan(net)}`);

  await row.click();
  await expect(page).toHaveURL(/\/user\/bettingDetail\?id=\d+/);
  await expect(page.getByRole('heading', { name: '串关 2串1' })).toBeVisible();
  const legs = page.getByRole('region', { name: '投注项' }).getByRole('listitem');
  await expect(legs).toHaveCount(2);
  const firstLeg = legs.filter({ hasText: `${first.home} vs ${first.away}` });
  await expect(firstLeg).toContainText('赢');
  await expect(firstLeg).toContainText('独赢 主 @1.85');
  await expect(firstLeg).toContainText('赛果 2-0');
  const secondLeg = legs.filter({ hasText: `${second.home} vs ${second.away}` });
  await expect(secondLeg).toContainText('赢');
  await expect(secondLeg).toContainText('独赢 客 @2.35');
  await expect(secondLeg).toContainText('赛果 0-1');
  await expect(page.getByRole('region', { name: '派彩计算' })).toContainText(
    `${yuan(stake)} × 1.85 × 2.35 = ${yuan(payout)}`,
  );
  await expect(shownBeside(page, '派彩').first()).toHaveText(yuan(payout));
  await expect(shownBeside(page, '注单号')).toContainText(orderNo);

  await page.goto('/user/transactionRecord?type=bet');
  await expect(page.getByText(orderNo, { exact: true }).first()).toBeVisible();

  // The main wallet: the credit, less the stake, plus the payout to the 0.0001, shown truncated to cents.
  const balance = sumAmounts(CREDIT, [-1, stake], [1, payout]);
  expect(balance).toBe('1297.5258');
  await page.goto('/app/center');
  await expect(page.getByRole('status', { name: '账户余额' })).toHaveText(yuan(balance));
  expect((await operator.ledgerCheck()).ok).toBe(true);
});

test('a price that moves before the bet is sent is refused with the new price, and one tap takes it', async ({
  page,
  request,
}) => {
  const operator = await sportsOperator(request);
  const tag = uniqueTag();
  const competition = `变价杯${tag}`;
  const event = await operator.footballEvent(
    { competition, home: `东队${tag}`, away: `西队${tag}` },
    { home: '2.10', draw: '3.30', away: '3.20' },
  );
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);
  await operator.credit(member.account, CREDIT);

  await page.goto('/sports');
  const group = await searchEvents(page, tag, competition);
  await price(group, event, 'home', '2.10').click();
  const slip = await openSlip(page);
  await slip.getByLabel('每注金额').fill('50');
  await slip.getByLabel('赔率变化时').selectOption({ label: '不接受' });
  await expect(slip.getByLabel('赔率变化时')).toHaveValue('none');
  await expect(shownBeside(slip, '可赢金额')).toHaveText(yuan('105'));
  await slip.getByRole('button', { name: '投注', exact: true }).click();
  await expect(slip.getByRole('heading', { name: '确认投注' })).toBeVisible();

  // The trader moves the price while the member looks at the review.
  await operator.movePrice(event, 'home', '2.25');
  await slip.getByRole('button', { name: '确认投注' }).click();
  await expect(slip.getByRole('heading', { name: '投注未成功' })).toBeVisible();
  await expect(slip.getByText('赔率已变化，请确认新赔率后再投注')).toBeVisible();
  // The refusal names the price the book offers now, so the member knows what one tap accepts.
  await expect(slip.getByRole('alert').getByText(/2\.25/)).toBeVisible();

  await slip.getByRole('button', { name: '接受新赔率' }).click();
  await expect(slip.getByText('@ 2.25')).toBeVisible();
  await expect(shownBeside(slip, '可赢金额')).toHaveText(yuan('112.5'));
  await slip.getByRole('button', { name: '投注', exact: true }).click();
  await slip.getByRole('button', { name: '确认投注' }).click();
  await expect(slip.getByRole('heading', { name: '投注成功' })).toBeVisible();
  await expect(slip.getByText(`总投注额 ${yuan('50')} · 可赢金额 ${yuan('112.5')}`)).toBeVisible();

  await page.goto('/user/bettingRecord');
  const row = page.getByRole('link').filter({ hasText: `${event.home} vs ${event.away}` });
  await expect(row).toContainText('独赢 主 @2.25');
  await expect(row).toContainText(`可赢金额 ${yuan('112.5')}`);
  await expect(page.getByRole('link').filter({ hasText: '单注' })).toHaveCount(1);
});

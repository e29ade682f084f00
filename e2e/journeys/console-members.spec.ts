import { devices, expect, test } from '@playwright/test';
import { signInToConsole } from '../support/console';
import { loginThroughSite, registerThroughSite } from '../support/member';
import { createOperator } from '../support/operators';

const SHOTS = process.env.CONSOLE_SHOTS_DIR;

test('an admin finds a member by phone, opens their picture, adds a note, locks them (their sign-in is refused) and unlocks them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createOperator(request, 'admin');

  // The member, on their phone.
  const phone = await browser.newContext({ ...devices['Pixel 7'], baseURL: test.info().project.use.baseURL });
  const memberPage = await phone.newPage();
  const member = await registerThroughSite(memberPage);
  await expect(memberPage).toHaveURL(/\/app\/home/);

  // The admin searches the members list by the member's phone number.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToConsole(page, admin);
  await page.goto('/console/members');
  await page.getByLabel('手机号').fill(member.phone);
  await page
    .getByRole('button', { name: '查 询' })
    .or(page.getByRole('button', { name: '查询' }))
    .first()
    .click();
  const row = page.getByRole('row').filter({ hasText: member.account });
  await expect(row).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`phone=${member.phone}`));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/members-list.png` });
  await row.getByRole('link', { name: member.account }).click();

  // The member's picture.
  await expect(page.getByText(member.account).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: '资料' })).toBeVisible();
  await expect(page.getByText(`+86 ${member.phone}`)).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/member-profile.png` });

  // Every tab of the picture opens with its contents (a new member: empty lists, no links, no limits).
  const tabs: Array<[string, RegExp | string]> = [
    ['资金流水', '变动后余额'],
    ['注单', '投注额'],
    ['充值提现', '渠道/收款账户'],
    ['登录设备', '使用过的设备'],
    ['关联账户', '没有关联账户'],
    ['VIP', '当前等级'],
    ['负责任博彩', '会员自行设置的限额与排除，后台只读。'],
  ];
  for (const [tab, shown] of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByText(shown).first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/member-tab-${tab}.png` });
  }

  // A note.
  await page.getByRole('tab', { name: '备注' }).click();
  await page.getByRole('button', { name: '添加备注' }).click();
  const noteDialog = page.getByRole('dialog');
  await noteDialog.getByLabel('备注').fill('会员来电，核实身份中');
  await noteDialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('cell', { name: '会员来电，核实身份中' })).toBeVisible();
  await expect(page.getByRole('cell', { name: admin.account })).toBeVisible();

  // Lock: the member's sign-in is refused.
  await page.getByRole('button', { name: '锁定', exact: true }).click();
  const lockDialog = page.getByRole('dialog');
  await lockDialog.getByLabel('原因').fill('涉嫌盗号，冻结核查');
  await lockDialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(/已锁定，结束了 1 个会话/)).toBeVisible();
  await expect(page.getByText('已锁定', { exact: true }).first()).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/member-locked.png` });

  await loginThroughSite(memberPage, member.account, member.password);
  await expect(memberPage.getByText('账号已被停用，请联系客服')).toBeVisible();

  // Unlock: the member signs in again.
  await page.getByRole('button', { name: '解锁', exact: true }).click();
  const unlockDialog = page.getByRole('dialog');
  await unlockDialog.getByLabel('原因').fill('核查完毕，解除冻结');
  await unlockDialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已解锁，会员可以重新登录')).toBeVisible();
  await expect(page.getByText('正常', { exact: true }).first()).toBeVisible();

  await loginThroughSite(memberPage, member.account, member.password);
  await expect(memberPage).toHaveURL(/\/app\/home|\/user/);
  await phone.close();
});

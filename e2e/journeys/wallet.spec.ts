import { expect, type Page, test } from '@playwright/test';
import { uniquePhone } from '../support/api';
import { registerThroughSite } from '../support/member';
import {
  bindAlipayThroughSite,
  payWithdrawalAsOperator,
  setWithdrawPasswordThroughSite,
  shownBeside,
  yuan,
} from '../support/wallet';

const WITHDRAW_PASSWORD = '246810';

/** One row of the transaction records: what happened, the signed amount, and the balance after it. */
function recordRow(page: Page, title: string, amount: string, balanceAfter: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ hasText: amount })
    .filter({ hasText: `余额 ${balanceAfter}` });
}

test('a new member deposits, moves money to a venue and back, withdraws, and sees it paid in the records', async ({
  page,
}) => {
  // Ten screens and an operator in one journey: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const member = await registerThroughSite(page);
  await expect(page).toHaveURL(/\/app\/home/);

  await setWithdrawPasswordThroughSite(page, WITHDRAW_PASSWORD);
  const alipay = uniquePhone();
  await bindAlipayThroughSite(page, { holderName: '张三', accountNo: alipay, password: WITHDRAW_PASSWORD });
  await page.goto('/cards');
  const alipaySection = page.getByRole('region', { name: /支付宝/ });
  await expect(alipaySection.getByText(alipay.slice(-4), { exact: false })).toBeVisible();
  await expect(alipaySection.getByText('张三')).toBeVisible();

  // Deposit through the simulated gateway; the order page follows the payment to the end.
  await page.goto('/finance/deposit');
  await page.getByRole('radio', { name: /支付宝/ }).check();
  await page.getByLabel('充值金额').fill('1234.56');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page).toHaveURL(/\/finance\/deposit\/info\?id=\d+/);
  await expect(page.getByText('待付款')).toBeVisible();
  await expect(shownBeside(page, '转账金额')).toContainText(yuan('1234.56'));
  await page.getByRole('button', { name: '模拟支付（演示）' }).click();
  await expect(page.getByText('充值成功')).toBeVisible();
  await expect(page.getByText(`${yuan('1234.56')} 已存入中心钱包`)).toBeVisible();

  await page.goto('/app/center');
  await expect(page.getByRole('status', { name: '账户余额' })).toHaveText(yuan('1234.56'));

  // To the in-house venue and back: part by hand, the rest with 一键回收.
  await page.goto('/finance/transfer');
  const main = shownBeside(page, '中心钱包');
  const venue = page.getByRole('region', { name: '场馆钱包' }).getByRole('button', { name: /金币娱乐/ });
  await expect(main).toHaveText(yuan('1234.56'));
  await expect(venue).toContainText(yuan('0'));
  await page.getByLabel('转账金额').fill('234.56');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(page.getByText('转账成功')).toBeVisible();
  await expect(main).toHaveText(yuan('1000'));
  await expect(venue).toContainText(yuan('234.56'));

  await page.getByRole('button', { name: '交换转出和转入' }).click();
  await page.getByLabel('转账金额').fill('100');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(main).toHaveText(yuan('1100'));
  await expect(venue).toContainText(yuan('134.56'));

  await page.getByRole('button', { name: '一键回收' }).click();
  await expect(page.getByText('已全部回收到中心钱包')).toBeVisible();
  await expect(main).toHaveText(yuan('1234.56'));
  await expect(venue).toContainText(yuan('0'));

  // Withdraw to the Alipay account: confirm what leaves, then the 6-digit password.
  await page.goto('/finance/withdraw');
  await expect(shownBeside(page, '可提现余额')).toHaveText(yuan('1234.56'));
  await expect(page.getByRole('radio', { name: new RegExp(`支付宝.*${alipay.slice(-4)}`) })).toBeChecked();
  await page.getByLabel('提现金额').fill('200');
  await expect(shownBeside(page, '手续费')).toHaveText(yuan('0'));
  await expect(shownBeside(page, '实际到账')).toHaveText(yuan('200'));
  await page.getByRole('button', { name: '立即提现' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('确认提现').first()).toBeVisible();
  await expect(shownBeside(confirm, '提现金额')).toHaveText(yuan('200'));
  await expect(shownBeside(confirm, '手续费')).toHaveText(yuan('0'));
  await expect(shownBeside(confirm, '实际到账')).toHaveText(yuan('200'));
  await expect(shownBeside(confirm, '到账账户')).toContainText(alipay.slice(-4));
  await confirm.getByRole('button', { name: '确认提现' }).click();
  await page.getByLabel('提现密码（6位数字）').fill(WITHDRAW_PASSWORD);
  await expect(page.getByText('提现申请已提交')).toBeVisible();
  await page.getByRole('button', { name: '完成' }).click();
  await expect(shownBeside(page, '可提现余额')).toHaveText(yuan('1034.56'));
  const latestWithdrawal = page
    .getByRole('region', { name: '最近提现' })
    .getByRole('listitem')
    .filter({ hasText: yuan('200') });
  await expect(latestWithdrawal).toContainText('审核中');

  // Until the operator pays, the money waits frozen and still counts in the total.
  await page.goto('/finance/myAssets');
  await expect(shownBeside(page, '总资产')).toHaveText(yuan('1234.56'));
  await expect(shownBeside(page, '中心钱包')).toHaveText(yuan('1034.56'));
  await expect(shownBeside(page, '冻结金额')).toHaveText(yuan('200'));

  await payWithdrawalAsOperator(page.request, member.account, '200.0000');

  await page.goto('/finance/withdraw');
  await expect(latestWithdrawal).toContainText('已完成');
  await expect(latestWithdrawal.getByRole('button', { name: /取消提现/ })).toHaveCount(0);
  await page.goto('/finance/myAssets');
  await expect(shownBeside(page, '总资产')).toHaveText(yuan('1034.56'));
  await expect(shownBeside(page, '冻结金额')).toHaveText(yuan('0'));

  // One row per event, newest first, each with its state, order number and the main wallet it left; the
  // withdrawal is one row, not a debit and a green frozen-funds credit.
  await page.goto('/user/transactionRecord');
  const newest = page.getByRole('listitem').first();
  await expect(newest).toContainText('提现');
  await expect(newest).toContainText('已完成');
  await expect(newest).toContainText(/W\d{8}\d{6}/);
  await expect(recordRow(page, '提现', `-${yuan('200')}`, yuan('1034.56'))).toBeVisible();
  await expect(recordRow(page, '充值', `+${yuan('1234.56')}`, yuan('1234.56'))).toBeVisible();
  await expect(recordRow(page, '转入场馆', `-${yuan('234.56')}`, yuan('1000'))).toBeVisible();
  await expect(recordRow(page, '转出场馆', `+${yuan('100')}`, yuan('1100'))).toBeVisible();
  await expect(recordRow(page, '转出场馆', `+${yuan('134.56')}`, yuan('1234.56'))).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('冻结资金')).toHaveCount(0);
});

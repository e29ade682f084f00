import { api, type PreInfo, rewardsApi, type VipPayoutView } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { VipPayouts } from './VipPayouts';

const server = startMockApi();

const preInfo: PreInfo = {
  customer_service: '',
  username: 'demo01',
  isLogin: true,
  whatsAppUrl: '',
  site: 'jinb',
  timeZone: 'Asia/Shanghai',
};

/** The dialog's confirm button (an earlier test's closing dialog may still be in the document). */
const confirmButton = () => screen.getAllByRole('button', { name: '确定' }).at(-1) as HTMLElement;

const payout = (id: number, kind: VipPayoutView['kind'], period: string, amount: string): VipPayoutView => ({
  id: String(id),
  kind,
  period,
  level: 2,
  amount,
  multiple: '1.5',
  status: 'pending',
  detail: {},
  expiresAt: '2026-12-03T04:00:00.000Z',
  createdAt: '2026-11-26T04:00:00.000Z',
});

function serve(initial: VipPayoutView[]) {
  let pending = [...initial];
  const claimed: string[] = [];
  const answer = () => {
    const sum = pending.reduce((total, one) => total + Number(one.amount), 0);
    return ok({ list: pending, total: pending.length, amount: sum.toFixed(4) });
  };
  server.use(
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
    http.get(at(rewardsApi.vipPayouts), () => HttpResponse.json(answer())),
    http.post(at(rewardsApi.vipPayoutClaim), async ({ request }) => {
      const id = new URLSearchParams(await request.text()).get('id') ?? '';
      claimed.push(id);
      const found = pending.find((one) => one.id === id);
      pending = pending.filter((one) => one.id !== id);
      return HttpResponse.json(ok({ claimed: 1, amount: found?.amount ?? '0.0000' }));
    }),
    http.post(at(rewardsApi.vipPayoutClaimAll), () => {
      const amount = pending.reduce((total, one) => total + Number(one.amount), 0).toFixed(4);
      claimed.push(...pending.map((one) => one.id));
      const count = pending.length;
      pending = [];
      return HttpResponse.json(ok({ claimed: count, amount }));
    }),
  );
  return claimed;
}

test('When nothing waits, then the member is told so', async () => {
  serve([]);
  renderPage(<VipPayouts />);
  expect(await screen.findByText('暂无待领取的福利')).toBeTruthy();
  expect(screen.queryByRole('button', { name: '一键领取' })).toBeNull();
});

test('When a payout is claimed after the confirmation, then it leaves the list', async () => {
  const claimed = serve([payout(7, 'weekly', '2026-W47', '5.0000'), payout(8, 'birthday', '2026', '28.0000')]);
  renderPage(<VipPayouts />);

  expect(await screen.findByText('周俸禄 · 2026 年第 47 周')).toBeTruthy();
  expect(screen.getByText('生日礼金 · 2026 年')).toBeTruthy();
  expect(screen.getByText('合计 33.00')).toBeTruthy();
  expect(screen.getAllByText('1.5 倍流水 · 2026-12-03 12:00 前有效')).toHaveLength(2);

  fireEvent.click(screen.getByRole('button', { name: '领取 周俸禄 2026 年第 47 周' }));
  expect(await screen.findByText('领取 5.00，需完成 1.5 倍流水后方可提现，确认领取？')).toBeTruthy();
  fireEvent.click(confirmButton());

  await waitFor(() => expect(claimed).toEqual(['7']));
  await waitFor(() => expect(screen.queryByText('周俸禄 · 2026 年第 47 周')).toBeNull());
  expect(screen.getByText('生日礼金 · 2026 年')).toBeTruthy();
});

test('When every payout is claimed at once, then the list empties', async () => {
  const claimed = serve([payout(1, 'monthly', '2026-10', '18.0000'), payout(2, 'rebate', '2026-11-25', '0.4938')]);
  renderPage(<VipPayouts />);

  fireEvent.click(await screen.findByRole('button', { name: '一键领取' }));
  expect(await screen.findByText(/领取全部 2 项共 18.49/)).toBeTruthy();
  fireEvent.click(confirmButton());

  await waitFor(() => expect(claimed).toEqual(['1', '2']));
  expect(await screen.findByText('暂无待领取的福利')).toBeTruthy();
});

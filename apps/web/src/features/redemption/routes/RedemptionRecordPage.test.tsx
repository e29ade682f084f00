import { type RedemptionView, rewardsApi } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import RedemptionDetailPage from './RedemptionDetailPage';
import RedemptionRecordPage from './RedemptionRecordPage';

const server = startMockApi();

const redemption = (id: string, code: string): RedemptionView => ({
  id,
  code,
  amount: '12.5000',
  turnoverRequired: '25.0000',
  multiple: '2',
  status: 'credited',
  createdAt: '2026-11-26T01:00:00.000Z',
});

test('When a code is redeemed, then it is sent and the list shows the new redemption', async () => {
  const list: RedemptionView[] = [];
  const sent: string[] = [];
  server.use(
    ...signedIn(),
    http.get(at(rewardsApi.redemptions), () => HttpResponse.json(ok({ list, total: list.length, page: 1, size: 20 }))),
    http.post(at(rewardsApi.redeem), async ({ request }) => {
      const code = new URLSearchParams(await request.text()).get('code') ?? '';
      sent.push(code);
      const made = redemption('7', code);
      list.unshift(made);
      return HttpResponse.json(ok(made));
    }),
  );
  renderPage(<RedemptionRecordPage />, { route: '/user/redemptionRecord' });

  expect(await screen.findByText('暂无兑换记录')).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: '兑换码' }), { target: { value: 'abcd2345' } });
  fireEvent.click(screen.getByRole('button', { name: '兑换' }));

  await waitFor(() => expect(sent).toEqual(['ABCD2345']));
  expect(await screen.findByText('ABCD2345')).toBeTruthy();
  expect(screen.getByText('+12.50')).toBeTruthy();
});

test('When a redemption is opened, then its code, amount and turnover show; another member’s id shows the newest', async () => {
  server.use(
    ...signedIn(),
    http.get(at(rewardsApi.redemptions), () =>
      HttpResponse.json(ok({ list: [redemption('7', 'ABCD2345')], total: 1, page: 1, size: 1 })),
    ),
    http.get(at(rewardsApi.redemption), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id');
      if (id === '7') return HttpResponse.json(ok(redemption('7', 'ABCD2345')));
      return HttpResponse.json({ status: false, code: 'REWARD_NOT_FOUND', data: '未找到该奖励记录' }, { status: 404 });
    }),
  );
  const { unmount } = renderPage(<RedemptionDetailPage />, { route: '/user/redemptionDetail?id=7' });
  expect(await screen.findByText('ABCD2345')).toBeTruthy();
  expect(screen.getByText('25.00')).toBeTruthy();
  expect(screen.getByText('2 倍')).toBeTruthy();
  unmount();

  const other = renderPage(<RedemptionDetailPage />, { route: '/user/redemptionDetail?id=8' });
  expect(await screen.findByText('ABCD2345')).toBeTruthy();
  expect(screen.getByRole('note').textContent).toContain('未找到该兑换记录，以下是您最新的一笔兑换');
  other.unmount();

  renderPage(<RedemptionDetailPage />, { route: '/user/redemptionDetail' });
  expect(await screen.findByText('ABCD2345')).toBeTruthy();
  expect(screen.getByRole('note').textContent).toContain('这是您最新的一笔兑换');
});

test('When a member with no redemptions opens the detail without an id, then it says so and leads to redeeming', async () => {
  server.use(
    ...signedIn(),
    http.get(at(rewardsApi.redemptions), () => HttpResponse.json(ok({ list: [], total: 0, page: 1, size: 1 }))),
  );
  renderPage(<RedemptionDetailPage />, { route: '/user/redemptionDetail' });
  expect(await screen.findByText('暂无兑换记录')).toBeTruthy();
  expect(screen.getByText('收到兑换码后，在兑换码页面输入即可领取彩金')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '去兑换' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/redemptionRecord'));
});

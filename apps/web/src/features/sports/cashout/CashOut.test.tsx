import { api, sportsApi } from '@jinb/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { resetRealtimeForTests } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { readForm, type SentRequest, signedIn } from '../../../shared/testing/member';
import { playRealtime } from '../../../shared/testing/realtime';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import BettingDetailPage from '../routes/BettingDetailPage';
import { betDetail, config, preInfo } from '../sports.test-fixtures';
import { CASHOUT_PATH } from './cashout.api';

const server = startMockApi();

const quote = (amount: string, quoteId: string) => ({
  betId: '9001',
  stake: '10.0000',
  amount,
  quoteId,
  expiresAt: '2030-05-01T12:30:00Z',
});

let posted: SentRequest[];

beforeEach(() => {
  useSession.getState().logout();
  posted = [];
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok(preInfo))),
    http.get(at(sportsApi.sportsConfig), () => HttpResponse.json(ok(config))),
    http.get(at(api.balance), () => HttpResponse.json(ok({ balance: '990.0000', currency: 'CNY', symbol: '¥' }))),
    http.get(at(sportsApi.betDetail), () => HttpResponse.json(ok(betDetail({ id: '9001', status: 'open' })))),
    http.get(at(CASHOUT_PATH), () => HttpResponse.json(ok(quote('15.5000', 'q1')))),
  );
});
afterEach(() => resetRealtimeForTests());

const setup = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

function answerCashOuts(...answers: Array<() => Response>) {
  server.use(
    http.post(at(CASHOUT_PATH), async ({ request }) => {
      posted.push(await readForm(request));
      return (answers[posted.length - 1] ?? answers.at(-1)!)();
    }),
  );
}

const paid = (amount: string, stake: string, status: 'open' | 'cashed_out') => () =>
  HttpResponse.json(ok({ betId: '9001', status, stake, amount, remainingStake: '0.0000', potentialPayout: '0.0000' }));

describe('cash out', () => {
  test('When 提前结算 is tapped, then nothing moves until confirmed; a refusal shows the new amount and asks again', async () => {
    answerCashOuts(
      () =>
        HttpResponse.json(
          {
            status: false,
            data: '提前结算金额已变化，请确认新的金额',
            code: 'CASHOUT_CHANGED',
            detail: { quote: quote('14.2000', 'q2') },
          },
          { status: 409 },
        ),
      paid('14.2000', '10.0000', 'cashed_out'),
    );
    const member = setup();
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=9001` });

    await member.click(await screen.findByRole('button', { name: '提前结算 ¥15.50' }));
    const sheet = await screen.findByRole('region', { name: '提前结算' });
    expect(within(sheet).getByText('¥15.50')).toBeTruthy();
    expect(posted).toEqual([]);

    await member.click(within(sheet).getByRole('button', { name: '确认提前结算' }));
    expect(await within(sheet).findByRole('alert')).toHaveProperty('textContent', '结算金额已变为 ¥14.20，是否继续？');
    expect(within(sheet).getByText('¥14.20')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ id: '9001', quoteId: 'q1' });

    await member.click(within(sheet).getByRole('button', { name: '确认提前结算' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.body).toEqual({ id: '9001', quoteId: 'q2' });
    // A new quote is a new acceptance: its own key.
    expect(posted[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted[1]!.idempotencyKey).not.toBe(posted[0]!.idempotencyKey);
    await waitFor(() => expect(screen.queryByRole('region', { name: '提前结算' })).toBeNull());
  });

  test('When part of the stake is cashed, then the part and what it pays show, and only that part is sent', async () => {
    answerCashOuts(paid('4.6500', '3.0000', 'open'));
    const member = setup();
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=9001` });
    await member.click(await screen.findByRole('button', { name: '提前结算 ¥15.50' }));
    const sheet = await screen.findByRole('region', { name: '提前结算' });

    await member.click(within(sheet).getByRole('button', { name: '部分结算' }));
    const slider = within(sheet).getByRole('slider');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(slider, '30');
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      slider.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // 30% of 10.00 is 3.00 of stake, worth 15.50 x 0.3 = 4.65 now; 7.00 runs on.
    expect(sheet.textContent).toContain('结算本金 ¥3.00，可得 ¥4.65');
    expect(sheet.textContent).toContain('剩余本金 ¥7.00 继续有效');
    await member.click(within(sheet).getByRole('button', { name: '确认提前结算' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({ id: '9001', quoteId: 'q1', amount: '3.00' });
  });

  test('When prices move, then the cashout topic’s new quote shows on the button; with none, the detail says why', async () => {
    const live = playRealtime(server);
    renderPage(<BettingDetailPage />, { route: `${paths.bettingDetail}?id=9001` });
    await screen.findByRole('button', { name: '提前结算 ¥15.50' });
    await live.subscribed('cashout');
    act(() => live.publish('cashout', quote('16.8000', 'q3')));
    expect(await screen.findByRole('button', { name: '提前结算 ¥16.80' })).toBeTruthy();
    act(() => live.publish('cashout', { betId: '9001', reason: '盘口暂停中，暂时无法提前结算，请稍后再试' }));
    expect(await screen.findByText('暂不可提前结算：盘口暂停中，暂时无法提前结算，请稍后再试')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提前结算 ¥/ })).toBeNull();
  });
});

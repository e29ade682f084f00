import { api, type PromoSummary, type PromotionRuleView, rewardsApi } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import ActivityPage from './ActivityPage';

const server = startMockApi();

const promo = (id: number): PromoSummary => ({
  id,
  title: `活动${id}`,
  image: '',
  summary: `说明${id}`,
  startAt: '2025-05-01 00:00:00',
  endAt: null,
});

function serve() {
  const detailIds: string[] = [];
  server.use(
    http.get(at(api.promoList), () =>
      HttpResponse.json(ok({ list: [promo(1), promo(2)], total: 2, page: 1, size: 10 })),
    ),
    http.get(at(api.promoDetail), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!;
      detailIds.push(id);
      return HttpResponse.json(ok({ ...promo(Number(id)), content: `活动${id}的规则\n每日限领一次` }));
    }),
    http.get(at(rewardsApi.promoRule), () => HttpResponse.json(ok(null))),
  );
  return detailIds;
}

test('When a promotion is tapped, then its details open over the list', async () => {
  const detailIds = serve();
  renderPage(<ActivityPage />, { route: '/activity/list' });

  fireEvent.click(await screen.findByRole('button', { name: /活动2/ }));

  expect(await screen.findByText('活动2的规则')).toBeTruthy();
  expect(screen.getByText('每日限领一次')).toBeTruthy();
  expect(detailIds).toEqual(['2']);
});

test('When the page is opened with ?id=N, then that promotion opens directly', async () => {
  serve();
  renderPage(<ActivityPage />, { route: '/activity/list?id=1' });
  expect(await screen.findByText('活动1的规则')).toBeTruthy();
  expect(screen.getAllByText('活动时间：2025-05-01 起').length).toBeGreaterThan(0);
});

const rule: PromotionRuleView = {
  promoId: 1,
  kind: 'first_deposit',
  rate: '100',
  cap: '888.0000',
  minAmount: '0.0000',
  maxAmount: '0.0000',
  dailyPool: '0.0000',
  minLevel: 0,
  channelKinds: [],
  frequency: 'once',
  multiple: '1',
  startAt: null,
  endAt: null,
};

function serveRule(eligibility: Record<string, unknown>) {
  const claims: string[] = [];
  server.use(
    ...signedIn(),
    http.get(at(api.promoDetail), () => HttpResponse.json(ok({ ...promo(1), content: '活动1的规则' }))),
    http.get(at(rewardsApi.promoRule), () => HttpResponse.json(ok(rule))),
    http.get(at(rewardsApi.promoEligibility), () =>
      HttpResponse.json(ok({ promoId: 1, kind: 'first_deposit', period: 'once', basis: null, ...eligibility })),
    ),
    http.post(at(rewardsApi.promoClaim), async ({ request }) => {
      claims.push(new URLSearchParams(await request.text()).get('id') ?? '');
      return HttpResponse.json(
        ok({
          id: '9',
          promoId: 1,
          title: '活动1',
          kind: 'first_deposit',
          period: 'once',
          status: 'paid',
          amount: '100.0000',
          basis: '100.0000',
          note: '',
          flags: [],
          reviewNote: '',
          createdAt: '2026-11-26T00:00:00.000Z',
          reviewedAt: null,
        }),
      );
    }),
  );
  return claims;
}

test('When a member may take a promotion, then its rule shows and 领取 pays it after a confirmation', async () => {
  const claims = serveRule({ eligible: true, reason: null, amount: '100.0000' });
  renderPage(<ActivityPage />, { route: '/activity/list?id=1' });

  expect(await screen.findByText('首次充值赠送充值金额的 100%')).toBeTruthy();
  expect(screen.getByText('单次最高 888 元')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: '领取 ¥100.00' }));
  fireEvent.click(await screen.findByRole('button', { name: '确定' }));

  await waitFor(() => expect(claims).toEqual(['1']));
});

test('When a member may not take it, then the button is off and the reason is said in words', async () => {
  serveRule({ eligible: false, reason: 'PROMO_NO_DEPOSIT', amount: null });
  renderPage(<ActivityPage />, { route: '/activity/list?id=1' });

  expect(await screen.findByText('暂无符合条件的充值，充值后即可领取')).toBeTruthy();
  expect((screen.getByRole('button', { name: '立即领取' }) as HTMLButtonElement).disabled).toBe(true);
});

test('When a promotion is taken by application, then the note goes with 提交申请 after a confirmation', async () => {
  const applied: Array<Record<string, string>> = [];
  server.use(
    ...signedIn(),
    http.get(at(api.promoDetail), () => HttpResponse.json(ok({ ...promo(1), content: '活动1的规则' }))),
    http.get(at(rewardsApi.promoRule), () => HttpResponse.json(ok({ ...rule, kind: 'apply', frequency: 'week' }))),
    http.get(at(rewardsApi.promoEligibility), () =>
      HttpResponse.json(
        ok({
          promoId: 1,
          kind: 'apply',
          eligible: true,
          reason: null,
          amount: null,
          basis: null,
          period: 'w2026-11-23',
        }),
      ),
    ),
    http.post(at(rewardsApi.promoApply), async ({ request }) => {
      applied.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return HttpResponse.json(
        ok({
          id: '10',
          promoId: 1,
          title: '活动1',
          kind: 'apply',
          period: 'w2026-11-23',
          status: 'pending',
          amount: '0.0000',
          basis: '0.0000',
          note: '晋级VIP2',
          flags: [],
          reviewNote: '',
          createdAt: '2026-11-26T00:00:00.000Z',
          reviewedAt: null,
        }),
      );
    }),
  );
  renderPage(<ActivityPage />, { route: '/activity/list?id=1' });

  expect(await screen.findByText('提交申请，审核通过后派发彩金')).toBeTruthy();
  fireEvent.change(await screen.findByRole('textbox', { name: '申请说明（选填）' }), { target: { value: '晋级VIP2' } });
  fireEvent.click(screen.getByRole('button', { name: '提交申请' }));
  fireEvent.click(await screen.findByRole('button', { name: '确定' }));

  await waitFor(() => expect(applied).toEqual([{ id: '1', note: '晋级VIP2' }]));
});

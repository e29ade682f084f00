import { api, type PromoSummary } from '@jinb/contract';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
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

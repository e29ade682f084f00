import { communityApi, type Sponsor } from '@jinb/contract';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import SponsorPage from './SponsorPage';

const server = startMockApi();

const sponsor = (id: number, extra: Partial<Sponsor> = {}): Sponsor => ({
  id,
  title: `赞助${id}`,
  image: `/media/art/sponsor-${id}`,
  summary: `简介${id}`,
  content: '第一段\n第二段',
  period: '2025-2027',
  sort: id,
  ...extra,
});

test('When sponsorships exist, then each shows its picture, title, period and summary, and expands its story', async () => {
  server.use(http.get(at(communityApi.sponsors), () => HttpResponse.json(ok([sponsor(1), sponsor(2)]))));
  const { container } = renderPage(<SponsorPage />, { route: '/app/sponsor' });
  expect(await screen.findByRole('heading', { name: '赞助1' })).toBeTruthy();
  expect(screen.getAllByRole('article')).toHaveLength(2);
  expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
    '/media/art/sponsor-1',
    '/media/art/sponsor-2',
  ]);
  expect(screen.getAllByText('2025-2027')).toHaveLength(2);
  const [more] = screen.getAllByRole('button', { name: '了解更多' });
  expect(more!.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(more!);
  expect(more!.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getAllByText('第一段')[0]!.closest('[hidden]')).toBeNull();
});

test('When there are none, then the empty state shows', async () => {
  server.use(http.get(at(communityApi.sponsors), () => HttpResponse.json(ok([]))));
  renderPage(<SponsorPage />, { route: '/app/sponsor' });
  expect(await screen.findByText('暂无赞助信息')).toBeTruthy();
});

test('When loading fails, then the message shows with a retry that loads them', async () => {
  let calls = 0;
  server.use(
    http.get(at(communityApi.sponsors), () =>
      ++calls === 1
        ? HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 })
        : HttpResponse.json(ok([sponsor(1)])),
    ),
  );
  renderPage(<SponsorPage />, { route: '/app/sponsor' });
  fireEvent.click(await screen.findByRole('button', { name: '重试' }));
  expect(await screen.findByRole('heading', { name: '赞助1' })).toBeTruthy();
});

import { api, communityApi, type NewsSummary } from '@jinb/contract';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { LocationProbe, renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import { NEWS_PAGE_SIZE } from '../find.api';
import FindPage from './FindPage';
import NewsDetailPage from './NewsDetailPage';

const server = startMockApi();

const CATEGORIES = [
  { id: 3, name: '足球', sort: 1 },
  { id: 5, name: '电竞', sort: 2 },
];

beforeEach(() => {
  server.use(http.get(at(communityApi.newsCategories), () => HttpResponse.json(ok(CATEGORIES))));
});

afterEach(() => {
  delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
});

const news = (id: number): NewsSummary => ({
  id,
  title: `资讯${id}`,
  image: '',
  summary: `摘要${id}`,
  publishedAt: '2025-05-01T08:00:00Z',
  category: null,
});

function pageOf(page: number, total: number) {
  const start = (page - 1) * NEWS_PAGE_SIZE;
  const list = Array.from({ length: Math.max(0, Math.min(NEWS_PAGE_SIZE, total - start)) }, (_, index) =>
    news(start + index + 1),
  );
  return { list, total, page, size: NEWS_PAGE_SIZE };
}

test('When the next page fails, then a retry appears in place and loads it', async () => {
  // happy-dom does no layout; endless scrolling only asks for more once its footer is laid out (has an offsetParent).
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  const total = NEWS_PAGE_SIZE + 3;
  let secondPageAttempts = 0;
  server.use(
    http.get(at(api.newsList), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      if (page === 2 && ++secondPageAttempts === 1) {
        return HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 });
      }
      return HttpResponse.json(ok(pageOf(page, total)));
    }),
  );
  renderPage(<FindPage />, { route: '/find' });

  expect(await screen.findByText('资讯1')).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: '重试' }));
  expect(await screen.findByText(`资讯${total}`)).toBeTruthy();
  expect(await screen.findByText('没有更多了')).toBeTruthy();
  expect(secondPageAttempts).toBe(2);
});

test('When there is no news, then the empty state shows', async () => {
  server.use(http.get(at(api.newsList), () => HttpResponse.json(ok(pageOf(1, 0)))));
  renderPage(<FindPage />, { route: '/find' });
  expect(await screen.findByText('暂无资讯')).toBeTruthy();
});

test('When an article is opened, then its paragraphs show', async () => {
  server.use(
    http.get(at(api.newsDetail), ({ request }) =>
      HttpResponse.json(
        ok({ ...news(Number(new URL(request.url).searchParams.get('id'))), content: '第一段\n\n第二段' }),
      ),
    ),
  );
  renderPage(<NewsDetailPage />, { route: '/find/newsDetail?id=7' });
  expect(await screen.findByRole('heading', { name: '资讯7' })).toBeTruthy();
  expect(screen.getByText('第一段')).toBeTruthy();
  expect(screen.getByText('第二段')).toBeTruthy();
});

test('When a category tab is chosen, then its own list loads, and the tab stays in the address', async () => {
  const asked: string[] = [];
  server.use(
    http.get(at(api.newsList), ({ request }) => {
      const category = new URL(request.url).searchParams.get('category') ?? '';
      asked.push(category);
      const list = category === '5' ? [{ ...news(51), title: '电竞快讯', category: 5 }] : [news(1), news(2)];
      return HttpResponse.json(ok({ list, total: list.length, page: 1, size: NEWS_PAGE_SIZE }));
    }),
  );
  renderPage(
    <>
      <FindPage />
      <LocationProbe />
    </>,
    { route: '/find' },
  );
  expect(await screen.findByText('资讯1')).toBeTruthy();
  const tabs = await screen.findAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['全部', '足球', '电竞']);
  fireEvent.click(screen.getByRole('tab', { name: '电竞' }));
  expect(await screen.findByText('电竞快讯')).toBeTruthy();
  expect(screen.queryByText('资讯1')).toBeNull();
  expect(asked).toEqual(['0', '5']);
  expect(screen.getByTestId('location').textContent).toBe('/find?tab=5');
});

test('When a category has no news, then its empty state shows under the tabs', async () => {
  server.use(http.get(at(api.newsList), () => HttpResponse.json(ok(pageOf(1, 0)))));
  renderPage(<FindPage />, { route: '/find?tab=3' });
  expect(await screen.findByText('暂无资讯')).toBeTruthy();
  expect((await screen.findByRole('tab', { name: '足球' })).getAttribute('aria-selected')).toBe('true');
});

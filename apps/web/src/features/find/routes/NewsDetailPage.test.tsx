import { api, type NewsSummary } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import NewsDetailPage from './NewsDetailPage';

const server = startMockApi();

const article = (id: number, title: string): NewsSummary & { content: string } => ({
  id,
  title,
  image: '',
  summary: '摘要',
  publishedAt: '2030-05-01T04:00:00Z',
  category: null,
  content: `${title}的正文\n第二段`,
});

let newest: NewsSummary[];
let asked: string[];

beforeEach(() => {
  newest = [article(6, '英超前瞻：焦点之战一触即发')];
  asked = [];
  server.use(
    http.get(at(api.newsList), () => HttpResponse.json(ok({ list: newest, total: newest.length, page: 1, size: 1 }))),
    http.get(at(api.newsDetail), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      asked.push(id);
      if (id === '6') return HttpResponse.json(ok(article(6, '英超前瞻：焦点之战一触即发')));
      if (id === '2') return HttpResponse.json(ok(article(2, 'NBA：季后赛席位争夺白热化')));
      return HttpResponse.json({ status: false, data: '内容不存在', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
});

describe('NewsDetailPage', () => {
  test('When an article is opened by its id, then it shows with no note', async () => {
    renderPage(<NewsDetailPage />, { route: `${paths.newsDetail}?id=2` });
    expect(await screen.findByRole('heading', { name: 'NBA：季后赛席位争夺白热化' })).toBeTruthy();
    expect(screen.getByText('第二段')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  test('When it is opened without an id, then the newest article shows under 最新资讯 with the way to the list', async () => {
    renderPage(<NewsDetailPage />, { route: paths.newsDetail });
    expect(await screen.findByRole('heading', { name: '英超前瞻：焦点之战一触即发' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('最新资讯');
    expect(asked).toEqual(['6']);
    fireEvent.click(screen.getByRole('link', { name: '全部资讯' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.find));
  });

  test('When the article is gone, then it says so and shows the newest one instead of an error', async () => {
    renderPage(<NewsDetailPage />, { route: `${paths.newsDetail}?id=99` });
    expect(await screen.findByRole('heading', { name: '英超前瞻：焦点之战一触即发' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('该资讯不存在或已下架，以下是最新资讯');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('When there is no news at all, then it says so and leads back to the list', async () => {
    newest = [];
    renderPage(<NewsDetailPage />, { route: paths.newsDetail });
    expect(await screen.findByText('暂无资讯')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回资讯列表' })).toBeTruthy();
  });
});

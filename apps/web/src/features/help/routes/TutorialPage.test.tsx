import { type HelpArticle, supportApi, TUTORIAL_SLUGS } from '@jinb/contract';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import TutorialPage from './TutorialPage';

const server = startMockApi();

const articleOf = (slug: string): HelpArticle => ({
  id: slug.length,
  slug,
  title: `教程 ${slug}`,
  summary: '',
  body: `## ${slug} 的小标题\n\n| 项目 | 说明 |\n| --- | --- |\n| ${slug} | 内容 |`,
  category: { id: 1, name: '分类' },
  updatedAt: '2026-01-02T03:04:05.000Z',
  related: [{ slug: 'deposit', title: '如何充值', summary: '' }],
});

function serveArticles() {
  const asked: string[] = [];
  server.use(
    http.get(at(supportApi.helpArticle), ({ request }) => {
      const slug = new URL(request.url).searchParams.get('slug') ?? '';
      asked.push(slug);
      if (!(TUTORIAL_SLUGS as readonly string[]).includes(slug))
        return HttpResponse.json(
          { status: false, data: '帮助文章不存在或已下架', code: 'HELP_ARTICLE_NOT_FOUND' },
          { status: 404 },
        );
      return HttpResponse.json(ok(articleOf(slug)));
    }),
  );
  return asked;
}

for (const slug of TUTORIAL_SLUGS)
  test(`/tutorial/${slug} renders its own article`, async () => {
    const asked = serveArticles();
    renderPage(<TutorialPage />, { route: `/tutorial/${slug}`, path: '/tutorial/*' });
    expect(await screen.findByRole('heading', { name: `教程 ${slug}` })).toBeTruthy();
    expect(screen.getByRole('heading', { name: `${slug} 的小标题` })).toBeTruthy();
    expect(screen.getByRole('cell', { name: slug })).toBeTruthy();
    expect(asked).toEqual([slug]);
  });

test('an article shows its related articles and the way to the chat', async () => {
  serveArticles();
  renderPage(<TutorialPage />, { route: '/tutorial/games/answer', path: '/tutorial/*' });
  expect((await screen.findByRole('link', { name: /如何充值/ })).getAttribute('href')).toBe('/tutorial/deposit');
  expect(screen.getByRole('link', { name: '咨询在线客服' }).getAttribute('href')).toBe('/app/customer');
  expect(screen.getByText('更新于 2026-01-02')).toBeTruthy();
});

test('an unknown slug shows the not-found state with the way back to the help centre', async () => {
  serveArticles();
  renderPage(<TutorialPage />, { route: '/tutorial/nope', path: '/tutorial/*' });
  expect(await screen.findByText('文章不存在或已下架')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '返回帮助中心' }));
  expect((await screen.findByTestId('location')).textContent).toBe('/help/center');
});

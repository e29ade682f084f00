import { type HelpArticle, supportApi } from '@jinb/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import PolicyPage from './PolicyPage';

const server = startMockApi();

const articleOf = (slug: string): HelpArticle => ({
  id: slug.length,
  slug,
  title: `政策 ${slug}`,
  summary: '',
  body: `## ${slug} 的小标题\n\n可在 [负责任博彩](/setting/protection) 设置限额。<script>alert(1)</script>\n\n| 工具 | 作用 |\n| --- | --- |\n| 限额 | 控制充值 |`,
  category: { id: 9, name: '条款与政策' },
  updatedAt: '2026-01-02T03:04:05.000Z',
  related: [],
});

function serve() {
  const asked: string[] = [];
  server.use(
    http.get(at(supportApi.helpArticle), ({ request }) => {
      const slug = new URL(request.url).searchParams.get('slug') ?? '';
      asked.push(slug);
      return HttpResponse.json(ok(articleOf(slug)));
    }),
  );
  return asked;
}

for (const [route, slug] of [
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/responsible', 'responsible'],
] as const)
  test(`${route} draws the ${slug} article with the help centre's renderer: headings, tables, site links, no HTML`, async () => {
    const asked = serve();
    const { container } = renderPage(<PolicyPage />, { route, path: route });
    expect(await screen.findByRole('heading', { name: `政策 ${slug}` })).toBeTruthy();
    expect(screen.getByRole('heading', { name: `${slug} 的小标题` })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '控制充值' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '负责任博彩' }).getAttribute('href')).toBe('/setting/protection');
    expect(container.querySelector('script')).toBeNull();
    expect(asked).toEqual([slug]);
  });

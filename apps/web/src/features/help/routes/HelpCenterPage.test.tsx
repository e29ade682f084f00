import { supportApi } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import HelpCenterPage from './HelpCenterPage';

const server = startMockApi();

const categories = [
  {
    id: 1,
    code: 'funds',
    name: '充值与提现',
    articles: [
      { slug: 'deposit', title: '如何充值', summary: '充值步骤' },
      { slug: 'withdraw', title: '如何提现', summary: '提现步骤' },
    ],
  },
  {
    id: 2,
    code: 'crypto',
    name: '虚拟货币',
    articles: [{ slug: 'protocolDifference', title: 'TRC20 和 ERC20 的区别', summary: '' }],
  },
];

test('When opened, then the categories show with their articles, and the chat and feedback are one tap away', async () => {
  server.use(http.get(at(supportApi.helpCategories), () => HttpResponse.json(ok(categories))));
  renderPage(<HelpCenterPage />, { route: '/help/center' });
  expect(await screen.findByRole('heading', { name: '充值与提现' })).toBeTruthy();
  expect(screen.getByRole('link', { name: /如何充值/ }).getAttribute('href')).toBe('/tutorial/deposit');
  expect(screen.getByRole('link', { name: /TRC20 和 ERC20 的区别/ }).getAttribute('href')).toBe(
    '/tutorial/protocolDifference',
  );
  expect(screen.getByRole('link', { name: /在线客服/ }).getAttribute('href')).toBe('/app/customer');
  expect(screen.getByRole('link', { name: /意见反馈/ }).getAttribute('href')).toBe('/user/feedback');
});

test('When the member types, then it searches once after the pause and marks the words in the results', async () => {
  const asked: string[] = [];
  server.use(
    http.get(at(supportApi.helpCategories), () => HttpResponse.json(ok(categories))),
    http.get(at(supportApi.helpSearch), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push(q);
      return HttpResponse.json(
        ok({
          q,
          list: [
            {
              slug: 'faq/withdraw-time',
              title: '提现多久到账',
              summary: '',
              category: 1,
              snippet: '提现提交后，经过审核中、处理中、已完成',
            },
          ],
        }),
      );
    }),
  );
  const { container } = renderPage(<HelpCenterPage />, { route: '/help/center' });
  const box = await screen.findByRole('searchbox', { name: '搜索帮助' });
  fireEvent.change(box, { target: { value: '提' } });
  fireEvent.change(box, { target: { value: '提现' } });
  expect(await screen.findByText('找到 1 篇相关文章')).toBeTruthy();
  const result = container.querySelector('a[href="/tutorial/faq/withdraw-time"]');
  expect(result?.textContent).toBe('提现多久到账提现提交后，经过审核中、处理中、已完成');
  expect(asked).toEqual(['提现']);
  expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['提现', '提现']);
});

test('When nothing matches, then it says so; clearing the box brings the categories back', async () => {
  server.use(
    http.get(at(supportApi.helpCategories), () => HttpResponse.json(ok(categories))),
    http.get(at(supportApi.helpSearch), () => HttpResponse.json(ok({ q: 'zzz', list: [] }))),
  );
  renderPage(<HelpCenterPage />, { route: '/help/center?q=zzz' });
  expect(await screen.findByText('没有找到相关文章，换个关键词试试，或咨询在线客服')).toBeTruthy();
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
  await waitFor(() => expect(screen.getByRole('heading', { name: '虚拟货币' })).toBeTruthy());
});

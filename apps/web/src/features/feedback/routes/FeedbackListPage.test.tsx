import { api, type FeedbackSummary, supportApi } from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import FeedbackListPage from './FeedbackListPage';

const server = startMockApi();

const row = (over: Partial<FeedbackSummary>): FeedbackSummary => ({
  id: '1',
  category: 'deposit',
  categoryName: '充值问题',
  preview: '充值后余额没有变化',
  imageCount: 0,
  status: 'pending',
  createdAt: '2030-05-01T04:00:00Z',
  repliedAt: null,
  ...over,
});

let rows: FeedbackSummary[];
let pagesAsked: string[];

beforeEach(() => {
  rows = [
    row({ id: '3', status: 'replied', categoryName: '提现问题', imageCount: 2, repliedAt: '2030-05-01T05:00:00Z' }),
    row({ id: '2', status: 'closed' }),
    row({ id: '1' }),
  ];
  pagesAsked = [];
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(supportApi.feedbackList), ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      pagesAsked.push(`${page}/${size}`);
      return HttpResponse.json(
        ok({ list: rows.slice((page - 1) * size, page * size), total: rows.length, page, size }),
      );
    }),
  );
});

const open = () => renderPage(<FeedbackListPage />, { route: paths.feedbackList });

describe('FeedbackListPage', () => {
  test('When a member opens the list, then each feedback shows its category, status, preview, time and image count, linking to its detail', async () => {
    open();
    const shown = await screen.findAllByTestId('feedback-row');
    expect(shown).toHaveLength(3);
    expect(within(shown[0]!).getByText('提现问题')).toBeTruthy();
    expect(within(shown[0]!).getByText('已回复')).toBeTruthy();
    expect(within(shown[0]!).getByText('2张图片')).toBeTruthy();
    expect(within(shown[0]!).getByText('2030-05-01 12:00')).toBeTruthy();
    expect(within(shown[1]!).getByText('已关闭')).toBeTruthy();
    expect(within(shown[2]!).getByText('待回复')).toBeTruthy();
    expect(within(shown[2]!).getByText('充值后余额没有变化')).toBeTruthy();
    expect(shown[0]!.getAttribute('href')).toBe(`${paths.feedbackDetail}?id=3`);
    expect(pagesAsked).toEqual(['1/20']);
  });

  test('When there are more than a page, then the next page is asked for as the member reaches the end', async () => {
    // happy-dom does no layout; endless scrolling only asks for more once its footer is laid out (has an offsetParent).
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    rows = Array.from({ length: 25 }, (_, index) => row({ id: String(25 - index), preview: `反馈 ${25 - index}` }));
    open();
    await waitFor(() => expect(screen.getAllByTestId('feedback-row').length).toBe(25), { timeout: 5_000 });
    expect(pagesAsked).toEqual(['1/20', '2/20']);
    expect(screen.getByText('反馈 1')).toBeTruthy();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
  });

  test('When the member has written nothing yet, then it says so and offers to write one', async () => {
    rows = [];
    open();
    expect(await screen.findByText('您还没有提交过反馈')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: '去反馈' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.feedback));
  });

  test('When the list fails to load, then the error shows with a retry that loads it', async () => {
    let fail = true;
    server.use(
      http.get(at(supportApi.feedbackList), () =>
        fail
          ? HttpResponse.json({ status: false, data: '服务繁忙，请稍后再试', code: 'SERVICE_UNAVAILABLE' })
          : HttpResponse.json(ok({ list: [row({})], total: 1, page: 1, size: 20 })),
      ),
    );
    open();
    expect(await screen.findByText('服务繁忙，请稍后再试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('feedback-row')).toBeTruthy();
  });
});

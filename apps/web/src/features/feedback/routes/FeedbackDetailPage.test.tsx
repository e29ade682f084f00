import { api, type FeedbackView, supportApi } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import FeedbackDetailPage from './FeedbackDetailPage';

const server = startMockApi();

const view = (over: Partial<FeedbackView> = {}): FeedbackView => ({
  id: '7',
  category: 'withdraw',
  categoryName: '提现问题',
  content: '提现一直显示处理中\n已经两个小时了',
  images: [`/uploads/${'a'.repeat(32)}.png`, `/uploads/${'b'.repeat(32)}.jpg`],
  status: 'replied',
  reply: { content: '您的提现已处理完成，请留意到账。', at: '2030-05-01T06:30:00Z' },
  createdAt: '2030-05-01T04:00:00Z',
  closedAt: null,
  ...over,
});

let answer: () => Response;
let asked: string[];
/** The member's feedback, newest first. */
let mine: FeedbackView[];

beforeEach(() => {
  asked = [];
  answer = () => HttpResponse.json(ok(view()));
  mine = [view()];
  server.use(
    http.get(at(supportApi.feedbackList), () =>
      HttpResponse.json(ok({ list: mine, total: mine.length, page: 1, size: 1 })),
    ),
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(supportApi.feedbackDetail), ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('id') ?? '');
      return answer();
    }),
  );
});

const open = (id = '7') => renderPage(<FeedbackDetailPage />, { route: `${paths.feedbackDetail}?id=${id}` });

describe('FeedbackDetailPage', () => {
  test('When the member opens an answered feedback, then their text, images, status and the reply with its time show', async () => {
    open();
    expect(await screen.findByRole('heading', { name: '提现问题' })).toBeTruthy();
    expect(asked).toEqual(['7']);
    expect(screen.getByText('已回复')).toBeTruthy();
    expect(screen.getByText(/提现一直显示处理中/)).toBeTruthy();
    expect(screen.getByText('2030-05-01 12:00')).toBeTruthy();
    expect(screen.getByTestId('feedback-reply').textContent).toBe('您的提现已处理完成，请留意到账。');
    expect(screen.getByText('2030-05-01 14:30')).toBeTruthy();
    const thumbs = screen.getAllByRole('button', { name: /查看图片/ });
    expect(thumbs).toHaveLength(2);
    expect(thumbs[1]!.querySelector('img')?.getAttribute('src')).toBe(`/uploads/${'b'.repeat(32)}.jpg`);
  });

  test('When the member taps an image, then it opens full screen', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: '查看图片 2' }));
    const overlay = await screen.findByRole('dialog');
    // It opens on the picture tapped, and a tap on the picture closes it again.
    expect(overlay.querySelectorAll('img')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '关闭图片' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('When it still waits, then it says the reply will come to the inbox; closed without one, it says closed', async () => {
    answer = () => HttpResponse.json(ok(view({ status: 'pending', reply: null, images: [] })));
    const first = open();
    expect(await screen.findByText('待回复')).toBeTruthy();
    expect(screen.getByText('客服正在处理您的反馈，回复后会通过站内消息通知您')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /查看图片/ })).toBeNull();
    first.unmount();

    answer = () => HttpResponse.json(ok(view({ status: 'closed', reply: null, closedAt: '2030-05-02T00:00:00Z' })));
    open();
    expect(await screen.findByText('已关闭')).toBeTruthy();
    expect(screen.getByText('该反馈已关闭')).toBeTruthy();
  });

  test('When the id is not the member’s, then it says so and shows the newest feedback instead', async () => {
    answer = () =>
      asked.at(-1) === '99'
        ? HttpResponse.json({ status: false, data: '反馈不存在', code: 'FEEDBACK_NOT_FOUND' }, { status: 404 })
        : HttpResponse.json(ok(view()));
    open('99');
    expect(await screen.findByRole('note')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('该反馈不存在，以下是您最新的一条反馈');
    expect(asked).toEqual(['99', '7']);
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('When the address has no usable id, then the newest feedback shows, with the way to the whole list', async () => {
    open('abc');
    expect(await screen.findByRole('heading', { name: '提现问题' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('这是您最新的一条反馈');
    expect(asked).toEqual(['7']);
    fireEvent.click(screen.getByRole('link', { name: '全部反馈' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.feedbackList));
  });

  test('When the member has no feedback, then it says so and offers to write one', async () => {
    mine = [];
    renderPage(<FeedbackDetailPage />, { route: paths.feedbackDetail });
    expect(await screen.findByText('您还没有提交过反馈')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去反馈' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.feedback));
  });
});

import { api, type FeedbackView, supportApi } from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import FeedbackPage from './FeedbackPage';

const server = startMockApi();

const categories = [
  { id: '030002', parentId: '030', code: 'withdraw', label: '提现问题', sort: 2 },
  { id: '030001', parentId: '030', code: 'deposit', label: '充值问题', sort: 1 },
];

let sent: unknown[];
let uploads: number;
let failUpload: boolean;

beforeEach(() => {
  sent = [];
  uploads = 0;
  failUpload = false;
  server.use(
    ...signedIn(),
    http.get(at(api.tree), ({ request }) =>
      new URL(request.url).searchParams.get('id') === '030'
        ? HttpResponse.json(ok(categories))
        : HttpResponse.json({ status: false, data: 'wrong tree', code: 'BAD_REQUEST' }),
    ),
    http.post(at(api.upload), async () => {
      await delay(30);
      if (failUpload) return HttpResponse.json({ status: false, data: '不支持的文件类型', code: 'UNSUPPORTED_FILE' });
      uploads += 1;
      return HttpResponse.json(ok({ url: `/uploads/${String(uploads).padStart(32, 'a')}.png` }));
    }),
    http.post(at(supportApi.feedbackCreate), async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      const view: FeedbackView = {
        id: '7',
        category: 'withdraw',
        categoryName: '提现问题',
        content: '提现一直在处理中',
        images: [],
        status: 'pending',
        reply: null,
        createdAt: '2030-05-01T04:00:00Z',
        closedAt: null,
      };
      return HttpResponse.json(ok(view));
    }),
  );
});

const open = () => renderPage(<FeedbackPage />, { route: paths.feedback });
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

describe('FeedbackPage', () => {
  test('When the member picks a category, writes, attaches two screenshots and submits, then the JSON body carries them and the list opens', async () => {
    open();
    const radios = await screen.findAllByRole('radio');
    // The operator's order (sort), not the answer's.
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['充值问题', '提现问题']);
    fireEvent.click(screen.getByRole('radio', { name: '提现问题' }));
    fireEvent.change(screen.getByLabelText('问题描述'), { target: { value: '  提现一直在处理中  ' } });
    expect(screen.getByText('12/1000')).toBeTruthy();

    fireEvent.change(fileInput(), { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(uploads).toBe(2));
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /删除第\d张图片/ })).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('[data-status="pending"]')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.feedbackList));
    expect(sent).toEqual([
      {
        category: 'withdraw',
        content: '提现一直在处理中',
        images: [`/uploads/${'1'.padStart(32, 'a')}.png`, `/uploads/${'2'.padStart(32, 'a')}.png`],
      },
    ]);
  });

  test('When the category is missing or the text is under 5 characters, then it says so and sends nothing', async () => {
    open();
    await screen.findAllByRole('radio');
    fireEvent.change(screen.getByLabelText('问题描述'), { target: { value: '太短了' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['请选择反馈类型', '请输入5-1000个字的问题描述']);
    expect(sent).toEqual([]);
  });

  test('When an upload fails, then the server’s reason shows and the feedback is not sent until the image is removed', async () => {
    failUpload = true;
    open();
    fireEvent.click(await screen.findByRole('radio', { name: '充值问题' }));
    fireEvent.change(screen.getByLabelText('问题描述'), { target: { value: '充值没有到账，请帮忙查看' } });
    fireEvent.change(fileInput(), { target: { files: [png('broken.png')] } });
    expect(await screen.findByText('不支持的文件类型')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-status="fail"]')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('有图片上传失败，请删除后重试')).toBeTruthy();
    expect(sent).toEqual([]);

    // Removing the failed one (after confirming) lets it go without images.
    fireEvent.click(screen.getByRole('button', { name: '删除第1张图片' }));
    await waitFor(() => expect(document.querySelector('[data-status="fail"]')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() =>
      expect(sent).toEqual([{ category: 'deposit', content: '充值没有到账，请帮忙查看', images: [] }]),
    );
  });

  test('When the member removes an uploaded image, then a confirmation comes first and only the rest are sent', async () => {
    open();
    fireEvent.click(await screen.findByRole('radio', { name: '充值问题' }));
    fireEvent.change(screen.getByLabelText('问题描述'), { target: { value: '充值没有到账，请帮忙查看' } });
    fireEvent.change(fileInput(), { target: { files: [png('a.png'), png('b.png')] } });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /删除第\d张图片/ })).toHaveLength(2));
    await waitFor(() => expect(document.querySelector('[data-status="pending"]')).toBeNull());

    fireEvent.click(screen.queryAllByRole('button', { name: /删除第\d张图片/ })[0] as Element);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('删除这张图片？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /删除第\d张图片/ })).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { images: string[] }).images).toHaveLength(1);
  });

  test('When the server refuses the feedback, then its message shows and the member stays on the form', async () => {
    server.use(
      http.post(at(supportApi.feedbackCreate), () =>
        HttpResponse.json({
          status: false,
          data: '您已有5条反馈等待回复，请收到回复后再提交',
          code: 'FEEDBACK_PENDING_LIMIT',
        }),
      ),
    );
    open();
    fireEvent.click(await screen.findByRole('radio', { name: '充值问题' }));
    fireEvent.change(screen.getByLabelText('问题描述'), { target: { value: '充值没有到账，请帮忙查看' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await screen.findByText('您已有5条反馈等待回复，请收到回复后再提交')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(screen.getByRole('link', { name: '我的反馈' }).getAttribute('href')).toBe(paths.feedbackList);
  });
});

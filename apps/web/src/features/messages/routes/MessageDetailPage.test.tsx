import { api, communityApi } from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { sessionKeys } from '../../../shared/session/session.queries';
import { useSession } from '../../../shared/session/session-store';
import { readForm, signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import MessageDetailPage from './MessageDetailPage';

const server = startMockApi();

let asked: string[];
let updates: Array<Record<string, string>>;
/** What the inbox's first page holds: the newest message first. */
let inbox: string[];

beforeEach(() => {
  useSession.getState().logout();
  asked = [];
  updates = [];
  inbox = ['7'];
  server.use(
    http.post(at(api.messageList), () =>
      HttpResponse.json(
        ok({
          list: inbox.map((id) => ({
            id,
            title: '提现成功',
            content: '您申请的提现 120.50 元已处理完成，请留意到账情况。',
            kind: 'system',
            read: false,
            createdAt: '2030-05-01T04:00:00Z',
          })),
          total: inbox.length,
          page: 1,
          size: 1,
        }),
      ),
    ),
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(communityApi.messageDetail), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      asked.push(id);
      if (id !== '7')
        return HttpResponse.json({ status: false, code: 'MESSAGE_NOT_FOUND', data: '消息不存在或已删除' });
      return HttpResponse.json(
        ok({
          message: {
            id: '7',
            title: '提现成功',
            content: '您申请的提现 120.50 元已处理完成，请留意到账情况。',
            kind: 'system',
            read: true,
            createdAt: '2030-05-01T04:00:00Z',
          },
          unread: 2,
        }),
      );
    }),
    http.post(at(api.messageUpdate), async ({ request }) => {
      updates.push((await readForm(request)).body);
      return HttpResponse.json(ok({ unread: 2 }));
    }),
  );
});

const open = (id: string) =>
  renderPage(<MessageDetailPage />, { route: `${paths.messageDetail}?id=${id}`, path: paths.messageDetail });

describe('MessageDetailPage', () => {
  test('When a member opens a message, then it shows in full and the badge takes the count the server answered', async () => {
    const { queryClient } = open('7');
    expect(await screen.findByRole('heading', { name: '提现成功' })).toBeTruthy();
    expect(screen.getByText('您申请的提现 120.50 元已处理完成，请留意到账情况。')).toBeTruthy();
    expect(screen.getByText('系统通知')).toBeTruthy();
    expect(asked).toEqual(['7']);
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.unread())).toBe(2));
  });

  test('When the member deletes it and confirms, then it is deleted and the inbox opens', async () => {
    open('7');
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(updates).toEqual([{ id: '7', action: 'delete' }]));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.message);
  });

  test('When the page is opened without an id, then the newest message shows under a note leading to the inbox', async () => {
    renderPage(<MessageDetailPage />, { route: paths.messageDetail, path: paths.messageDetail });
    expect(await screen.findByRole('heading', { name: '提现成功' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('这是您最新的一条消息');
    expect(asked).toEqual(['7']);
    fireEvent.click(screen.getByRole('link', { name: '全部消息' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.message);
  });

  test('When the message is not the member’s (or is gone), then it says so and shows the newest one, not a retry', async () => {
    open('8');
    expect(await screen.findByRole('heading', { name: '提现成功' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('该消息不存在或已删除，以下是您最新的一条消息');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  test('When the inbox is empty, then it says there are no messages and leads back to the inbox', async () => {
    inbox = [];
    renderPage(<MessageDetailPage />, { route: paths.messageDetail, path: paths.messageDetail });
    expect(await screen.findByText('暂无消息')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回消息中心' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.message);
  });
});

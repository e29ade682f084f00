import { api, communityApi, type MessageView } from '@jinb/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { sessionKeys } from '../../../shared/session/session.queries';
import { useSession } from '../../../shared/session/session-store';
import { readForm, signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import MessagesPage from './MessagesPage';

const server = startMockApi();

const message = (over: Partial<MessageView>): MessageView => ({
  id: '1',
  title: '充值到账',
  content: '您的充值 100.00 元已到账，祝您游戏愉快。',
  kind: 'system',
  read: false,
  createdAt: '2030-05-01T04:00:00Z',
  ...over,
});

let inbox: MessageView[];
let updates: Array<Record<string, string>>;

beforeEach(() => {
  useSession.getState().logout();
  inbox = [message({}), message({ id: '2', title: '全站公告', content: '新版上线', kind: 'operator', read: true })];
  updates = [];
  server.use(
    ...signedIn(),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.get(at(api.messageNum), () => HttpResponse.json(ok({ count: inbox.filter((one) => !one.read).length }))),
    http.post(at(api.messageList), () =>
      HttpResponse.json(ok({ list: inbox, total: inbox.length, page: 1, size: 20 })),
    ),
    http.post(at(api.messageUpdate), async ({ request }) => {
      const { body } = await readForm(request);
      updates.push(body);
      inbox = inbox.filter((one) => one.id !== body.id);
      return HttpResponse.json(ok({ unread: inbox.filter((one) => !one.read).length }));
    }),
    http.post(at(communityApi.messageReadAll), () => {
      inbox = inbox.map((one) => ({ ...one, read: true }));
      return HttpResponse.json(ok({ unread: 0 }));
    }),
  );
});

const open = () => renderPage(<MessagesPage />, { route: paths.message, path: paths.message });

describe('MessagesPage', () => {
  test('When a member opens the inbox, then each message shows its title, kind, preview and an unread mark', async () => {
    open();
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('充值到账')).toBeTruthy();
    expect(within(rows[0]!).getByText('系统通知')).toBeTruthy();
    expect(within(rows[0]!).getByText('未读')).toBeTruthy();
    expect(within(rows[1]!).getByText('平台公告')).toBeTruthy();
    expect(within(rows[1]!).queryByText('未读')).toBeNull();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(`${paths.messageDetail}?id=1`);
  });

  test('When the member taps 全部已读, then every message shows read and the badge count is 0', async () => {
    const { queryClient } = open();
    await screen.findAllByTestId('message-row');
    const button = await screen.findByRole('button', { name: '全部已读' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByText('未读')).toBeNull());
    expect(queryClient.getQueryData(sessionKeys.unread())).toBe(0);
  });

  test('When the member deletes a message and confirms, then it is sent as action delete and leaves the list', async () => {
    const { queryClient } = open();
    const rows = await screen.findAllByTestId('message-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: '删除 充值到账' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('删除这条消息？删除后无法恢复。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
    expect(updates).toEqual([{ id: '1', action: 'delete' }]);
    expect(queryClient.getQueryData(sessionKeys.unread())).toBe(0);
  });

  test('When the member cancels the deletion, then nothing is sent', async () => {
    open();
    const rows = await screen.findAllByTestId('message-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: '删除 全站公告' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updates).toEqual([]);
    expect(screen.getAllByTestId('message-row')).toHaveLength(2);
  });

  test('When the inbox is empty, then it says so', async () => {
    inbox = [];
    open();
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });
});

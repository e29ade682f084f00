import { type LeftMessage, sitePaths } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import LeaveMessagePage from './LeaveMessagePage';

const server = startMockApi();

const answered: LeftMessage = {
  id: '3',
  content: '提现一直没到账',
  contact: '',
  reply: '已为您加急处理，请留意站内信。',
  repliedAt: '2025-03-02T09:00:00.000Z',
  createdAt: '2025-03-01T23:10:00.000Z',
};

beforeEach(() => useSession.getState().logout());

test('A visitor is asked to sign in first, and comes back here after', async () => {
  renderPage(<LeaveMessagePage />, { route: '/tutorial/leaveMsg' });
  expect(screen.getByText('登录后即可留言')).toBeTruthy();
  expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe(
    `/login?redirect=${encodeURIComponent('/tutorial/leaveMsg')}`,
  );
});

test('A member leaves a message, sees the success, and it joins their earlier ones with the replies', async () => {
  useSession.getState().setToken('tok');
  let sent: URLSearchParams | null = null;
  server.use(
    http.get(at(sitePaths.supportLeftMessages), () => HttpResponse.json(ok([answered]))),
    http.post(at(sitePaths.supportLeaveMessage), async ({ request }) => {
      sent = new URLSearchParams(await request.text());
      return HttpResponse.json(
        ok({
          id: '4',
          content: sent.get('content'),
          contact: sent.get('contact'),
          reply: null,
          repliedAt: null,
          createdAt: new Date().toISOString(),
        }),
      );
    }),
  );
  renderPage(<LeaveMessagePage />, { route: '/tutorial/leaveMsg' });
  expect(await screen.findByText('已为您加急处理，请留意站内信。')).toBeTruthy();
  expect(screen.getByText('已回复')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  expect(await screen.findAllByText('请填写留言内容')).not.toHaveLength(0);
  expect(sent).toBeNull();

  fireEvent.change(screen.getByPlaceholderText(/请详细描述/), { target: { value: '  银行卡换了怎么改  ' } });
  fireEvent.change(screen.getByPlaceholderText('手机号、邮箱或 WhatsApp'), { target: { value: 'wa:123' } });
  fireEvent.click(screen.getByRole('button', { name: '提交留言' }));
  expect(await screen.findByText('留言已提交')).toBeTruthy();
  expect(sent!.get('content')).toBe('银行卡换了怎么改');
  expect(sent!.get('contact')).toBe('wa:123');
  await waitFor(() => expect(screen.getByText('银行卡换了怎么改')).toBeTruthy());
  expect(screen.getByText('待回复')).toBeTruthy();
});

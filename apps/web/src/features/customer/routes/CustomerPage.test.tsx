import { api, type PreInfo, sitePaths } from '@jinb/contract';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { resetRealtimeForTests } from '../../../shared/realtime/use-topic';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import CustomerPage from './CustomerPage';

const server = startMockApi();

function serve(info: Partial<PreInfo>) {
  const full: PreInfo = {
    customer_service: '',
    username: '',
    isLogin: false,
    whatsAppUrl: '',
    site: 'jinb',
    timeZone: 'Asia/Shanghai',
    ...info,
  };
  server.use(http.get(at(api.preInfo), () => HttpResponse.json(ok(full))));
}

beforeEach(() => {
  useSession.getState().logout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

test('When a member is logged in, then the chat opens with their username as CUSTOM!name', async () => {
  useSession.getState().setToken('tok');
  serve({ customer_service: 'https://cs.example/chat?room=1', username: 'demo 01', isLogin: true });
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  vi.spyOn(window.location, 'assign').mockImplementation(() => {});

  renderPage(<CustomerPage />, { route: '/app/customer' });
  fireEvent.click(await screen.findByRole('button', { name: '立即咨询' }));

  expect(open).toHaveBeenCalledWith('https://cs.example/chat?room=1&CUSTOM!name=demo%2001', '_blank');
});

test('When a visitor is not logged in, then the plain link opens', async () => {
  serve({ customer_service: 'https://cs.example/chat', username: '', isLogin: false });
  const opened = { opener: window } as unknown as Window;
  const open = vi.spyOn(window, 'open').mockReturnValue(opened);

  renderPage(<CustomerPage />, { route: '/app/customer' });
  fireEvent.click(await screen.findByRole('button', { name: '立即咨询' }));

  expect(open).toHaveBeenCalledWith('https://cs.example/chat', '_blank');
  expect(opened.opener).toBeNull();
});

test('When no support channel is configured, then no chat button: a message, feedback and help are offered instead', async () => {
  serve({ customer_service: '' });
  renderPage(<CustomerPage />, { route: '/app/customer' });
  expect(await screen.findByRole('heading', { name: '在线客服不在线' })).toBeTruthy();
  expect(screen.queryByText(/暂未开通/)).toBeNull();
  expect(screen.queryByRole('button', { name: '立即咨询' })).toBeNull();
  // Round-the-clock hours would contradict the note that nobody is online.
  expect(screen.queryByText('7×24小时全天候在线，节假日无休')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '离线留言' }));
  expect(screen.getByTestId('location').textContent).toBe('/tutorial/leaveMsg');
});

test('When the info cannot be loaded, then the server message and a retry are shown', async () => {
  server.use(
    http.get(at(api.preInfo), () =>
      HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 }),
    ),
  );
  renderPage(<CustomerPage />, { route: '/app/customer' });
  expect(await screen.findByText('系统繁忙，请重试')).toBeTruthy();
  expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
});

test('When the desk is off (an external service), then the link rule still holds: CUSTOM!name when signed in', async () => {
  useSession.getState().setToken('tok');
  serve({ customer_service: 'https://cs.example/chat', username: 'demo01', isLogin: true, supportDesk: false });
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  renderPage(<CustomerPage />, { route: '/app/customer' });
  fireEvent.click(await screen.findByRole('button', { name: '立即咨询' }));
  expect(open).toHaveBeenCalledWith('https://cs.example/chat?CUSTOM!name=demo01', '_blank');
});

test('When the desk is on, then the tab is the built-in chat instead of the link', async () => {
  useSession.getState().setToken('tok');
  serve({ customer_service: 'https://cs.example/chat', username: 'demo01', isLogin: true, supportDesk: true });
  server.use(
    http.get(at(sitePaths.supportConversation), () =>
      HttpResponse.json(
        ok({
          conversation: null,
          onDuty: true,
          inHours: true,
          hours: { open: '00:00', close: '00:00' },
          timeZone: 'Asia/Shanghai',
          quickQuestions: [],
        }),
      ),
    ),
    http.get(at(sitePaths.supportMessages), () =>
      HttpResponse.json(ok({ conversation: null, messages: [], more: false })),
    ),
  );
  renderPage(<CustomerPage />, { route: '/app/customer' });
  expect(await screen.findByRole('textbox', { name: '请输入您的问题…' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: '立即咨询' })).toBeNull();
  await resetRealtimeForTests();
});

import { api, type PreInfo } from '@jinb/contract';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import IframeCustomerServicePage from './IframeCustomerServicePage';

const server = startMockApi();

function serve(info: Partial<PreInfo>) {
  const full: PreInfo = {
    customer_service: '',
    username: '',
    isLogin: false,
    whatsAppUrl: '',
    site: 'jinb',
    timeZone: 'Asia/Shanghai',
    supportDesk: false,
    ...info,
  };
  server.use(http.get(at(api.preInfo), () => HttpResponse.json(ok(full))));
}

beforeEach(() => useSession.getState().logout());

test('With the desk off, the external service is framed by the link rule (CUSTOM!name when signed in)', async () => {
  useSession.getState().setToken('tok');
  serve({ customer_service: 'https://cs.example/chat?room=1', username: 'demo 01', isLogin: true });
  renderPage(<IframeCustomerServicePage />, { route: '/iframeCustomerService' });
  const frame = await screen.findByTitle('在线客服窗口');
  expect(frame.getAttribute('src')).toBe('https://cs.example/chat?room=1&CUSTOM!name=demo%2001');
  expect(screen.getByRole('link', { name: '新窗口打开' }).getAttribute('href')).toBe(frame.getAttribute('src'));
});

test('A visitor gets the plain link; with none configured the page offers a message, feedback and help', async () => {
  serve({ customer_service: 'https://cs.example/chat' });
  const view = renderPage(<IframeCustomerServicePage />, { route: '/iframeCustomerService' });
  expect((await screen.findByTitle('在线客服窗口')).getAttribute('src')).toBe('https://cs.example/chat');
  view.unmount();
  serve({ customer_service: '' });
  renderPage(<IframeCustomerServicePage />, { route: '/iframeCustomerService' });
  expect(await screen.findByRole('heading', { name: '在线客服不在线' })).toBeTruthy();
  expect(screen.getByRole('button', { name: '离线留言' })).toBeTruthy();
  expect(screen.getByRole('button', { name: '帮助中心' })).toBeTruthy();
  expect(screen.queryByText(/暂未开通/)).toBeNull();
  expect(screen.queryByTitle('在线客服窗口')).toBeNull();
});

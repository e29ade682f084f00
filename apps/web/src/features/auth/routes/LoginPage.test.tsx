import { api } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { memberQuery } from '../../../shared/session/session.queries';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import {
  baseHandlers,
  captchaRequests,
  fail,
  ok,
  renderPage,
  resetSession,
  server,
} from '../../../shared/testing/forms-harness';
import LoginPage from './LoginPage';

const user = {
  id: '1',
  account: 'demo01',
  nickname: '',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '138****8000',
  email: '',
  vipLevel: 1,
  inviteCode: 'ABC123',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

let keys: Awaited<ReturnType<typeof createKeyPair>>;

beforeAll(async () => {
  keys = await createKeyPair();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  resetSession();
  server.resetHandlers(...baseHandlers(keys.publicKey));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function fillLogin(account: string, password: string, captcha: string) {
  const typing = userEvent.setup();
  await typing.type(screen.getByRole('textbox', { name: '账号' }), account);
  await typing.type(screen.getByLabelText('密码'), password);
  await typing.type(screen.getByRole('textbox', { name: '图形验证码' }), captcha);
  await typing.click(screen.getByRole('button', { name: '登录' }));
}

describe('LoginPage', () => {
  test('When a member signs in, then only the encrypted password leaves the page and the token is stored', async () => {
    let sent: Record<string, string> = {};
    server.use(
      http.post(api.login, async ({ request }) => {
        sent = Object.fromEntries(new URLSearchParams(await request.text()));
        return ok({ token: 'session-token', user });
      }),
    );
    const { queryClient } = renderPage(<LoginPage />, {
      path: paths.login,
      url: `${paths.login}?redirect=%2FpersonalInfo`,
    });

    await fillLogin('demo01', 'demo123456', '1234');

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.personalInfo));
    expect(sent.account).toBe('demo01');
    expect(sent.code).toBe('1234');
    expect(sent.password).not.toBe('demo123456');
    expect(await keys.decrypt(sent.password!)).toBe('demo123456');
    expect(useSession.getState().token).toBe('session-token');
    expect(sessionStorage.getItem('t')).toBe('session-token');
    expect(queryClient.getQueryData(memberQuery.queryKey)?.account).toBe('demo01');
  });

  test('When the server refuses, then its message is shown and a new captcha is loaded', async () => {
    server.use(http.post(api.login, () => fail('账号或密码错误', 'LOGIN_WRONG')));
    renderPage(<LoginPage />, { path: paths.login });
    await waitFor(() => expect(captchaRequests.count).toBeGreaterThan(0));
    const before = captchaRequests.count;

    await fillLogin('demo01', 'wrong1234', '1234');

    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    await waitFor(() => expect(captchaRequests.count).toBe(before + 1));
    expect((screen.getByRole('textbox', { name: '图形验证码' }) as HTMLInputElement).value).toBe('');
    expect(useSession.getState().token).toBe('');
  });

  test('When the account is not 4-11 digits and letters, then the member is told so and nothing is sent', async () => {
    let called = false;
    server.use(
      http.post(api.login, () => {
        called = true;
        return ok({ token: 'x', user });
      }),
    );
    renderPage(<LoginPage />, { path: paths.login });

    await fillLogin('ab_', 'demo123456', '1234');

    expect((await screen.findAllByText('请输入4-11位数字和字母')).length).toBeGreaterThan(0);
    expect(called).toBe(false);
  });
});

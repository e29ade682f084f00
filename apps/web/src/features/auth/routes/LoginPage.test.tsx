import { api } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
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

  describe('a member in a time-out or self-exclusion', () => {
    const refused = (code: 'TIMED_OUT' | 'SELF_EXCLUDED', message: string, detail: unknown) =>
      http.post(api.login, () => HttpResponse.json({ status: false, data: message, code, detail }, { status: 403 }));

    test('When a timed-out member with a balance signs in, then a dialog gives the end date and offers 提取余额, which opens the withdrawal-only session', async () => {
      server.use(
        refused('TIMED_OUT', '您正在冷静期中，2026-12-03 18:00 结束。期间无法登录、充值或投注', {
          kind: 'timeout',
          until: '2026-12-03T10:00:00.000Z',
          withdrawOnly: { token: 'withdraw-token', expiresAt: '2026-11-26T12:15:00.000Z' },
        }),
      );
      renderPage(<LoginPage />, { path: paths.login });

      await fillLogin('demo01', 'demo123456', '1234');

      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('冷静期中')).toBeTruthy();
      expect(within(dialog).getByText(/2026-12-03 18:00 结束/)).toBeTruthy();
      expect(within(dialog).getByText(/余额仍然归您所有/)).toBeTruthy();
      expect(within(dialog).getByText(/仅提现模式/)).toBeTruthy();
      expect(within(dialog).queryByText('永久')).toBeNull();
      expect(useSession.getState().token).toBe('');

      await userEvent.click(within(dialog).getByRole('button', { name: '提取余额' }));

      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.withdraw));
      expect(useSession.getState().token).toBe('withdraw-token');
      expect(useSession.getState().withdrawOnly).toEqual({ expiresAt: '2026-11-26T12:15:00.000Z' });
      expect(sessionStorage.getItem('t')).toBe('withdraw-token');
    });

    test('When a permanently self-excluded member with nothing to withdraw signs in, then the dialog says 永久 and offers no withdrawal', async () => {
      server.use(
        refused('SELF_EXCLUDED', '您已申请自我排除，截止：永久。期间无法登录、充值或投注', {
          kind: 'self',
          until: null,
          withdrawOnly: null,
        }),
      );
      renderPage(<LoginPage />, { path: paths.login });

      await fillLogin('demo01', 'demo123456', '1234');

      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('已申请自我排除')).toBeTruthy();
      expect(within(dialog).getByText(/您已申请自我排除/)).toBeTruthy();
      expect(within(dialog).getByText('永久')).toBeTruthy();
      expect(within(dialog).getByText('您的账户目前没有可提取的余额。')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: '提取余额' })).toBeNull();

      await userEvent.click(within(dialog).getByRole('button', { name: '知道了' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
      expect(useSession.getState().token).toBe('');
      expect(useSession.getState().withdrawOnly).toBeNull();
    });
  });
});

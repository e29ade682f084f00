import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operatorToken } from '../../shared/session/session';
import { SignInPage } from './SignInPage';

type LoginAnswer = { status: number; body: unknown };

/** The server as the page sees it: captcha images counted, sign-in answers given in turn, bodies kept. */
function server(answers: LoginAnswer[]) {
  const logins: Record<string, unknown>[] = [];
  let captchas = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init?: RequestInit) => {
      const path = new URL(String(url)).pathname;
      if (path === '/api/findmed/v1/member/captcha') {
        captchas += 1;
        return new Response(new Blob(['png'], { type: 'image/png' }));
      }
      logins.push(JSON.parse(String(init?.body)));
      const next = answers.shift();
      if (!next) throw new Error('unexpected call');
      return new Response(JSON.stringify(next.body), { status: next.status });
    }),
  );
  return { logins, captchas: () => captchas };
}

function renderPage() {
  return render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <MemoryRouter initialEntries={[{ pathname: '/login', state: { from: '/money/withdrawals' } }]}>
          <Routes>
            <Route path="login" element={<SignInPage />} />
            <Route path="money/withdrawals" element={<p>提现审核页</p>} />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </ConfigProvider>,
  );
}

describe('the sign-in page', () => {
  beforeEach(() => {
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    operatorToken.clear();
  });

  it('asks for the second factor when the server does, keeps what was typed, and returns to the page asked for', async () => {
    const user = userEvent.setup();
    const sut = server([
      { status: 401, body: { status: false, data: '请输入动态验证码', code: 'OTP_REQUIRED' } },
      {
        status: 200,
        body: { status: true, data: { token: 'tok-9', operator: { id: '1', account: 'fin1', role: 'finance' } } },
      },
    ]);
    renderPage();
    await user.type(screen.getByLabelText('账号'), 'fin1');
    await user.type(screen.getByLabelText('密码'), 'secret-pass-1');
    await user.type(screen.getByLabelText('验证码'), '1234');
    expect(screen.queryByLabelText('动态验证码')).toBeNull();
    // antd's loading icon leaves with an animation happy-dom never ends: the button may still be named "loading 登录".
    await user.click(screen.getByRole('button', { name: /登录$/ }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请输入动态验证码');
    expect(screen.getByLabelText('账号')).toHaveProperty('value', 'fin1');
    expect(screen.getByLabelText('密码')).toHaveProperty('value', 'secret-pass-1');
    expect(screen.getByLabelText('验证码')).toHaveProperty('value', '');
    await waitFor(() => expect(sut.captchas()).toBe(2));

    await user.type(screen.getByLabelText('验证码'), '1234');
    await user.type(screen.getByLabelText('动态验证码'), '123456');
    // antd's loading icon leaves with an animation happy-dom never ends: the button may still be named "loading 登录".
    await user.click(screen.getByRole('button', { name: /登录$/ }));
    expect(await screen.findByText('提现审核页')).toBeTruthy();
    expect(sut.logins).toEqual([
      { account: 'fin1', password: 'secret-pass-1', code: '1234' },
      { account: 'fin1', password: 'secret-pass-1', code: '1234', otp: '123456' },
    ]);
    expect(operatorToken.get()).toBe('tok-9');
  });

  it("shows the server's message for a wrong captcha and a new image", async () => {
    const user = userEvent.setup();
    const sut = server([
      { status: 400, body: { status: false, data: '图形验证码错误，请重新输入', code: 'CAPTCHA_WRONG' } },
    ]);
    renderPage();
    await user.type(screen.getByLabelText('账号'), 'fin1');
    await user.type(screen.getByLabelText('密码'), 'secret-pass-1');
    await user.type(screen.getByLabelText('验证码'), '9999');
    // antd's loading icon leaves with an animation happy-dom never ends: the button may still be named "loading 登录".
    await user.click(screen.getByRole('button', { name: /登录$/ }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '图形验证码错误，请重新输入');
    await waitFor(() => expect(sut.captchas()).toBe(2));
    expect(screen.queryByLabelText('动态验证码')).toBeNull();
    expect(operatorToken.get()).toBe('');
  });
});

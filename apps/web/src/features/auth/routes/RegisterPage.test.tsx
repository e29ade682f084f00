import { api } from '@jinb/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import {
  baseHandlers,
  captchaRequests,
  ok,
  renderPage,
  resetSession,
  server,
} from '../../../shared/testing/forms-harness';
import RegisterPage, { forgetRegisterDraft } from './RegisterPage';

const newMember = {
  id: '2',
  account: 'newbie1',
  nickname: '',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '138****8000',
  email: '',
  vipLevel: 0,
  inviteCode: 'NEW001',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

let keys: Awaited<ReturnType<typeof createKeyPair>>;
let registerBodies: Record<string, string>[];
let smsBodies: Record<string, string>[];

beforeAll(async () => {
  keys = await createKeyPair();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  resetSession();
  forgetRegisterDraft();
  registerBodies = [];
  smsBodies = [];
  server.resetHandlers(
    ...baseHandlers(keys.publicKey),
    http.post(api.sms, async ({ request }) => {
      smsBodies.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ cooldown: 60 });
    }),
    http.post(api.register, async ({ request }) => {
      registerBodies.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ token: 'new-token', user: newMember });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function fillEverythingButTerms() {
  const typing = userEvent.setup();
  await typing.type(textbox('账号'), 'newbie1');
  await typing.type(screen.getByLabelText('密码'), 'secret123');
  // The area list arrives from the server and the first one is picked by default.
  await screen.findByRole('button', { name: '区号 +86 中国大陆' });
  await typing.type(textbox('手机号码'), '13800138000');
  await typing.type(textbox('图形验证码'), '1234');
  await typing.type(textbox('短信验证码'), '123456');
  return typing;
}

describe('RegisterPage', () => {
  test('When the invite link carried a code, then the form starts with it', async () => {
    renderPage(<RegisterPage />, { path: paths.register, url: `${paths.register}?i_code=AGENT7` });
    expect(textbox('邀请码').value).toBe('AGENT7');
  });

  test('When the code was kept from the start URL, then the form starts with it', async () => {
    sessionStorage.setItem('aid', 'KEPT42');
    renderPage(<RegisterPage />, { path: paths.register });
    expect(textbox('邀请码').value).toBe('KEPT42');
  });

  test('When the terms are not accepted, then nothing is sent and the member is told to accept them', async () => {
    renderPage(<RegisterPage />, { path: paths.register });
    const typing = await fillEverythingButTerms();

    await typing.click(screen.getByRole('button', { name: '注册' }));

    expect((await screen.findAllByText('请确认您已年满18周岁并同意相关条款')).length).toBeGreaterThan(0);
    expect(registerBodies).toHaveLength(0);
  });

  test('When everything is filled and the terms accepted, then the member is registered and signed in', async () => {
    sessionStorage.setItem('aid', 'KEPT42');
    renderPage(<RegisterPage />, { path: paths.register });
    const typing = await fillEverythingButTerms();

    await typing.click(screen.getByRole('checkbox', { name: /年满18周岁/ }));
    await typing.click(screen.getByRole('button', { name: '注册' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.home));
    expect(registerBodies).toHaveLength(1);
    const body = registerBodies[0]!;
    expect(body).toMatchObject({
      account: 'newbie1',
      code: '1234',
      area: '86',
      phone: '13800138000',
      smsCode: '123456',
    });
    expect(body.i_code).toBe('KEPT42');
    expect(await keys.decrypt(body.password!)).toBe('secret123');
    expect(useSession.getState().token).toBe('new-token');
  });

  test('When an SMS code is sent, then the used captcha is cleared, a new one loaded and the member asked for it', async () => {
    renderPage(<RegisterPage />, { path: paths.register });
    const typing = userEvent.setup();
    await screen.findByRole('button', { name: '区号 +86 中国大陆' });
    await typing.type(textbox('手机号码'), '13800138000');
    await typing.type(textbox('图形验证码'), '1234');
    await waitFor(() => expect(captchaRequests.count).toBeGreaterThan(0));
    const before = captchaRequests.count;

    await typing.click(screen.getByRole('button', { name: '获取验证码' }));

    expect(await screen.findByRole('button', { name: '60秒后重发' })).toBeTruthy();
    expect(smsBodies).toEqual([{ phone: '13800138000', area: '86', type: 'register', code: '1234' }]);
    await waitFor(() => expect(captchaRequests.count).toBe(before + 1));
    expect(textbox('图形验证码').value).toBe('');
    expect(screen.getByText('上一张已用于发送短信，请输入新的验证码')).toBeTruthy();
  });

  test('The 18+ statement links the three policies', () => {
    renderPage(<RegisterPage />, { path: paths.register });

    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(paths.terms);
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe(paths.privacy);
    expect(screen.getByRole('link', { name: '《负责任博彩》' }).getAttribute('href')).toBe(paths.responsibleGambling);
  });

  test('When the member opens 《用户协议》 from the statement and comes back, then the box is still unticked and the form keeps what was typed but the spent captcha', async () => {
    const { router } = renderPage(<RegisterPage />, { path: paths.register });
    const typing = await fillEverythingButTerms();

    await typing.click(screen.getByRole('link', { name: '《用户协议》' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.terms));
    await act(() => router.navigate(-1));

    expect(textbox('账号').value).toBe('newbie1');
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('secret123');
    expect(textbox('手机号码').value).toBe('13800138000');
    expect(textbox('短信验证码').value).toBe('123456');
    expect(textbox('图形验证码').value).toBe('');
    expect((screen.getByRole('checkbox', { name: /年满18周岁/ }) as HTMLInputElement).checked).toBe(false);
  });
});

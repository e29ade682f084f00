import { api, supportApi, type UserInfo } from '@jinb/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../api/client';
import { useSession } from '../session/session-store';
import { createKeyPair } from '../testing/crypto';
import { baseHandlers, fail, ok, renderPage, resetSession, server } from '../testing/forms-harness';
import { StepUpForm } from './StepUpDialog';
import { withStepUp } from './with-step-up';

const member: UserInfo = {
  id: '1',
  account: 'demo01',
  nickname: '',
  realName: '',
  avatar: '',
  phoneArea: '86',
  phone: '138****8000',
  email: '',
  vipLevel: 0,
  inviteCode: 'ABC123',
  createdAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

let keys: Awaited<ReturnType<typeof createKeyPair>>;
let stepUps: Record<string, string>[];
let smsSent: number;

beforeAll(async () => {
  keys = await createKeyPair();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  resetSession();
  useSession.getState().setToken('token');
  stepUps = [];
  smsSent = 0;
  server.resetHandlers(
    ...baseHandlers(keys.publicKey),
    http.get(api.token, () => ok(member)),
    http.post(supportApi.stepUpSms, () => {
      smsSent++;
      return ok({ cooldown: 60 });
    }),
    http.post(supportApi.stepUp, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      stepUps.push(body);
      if (body.method === 'sms' && body.smsCode !== '246810') return fail('验证码错误', 'CODE_WRONG');
      return ok({ until: new Date(Date.now() + 300_000).toISOString() });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const route = '/step-up';

describe('the step-up dialog', () => {
  test('When a phone is bound, then an SMS code to it can be sent (with a countdown) and proves the member', async () => {
    const onDone = vi.fn();
    renderPage(<StepUpForm onDone={onDone} onCancel={() => {}} />, { path: route });
    const typing = userEvent.setup();
    await typing.click(await screen.findByText('短信验证'));
    expect(await screen.findByText('验证码将发送至 +86 138****8000')).toBeTruthy();
    await typing.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeTruthy();
    expect(smsSent).toBe(1);

    await typing.type(screen.getByPlaceholderText('请输入6位验证码'), '111111');
    await typing.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();

    await typing.clear(screen.getByPlaceholderText('请输入6位验证码'));
    await typing.type(screen.getByPlaceholderText('请输入6位验证码'), '246810');
    await typing.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(stepUps.at(-1)).toEqual({ method: 'sms', smsCode: '246810' });
  });

  test('When the password is given, then it leaves the browser encrypted', async () => {
    const onDone = vi.fn();
    renderPage(<StepUpForm onDone={onDone} onCancel={() => {}} />, { path: route });
    const typing = userEvent.setup();
    await typing.type(await screen.findByPlaceholderText('请输入登录密码'), 'secret123');
    await typing.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(stepUps[0]?.method).toBe('password');
    expect(await keys.decrypt(stepUps[0]?.password ?? '')).toBe('secret123');
  });

  test('When a call fails for another reason, then no dialog opens', async () => {
    const other = new ApiError('验证码错误', 'CODE_WRONG', 400);
    const call = vi.fn(() => Promise.reject(other));
    await expect(withStepUp(call, new QueryClient())).rejects.toBe(other);
    expect(call).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('step-up')).toBeNull();
  });

  test('When the member closes the dialog, then the refusal stands and the call is not sent again', async () => {
    const refusal = new ApiError('为了您的账户安全，请先验证身份', 'STEP_UP_REQUIRED', 403);
    const call = vi.fn(() => Promise.reject(refusal));
    const queryClient = new QueryClient();
    queryClient.setQueryData(['member'], member);
    const result = withStepUp(call, queryClient).catch((error: unknown) => error);
    const dialog = await screen.findByTestId('step-up');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await result).toBe(refusal);
    expect(call).toHaveBeenCalledTimes(1);
    expect(stepUps).toHaveLength(0);
  });
});

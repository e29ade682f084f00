import { api, supportApi, type UserInfo } from '@jinb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import { baseHandlers, fail, ok, renderPage, resetSession, server } from '../../../shared/testing/forms-harness';
import PersonalNamePage from './PersonalNamePage';
import PersonalPhonePage from './PersonalPhonePage';

const member: UserInfo = {
  id: '1',
  account: 'demo01',
  nickname: '',
  realName: '张三',
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
let sent: Record<string, string>[];
let stepUps: Record<string, string>[];

beforeAll(async () => {
  keys = await createKeyPair();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  resetSession();
  useSession.getState().setToken('token');
  sent = [];
  stepUps = [];
  server.resetHandlers(
    ...baseHandlers(keys.publicKey),
    http.get(api.token, () => ok(member)),
    http.post(api.updateProfile, async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ ...member, nickname: '小张' });
    }),
    // As the server does: the change is refused until the session has stepped up.
    http.post(api.bindPhone, async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      if (stepUps.length === 0) return fail('为了您的账户安全，请先验证身份', 'STEP_UP_REQUIRED', 403);
      return ok({ ...member, phone: '139****0000' });
    }),
    http.post(supportApi.stepUp, async ({ request }) => {
      stepUps.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ until: new Date(Date.now() + 300_000).toISOString() });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('identity pages', () => {
  test('When the real name is set, then it is read-only with the customer-service hint and never sent', async () => {
    renderPage(<PersonalNamePage />, { path: paths.personalName });

    expect(await screen.findByText('真实姓名已设置，如需修改请联系客服')).toBeTruthy();
    expect((screen.getByDisplayValue('张三') as HTMLInputElement).disabled).toBe(true);
    const typing = userEvent.setup();
    await typing.type(screen.getByPlaceholderText('请输入1-16位昵称'), '小张');
    await typing.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ nickname: '小张' });
  });

  test('When a bound phone is changed, then the step-up dialog takes the sign-in password and the change is sent again', async () => {
    renderPage(<PersonalPhonePage />, { path: paths.personalPhone });

    expect(await screen.findByText('请输入新的手机号码')).toBeTruthy();
    const typing = userEvent.setup();
    await typing.type(screen.getByPlaceholderText('请输入手机号码'), '13900000000');
    await typing.type(screen.getByLabelText('短信验证码'), '123456');
    await typing.click(screen.getByRole('button', { name: '提交' }));

    const dialog = await screen.findByTestId('step-up');
    expect(sent).toHaveLength(1);
    // The dialog's opening animation leaves pointer-events off for a moment; a finger would wait, the test need not.
    const inDialog = userEvent.setup({ pointerEventsCheck: 0 });
    await inDialog.type(within(dialog).getByPlaceholderText('请输入登录密码'), 'secret123');
    await inDialog.click(within(dialog).getByRole('button', { name: '验证' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(stepUps).toHaveLength(1);
    expect(stepUps[0]?.method).toBe('password');
    expect(stepUps[0]?.password).not.toBe('secret123');
    expect(await keys.decrypt(stepUps[0]?.password ?? '')).toBe('secret123');
    expect(sent[1]).toEqual({ area: '86', phone: '13900000000', smsCode: '123456' });
    expect(await screen.findByText('修改成功')).toBeTruthy();
  });
});

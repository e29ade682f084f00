import { api, type UserInfo } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import { baseHandlers, ok, renderPage, resetSession, server } from '../../../shared/testing/forms-harness';
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

beforeAll(async () => {
  keys = await createKeyPair();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  resetSession();
  useSession.getState().setToken('token');
  sent = [];
  server.resetHandlers(
    ...baseHandlers(keys.publicKey),
    http.get(api.token, () => ok(member)),
    http.post(api.updateProfile, async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ ...member, nickname: '小张' });
    }),
    http.post(api.bindPhone, async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ ...member, phone: '139****0000' });
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

  test('When a bound phone is changed, then the member proves the old one first and the proof goes with the new code', async () => {
    renderPage(<PersonalPhonePage />, { path: paths.personalPhone });

    expect(await screen.findByText('为了您的账户安全，更换手机号前请先验证身份')).toBeTruthy();
    const typing = userEvent.setup();
    await typing.click(screen.getByText('登录密码'));
    await typing.type(await screen.findByLabelText('密码'), 'secret123');
    await typing.click(screen.getByRole('button', { name: '下一步' }));

    expect(await screen.findByText('请输入新的手机号码')).toBeTruthy();
    await typing.type(screen.getByPlaceholderText('请输入手机号码'), '13900000000');
    await typing.type(screen.getByLabelText('短信验证码'), '123456');
    await typing.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ area: '86', phone: '13900000000', smsCode: '123456' });
    expect(sent[0]?.password).not.toBe('secret123');
    expect(await keys.decrypt(sent[0]?.password ?? '')).toBe('secret123');
  });
});

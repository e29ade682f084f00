import { api, walletApi } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import { readForm, type SentRequest, signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import WithdrawPasswordPage from './WithdrawPasswordPage';
import WithdrawPasswordSuccessPage from './WithdrawPasswordSuccessPage';

const server = startMockApi();
const successRoute = { path: paths.withdrawPasswordSuccess, element: <WithdrawPasswordSuccessPage /> };
let keys: Awaited<ReturnType<typeof createKeyPair>>;
let sent: SentRequest[];

beforeAll(async () => {
  keys = await createKeyPair();
});

beforeEach(() => {
  useSession.getState().logout();
  sent = [];
});

function mockApi(config: { d: boolean; p: boolean }) {
  server.use(
    ...signedIn({}, config, keys.publicKey),
    http.post(at(walletApi.withdrawPassword), async ({ request }) => {
      sent.push(await readForm(request));
      return HttpResponse.json(ok(true));
    }),
  );
}

// Typing and RSA encryption add up on a busy machine; the default 5 s is too tight.
describe('WithdrawPasswordPage', { timeout: 20_000 }, () => {
  test('When the two entries differ, then nothing is sent and the member is told', async () => {
    mockApi({ d: true, p: false });
    const typing = userEvent.setup();
    renderPage(<WithdrawPasswordPage />, { route: paths.withdrawPassword });

    await typing.type(await screen.findByLabelText('提现密码'), '135790');
    await typing.type(screen.getByLabelText('确认密码'), '135791');
    await typing.click(screen.getByRole('button', { name: '提交' }));

    expect((await screen.findAllByText('两次输入的密码不一致')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
  });

  test('When fewer than 6 digits are typed, then nothing is sent', async () => {
    mockApi({ d: true, p: false });
    const typing = userEvent.setup();
    renderPage(<WithdrawPasswordPage />, { route: paths.withdrawPassword });

    await typing.type(await screen.findByLabelText('提现密码'), '13a57');
    await typing.type(screen.getByLabelText('确认密码'), '1357');
    await typing.click(screen.getByRole('button', { name: '提交' }));

    expect((await screen.findAllByText('提现密码须为6位数字')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
  });

  test('When both entries match, then the password goes encrypted and the success page says it is set', async () => {
    mockApi({ d: true, p: false });
    const typing = userEvent.setup();
    renderPage(<WithdrawPasswordPage />, { route: paths.withdrawPassword, routes: [successRoute] });

    await typing.type(await screen.findByLabelText('提现密码'), '135790');
    await typing.type(screen.getByLabelText('确认密码'), '135790');
    await typing.click(screen.getByRole('button', { name: '提交' }));

    expect(await screen.findByText('提现密码设置成功')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.password).not.toBe('135790');
    expect(await keys.decrypt(sent[0]!.body.password!)).toBe('135790');
    expect(sent[0]!.body.oldPassword).toBeUndefined();
  });

  test('When a password is already set, then changing it sends the old and the new one, both encrypted, and success says it changed', async () => {
    mockApi({ d: true, p: true });
    const typing = userEvent.setup();
    renderPage(<WithdrawPasswordPage />, { route: paths.withdrawPassword, routes: [successRoute] });

    expect(await screen.findByText('修改提现密码')).toBeTruthy();
    await typing.type(await screen.findByLabelText('原提现密码'), '111111');
    await typing.type(screen.getByLabelText('新提现密码'), '222222');
    await typing.type(screen.getByLabelText('确认密码'), '222222');
    await typing.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await keys.decrypt(sent[0]!.body.oldPassword!)).toBe('111111');
    expect(await keys.decrypt(sent[0]!.body.password!)).toBe('222222');
    expect(await screen.findByText('提现密码已修改')).toBeTruthy();
  });

  test('When the SMS way is chosen, then the member types the full bound number and a wrong one is refused', async () => {
    mockApi({ d: true, p: true });
    let smsRequests = 0;
    server.use(
      http.get(at(api.phoneArea), () =>
        HttpResponse.json(ok([{ area: '86', name: '中国大陆', pattern: '^1\\d{10}$' }])),
      ),
      http.get(
        at(api.captcha),
        () =>
          new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
            headers: { 'content-type': 'image/svg+xml' },
          }),
      ),
      http.post(at(api.sms), () => {
        smsRequests++;
        return HttpResponse.json(ok({ cooldown: 60 }));
      }),
    );
    const typing = userEvent.setup();
    renderPage(<WithdrawPasswordPage />, { route: paths.withdrawPassword });

    await typing.click(await screen.findByRole('tab', { name: '短信验证' }));
    expect(await screen.findByText('请输入完整的绑定手机号码（+86 138****8000）')).toBeTruthy();
    await typing.type(screen.getByLabelText('手机号码'), '13900138000');
    await typing.type(screen.getByLabelText('图形验证码'), '1234');
    await typing.click(screen.getByRole('button', { name: '获取验证码' }));

    expect((await screen.findAllByText('请输入您绑定的手机号码')).length).toBeGreaterThan(0);
    expect(smsRequests).toBe(0);
  });

  test('When the platform has the feature off, then the page says so and shows no form', async () => {
    mockApi({ d: false, p: false });
    renderPage(<WithdrawPasswordPage />, { route: paths.withdrawPassword });

    expect(await screen.findByText('提现密码功能暂未开启')).toBeTruthy();
    expect(screen.queryByLabelText('提现密码')).toBeNull();
  });
});

test('The success page leads to withdrawing and back to 我的', () => {
  renderPage(<WithdrawPasswordSuccessPage />, { route: paths.withdrawPasswordSuccess, state: { saved: 'set' } });

  expect(screen.getByText('提现密码设置成功')).toBeTruthy();
  expect(screen.getByRole('button', { name: '返回我的' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '去提现' }));
  expect(screen.getByTestId('location').textContent).toBe(paths.withdraw);
});

test('When the success page is opened directly, then nothing claims a save: it says none is set yet and offers to set one', async () => {
  mockApi({ d: true, p: false });
  renderPage(<WithdrawPasswordSuccessPage />, { route: paths.withdrawPasswordSuccess });

  expect(await screen.findByText('您还未设置提现密码')).toBeTruthy();
  expect(screen.queryByText('提现密码设置成功')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '设置提现密码' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.withdrawPassword));
});

test('When the success page is opened directly with a password set, then it says so and offers to change it', async () => {
  mockApi({ d: true, p: true });
  renderPage(<WithdrawPasswordSuccessPage />, { route: paths.withdrawPasswordSuccess });

  expect(await screen.findByText('您的提现密码已设置')).toBeTruthy();
  expect(screen.queryByText('提现密码已修改')).toBeNull();
  expect(screen.getByRole('button', { name: '修改提现密码' })).toBeTruthy();
});

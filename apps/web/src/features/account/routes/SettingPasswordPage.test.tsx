import { api } from '@jinb/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import { ok, renderPage, resetSession, server } from '../../../shared/testing/forms-harness';
import SettingPasswordPage from './SettingPasswordPage';
import SettingSuccessPage from './SettingSuccessPage';

let keys: Awaited<ReturnType<typeof createKeyPair>>;
let sent: Record<string, string>[];

beforeAll(async () => {
  keys = await createKeyPair();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  resetSession();
  useSession.getState().setToken('old-token');
  sent = [];
  server.resetHandlers(
    http.get(api.token, () => ok({ account: 'demo01' })),
    http.get(api.publicKey, () => ok({ key: keys.publicKey })),
    http.post(api.updatePassword, async ({ request }) => {
      sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok({ token: 'fresh-token' });
    }),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function fill(oldPassword: string, password: string, confirm: string) {
  const typing = userEvent.setup();
  await typing.type(screen.getByLabelText('原密码'), oldPassword);
  await typing.type(screen.getByLabelText('新密码'), password);
  await typing.type(screen.getByLabelText('确认新密码'), confirm);
  await typing.click(screen.getByRole('button', { name: '提交' }));
}

describe('SettingPasswordPage', () => {
  test('When the confirmation does not match, then nothing is sent and the member is told', async () => {
    renderPage(<SettingPasswordPage />, { path: paths.settingPassword });

    await fill('old12345', 'new12345', 'new12346');

    expect((await screen.findAllByText('两次输入的密码不一致')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
  });

  test('When the new password equals the old one, then nothing is sent', async () => {
    renderPage(<SettingPasswordPage />, { path: paths.settingPassword });

    await fill('same1234', 'same1234', 'same1234');

    expect((await screen.findAllByText('新密码不能与旧密码相同')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
  });

  test('When the change is accepted, then both passwords went encrypted, the new token is kept and success shows', async () => {
    const { router } = renderPage(<SettingPasswordPage />, {
      path: paths.settingPassword,
      routes: [{ path: paths.settingSuccess, element: <SettingSuccessPage /> }],
    });

    await fill('old12345', 'new12345', 'new12345');

    expect(await screen.findByText('您的密码已修改')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.settingSuccess);
    expect(await keys.decrypt(sent[0]!.oldPassword!)).toBe('old12345');
    expect(await keys.decrypt(sent[0]!.password!)).toBe('new12345');
    expect(useSession.getState().token).toBe('fresh-token');
  });
});

describe('SettingSuccessPage', () => {
  test('When it is opened directly, then nothing claims a password was changed: it says one is set and leads on', async () => {
    renderPage(<SettingSuccessPage />, { path: paths.settingSuccess });

    expect(screen.getByText('您的登录密码已设置')).toBeTruthy();
    expect(screen.queryByText('您的密码已修改')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '修改登录密码' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.settingPassword));
  });
});

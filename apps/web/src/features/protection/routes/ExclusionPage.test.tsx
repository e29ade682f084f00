import { api, type ExclusionView, protectionApi } from '@jinb/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { createKeyPair } from '../../../shared/testing/crypto';
import { readForm, type SentRequest, signedIn } from '../../../shared/testing/member';
import { renderPage } from '../../../shared/testing/render';
import { at, ok, startMockApi } from '../../../shared/testing/server';
import ExclusionPage from './ExclusionPage';

const server = startMockApi();

let keys: Awaited<ReturnType<typeof createKeyPair>>;
let sent: SentRequest[];
let wrongPassword: boolean;

beforeAll(async () => {
  keys = await createKeyPair();
});

beforeEach(() => {
  sent = [];
  wrongPassword = false;
  server.use(
    ...signedIn({}, { d: true, p: true }, keys.publicKey),
    http.get(at(api.preInfo), () => HttpResponse.json(ok({ timeZone: 'Asia/Shanghai' }))),
    http.post(at(protectionApi.memberExclusion), async ({ request }) => {
      sent.push(await readForm(request));
      if (wrongPassword) return HttpResponse.json({ status: false, data: '密码错误', code: 'PASSWORD_WRONG' });
      const view: ExclusionView = {
        kind: 'timeout',
        startsAt: '2030-05-01T04:00:00.000Z',
        until: '2030-05-02T04:00:00.000Z',
      };
      return HttpResponse.json(ok(view));
    }),
  );
});

const open = () => renderPage(<ExclusionPage />, { route: paths.exclusion });

async function chooseTimeoutOfADay() {
  const typing = userEvent.setup();
  expect(screen.getByText('期限内不能提前解除，客服也不能。')).toBeTruthy();
  expect(screen.getByRole('button', { name: '请选择期限' }).hasAttribute('disabled')).toBe(true);
  await typing.click(screen.getByRole('button', { name: '24 小时' }));
  await typing.click(screen.getByRole('button', { name: '下一步' }));
  expect(screen.getByRole('heading', { name: '确认冷静期：24 小时' })).toBeTruthy();
  return typing;
}

describe('ExclusionPage', () => {
  test('When the member confirms a 24-hour time-out with the sign-in password, then it is sent encrypted, the end date is shown and the session is cleared on the way to the login page', async () => {
    open();
    const typing = await chooseTimeoutOfADay();

    await typing.type(screen.getByLabelText('登录密码'), 'secret123');
    await typing.click(screen.getByRole('button', { name: '确认开始' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.login));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ kind: 'timeout', days: '1' });
    expect(await keys.decrypt(sent[0]?.body.password ?? '')).toBe('secret123');
    expect(await screen.findByText('冷静期已开始')).toBeTruthy();
    expect(screen.getByText('结束时间：2030-05-02 12:00')).toBeTruthy();
    expect(useSession.getState().token).toBe('');
  });

  test('When the password is left empty or is wrong, then the member stays, signed in, and is told why', async () => {
    open();
    const typing = await chooseTimeoutOfADay();

    await typing.click(screen.getByRole('button', { name: '确认开始' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入登录密码');
    expect(sent).toHaveLength(0);

    wrongPassword = true;
    await typing.type(screen.getByLabelText('登录密码'), 'wrong123');
    await typing.click(screen.getByRole('button', { name: '确认开始' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('密码错误'));
    expect(sent).toHaveLength(1);
    expect(useSession.getState().token).toBe('token');
    expect(screen.queryByTestId('location')).toBeNull();
  });
});

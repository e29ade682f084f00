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
import AddBankCardPage from './AddBankCardPage';

const server = startMockApi();
let keys: Awaited<ReturnType<typeof createKeyPair>>;
let sent: SentRequest[];
let answers: Array<() => Response>;

const banks = [
  { id: '010002', code: 'CCB', label: '中国建设银行', sort: 2 },
  { id: '010001', code: 'ICBC', label: '中国工商银行', sort: 1 },
];

const boundCard = {
  id: '7',
  kind: 'bank',
  bankCode: 'ICBC',
  bankName: '中国工商银行',
  branch: '北京朝阳支行',
  holderName: '张三',
  accountNo: '6222****0123',
  network: '',
  createdAt: '2025-05-01T08:00:00Z',
};

beforeAll(async () => {
  keys = await createKeyPair();
});

beforeEach(() => {
  useSession.getState().logout();
  sent = [];
  answers = [];
});

function mockApi(user: Parameters<typeof signedIn>[0] = {}, config = { d: true, p: true }) {
  server.use(
    ...signedIn(user, config, keys.publicKey),
    http.get(at(api.tree), ({ request }) =>
      new URL(request.url).searchParams.get('id') === '010'
        ? HttpResponse.json(ok(banks))
        : HttpResponse.json({ status: false, data: '参数错误', code: 'BAD_REQUEST' }, { status: 400 }),
    ),
    http.post(at(walletApi.cards), async ({ request }) => {
      sent.push(await readForm(request));
      return answers.shift()?.() ?? HttpResponse.json(ok(boundCard));
    }),
  );
}

async function fillForm(typing: ReturnType<typeof userEvent.setup>, { holder = '张三' } = {}) {
  await typing.click(await screen.findByRole('button', { name: '请选择开户银行' }));
  // Banks come sorted by the operator's order, whatever order the call answers in.
  await screen.findByText('中国工商银行');
  // The picker's popup is still animating in (pointer-events: none); a plain click picks the first bank.
  fireEvent.click(await screen.findByRole('button', { name: '确定' }));
  await screen.findByRole('button', { name: '开户银行 中国工商银行' });
  await typing.type(screen.getByLabelText('开户支行'), '北京朝阳支行');
  if (holder) await typing.type(screen.getByLabelText('持卡人'), holder);
  await typing.type(screen.getByLabelText('银行卡号'), '6222 0212-3456 7890 123');
  await typing.type(screen.getByLabelText('提现密码'), '246810');
}

// Typing, RSA encryption and retries add up on a busy machine; the default 5 s is too tight.
describe('AddBankCardPage', { timeout: 20_000 }, () => {
  test('When a card is bound, then bank, holder, digits and the encrypted password go with an Idempotency-Key', async () => {
    mockApi();
    const typing = userEvent.setup();
    renderPage(<AddBankCardPage />, { route: paths.addBankCard });

    await fillForm(typing);
    // Grouped by 4 as typed, whatever separators were pasted.
    expect((screen.getByLabelText('银行卡号') as HTMLInputElement).value).toBe('6222 0212 3456 7890 123');
    await typing.click(screen.getByRole('button', { name: '确认绑定' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.cards));
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.body).toMatchObject({
      kind: 'bank',
      bankCode: 'ICBC',
      branch: '北京朝阳支行',
      holderName: '张三',
      accountNo: '6222021234567890123',
    });
    expect(request!.body.password).not.toBe('246810');
    expect(await keys.decrypt(request!.body.password!)).toBe('246810');
    expect(request!.idempotencyKey).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  test('When the first attempt fails, then the retry reuses its key; after an edit a new key is used', async () => {
    mockApi();
    answers.push(() =>
      HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 }),
    );
    answers.push(() =>
      HttpResponse.json({ status: false, data: '系统繁忙，请重试', code: 'INTERNAL' }, { status: 500 }),
    );
    const typing = userEvent.setup();
    renderPage(<AddBankCardPage />, { route: paths.addBankCard });

    await fillForm(typing);
    const submit = screen.getByRole('button', { name: '确认绑定' }) as HTMLButtonElement;
    await typing.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('系统繁忙，请重试', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(submit.disabled).toBe(false));
    await typing.click(submit);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    await waitFor(() => expect(submit.disabled).toBe(false));

    await typing.type(screen.getByLabelText('开户支行'), '营业部');
    await typing.click(submit);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  test('When the member has a real name, then it is filled in and cannot be edited', async () => {
    mockApi({ realName: '李四' });
    renderPage(<AddBankCardPage />, { route: paths.addBankCard });

    const holder = (await screen.findByLabelText('持卡人')) as HTMLInputElement;
    expect(holder.value).toBe('李四');
    expect(holder.readOnly).toBe(true);
  });

  test('When the card number is too short, then nothing is sent', async () => {
    mockApi();
    const typing = userEvent.setup();
    renderPage(<AddBankCardPage />, { route: paths.addBankCard });

    await typing.click(await screen.findByRole('button', { name: '请选择开户银行' }));
    await screen.findByText('中国工商银行');
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await typing.type(screen.getByLabelText('持卡人'), '张三');
    await typing.type(screen.getByLabelText('银行卡号'), '62220212');
    await typing.type(screen.getByLabelText('提现密码'), '246810');
    await typing.click(screen.getByRole('button', { name: '确认绑定' }));

    expect((await screen.findAllByText('请输入正确的银行卡号')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);
  });

  test('When the withdraw password is not set yet, then the page asks for it instead of showing the form', async () => {
    mockApi({}, { d: true, p: false });
    renderPage(<AddBankCardPage />, { route: paths.addBankCard });

    expect(await screen.findByText('为了您的账户安全，请先设置提现密码')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去设置提现密码' }).getAttribute('href')).toBe(paths.withdrawPassword);
    expect(screen.queryByLabelText('银行卡号')).toBeNull();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdBridge } from '../../../shared/ui/antd-app';
import { IssueCodesForm } from './IssueCodesForm';

const batch = {
  id: '7',
  name: '周末',
  amount: '6.6000',
  uses: 1,
  multiple: '1',
  minLevel: 0,
  expiresAt: '2099-01-01T00:00:00.000Z',
  disabled: false,
  codes: 2,
  redeemed: 0,
  createdAt: '2026-11-26T00:00:00.000Z',
};

/** The server as the form sees it: each body sent kept, answered in turn. */
function server(answers: { status: number; body: unknown }[]) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      const next = answers.shift();
      if (!next) throw new Error('unexpected call');
      return new Response(JSON.stringify(next.body), { status: next.status });
    }),
  );
  return sent;
}

function renderForm(onIssued = vi.fn()) {
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AntdBridge />
        <IssueCodesForm onIssued={onIssued} />
      </AntdApp>
    </ConfigProvider>,
  );
  return onIssued;
}

describe('issuing a code batch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a bad amount and multiple with the contract’s messages without sending, then sends the corrected batch', async () => {
    const user = userEvent.setup();
    const sent = server([
      { status: 200, body: { status: true, data: { batch, codes: ['ABCDEFGHJK', 'MNPQRSTUVW'] } } },
    ]);
    const onIssued = renderForm();
    await user.click(screen.getByRole('button', { name: '发放兑换码' }));
    await user.type(await screen.findByLabelText('每码金额（元）'), '0');
    await user.clear(screen.getByLabelText('流水倍数'));
    await user.type(screen.getByLabelText('流水倍数'), '500');
    await user.click(screen.getByRole('button', { name: '发放' }));
    expect(await screen.findByText('流水倍数须为 0 到 100 之间的数，最多两位小数')).toBeTruthy();
    expect(screen.getByText('请输入正确的金额')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('每码金额（元）'));
    await user.type(screen.getByLabelText('每码金额（元）'), '6.6');
    await user.clear(screen.getByLabelText('流水倍数'));
    await user.type(screen.getByLabelText('流水倍数'), '1');
    await user.click(screen.getByRole('button', { name: '发放' }));
    await waitFor(() => expect(onIssued).toHaveBeenCalled());
    expect(sent).toEqual([expect.objectContaining({ amount: '6.6', multiple: '1', count: 10, uses: 1 })]);
    expect(onIssued.mock.calls[0]?.[0].codes).toEqual(['ABCDEFGHJK', 'MNPQRSTUVW']);
  });

  it('shows the server’s own message when it refuses, and keeps the form open', async () => {
    const user = userEvent.setup();
    server([{ status: 403, body: { status: false, data: '无权限执行此操作', code: 'FORBIDDEN' } }]);
    const onIssued = renderForm();
    await user.click(screen.getByRole('button', { name: '发放兑换码' }));
    await user.type(await screen.findByLabelText('每码金额（元）'), '5');
    await user.click(screen.getByRole('button', { name: '发放' }));
    expect(await screen.findByText('无权限执行此操作')).toBeTruthy();
    expect(onIssued).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '发放一批兑换码' })).toBeTruthy();
  });
});

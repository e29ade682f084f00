import type { WalletSettings } from '@jinb/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../shared/access/access';
import { AntdBridge } from '../../shared/ui/antd-app';
import WalletSettingsPage from './WalletSettingsPage';

const settings: WalletSettings = {
  flowMultiple: '1',
  withdrawMin: '100.0000',
  withdrawMax: '50000.0000',
  withdrawDailyCount: 5,
  withdrawDailyAmount: '200000.0000',
  withdrawFeeRate: '0.5',
  withdrawFeeFixed: '0.0000',
  depositExpiryMinutes: 30,
  depositPendingMax: 3,
  depositGraceHours: 24,
  usdtRate: '7.2000',
  cardLimits: { bank: 5, alipay: 2, usdt: 2 },
  withdrawPasswordEnabled: true,
  adjustMax: '100000.0000',
  adjustApprovalAbove: '5000.0000',
};

/** The server as the page sees it: the settings, and each save kept and answered with what was sent. */
function serve() {
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = init?.method === 'PUT' ? JSON.parse(String(init.body)) : settings;
      if (init?.method === 'PUT') saved.push(body);
      return new Response(JSON.stringify({ status: true, data: body }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return saved;
}

function page(role: string) {
  const operator = toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <AntdApp>
          <AntdBridge />
          <OperatorProvider operator={operator}>
            <WalletSettingsPage />
          </OperatorProvider>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the wallet settings page', () => {
  it('shows each setting with its unit, and saves a changed count as a whole number with the rest as read', async () => {
    const user = userEvent.setup();
    const saved = serve();
    render(page('admin'));
    const count = (await screen.findByLabelText('每日提现次数（VIP0）')) as HTMLInputElement;
    expect(count.value).toBe('5');
    expect((screen.getByLabelText('USDT 汇率（元）') as HTMLInputElement).value).toBe('7.2000');
    expect(screen.getAllByText('元').length).toBeGreaterThan(0);
    expect(screen.getByText('%')).toBeTruthy();
    await user.clear(count);
    await user.type(count, '8.6');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...settings, withdrawDailyCount: 9 });
    expect(await screen.findByText('钱包设置已保存')).toBeTruthy();
  }, 40_000);

  it('keeps a count in its bounds and a role that may only read sees the settings without a save', async () => {
    serve();
    render(page('support'));
    const minutes = (await screen.findByLabelText('充值订单有效期（分钟）')) as HTMLInputElement;
    expect(minutes.getAttribute('aria-valuemin')).toBe('1');
    expect(minutes.getAttribute('aria-valuemax')).toBe('1440');
    expect(minutes.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  }, 40_000);
});

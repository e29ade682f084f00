import type { WithdrawalDeskRow } from '@jinb/contract';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../../shared/access/access';
import WithdrawalsPage from './WithdrawalsPage';

const card = {
  id: '1',
  kind: 'alipay' as const,
  bankCode: '',
  bankName: '',
  branch: '',
  holderName: '张三',
  accountNo: '1380****0000',
  network: '',
  createdAt: '2026-11-26T00:00:00.000Z',
};

function row(id: string, status: WithdrawalDeskRow['status'], overdue: boolean): WithdrawalDeskRow {
  return {
    id,
    memberId: '9',
    account: `member${id}`,
    amount: '200.0000',
    fee: '0.0000',
    actual: '200.0000',
    status,
    reason: '',
    card,
    createdAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
    balance: '300.0000',
    turnoverRequired: '100.0000',
    turnoverWagered: '40.0000',
    overdue,
  };
}

/** The server as the page reads it: the queues and one page of withdrawals. */
function serve(rows: WithdrawalDeskRow[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const data = url.includes('/money/queues')
        ? {
            withdrawSlaMinutes: 30,
            queues: {
              deposits: { count: 0, oldestAt: null },
              withdrawals: { count: rows.length, oldestAt: '2026-11-26T00:00:00.000Z' },
              approvals: { count: 0, oldestAt: null },
              unmatched: { count: 0, oldestAt: null },
            },
          }
        : { rows, total: rows.length, slaMinutes: 30 };
      return new Response(JSON.stringify({ status: true, data }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function page(role: string) {
  const operator = toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
  return (
    <OperatorProvider operator={operator}>
      <WithdrawalsPage />
    </OperatorProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the withdrawals page', () => {
  it('asks for the queue by default, marks a withdrawal past the SLA red with 超时, and shows the member beside it', async () => {
    const asked = serve([row('1', 'unhandled', true), row('2', 'accepted', false)]);
    render(page('finance'));
    const late = (await screen.findByText('member1')).closest('tr') as HTMLElement;
    const fresh = (await screen.findByText('member2')).closest('tr') as HTMLElement;
    expect(within(late).getByText('超时')).toBeTruthy();
    expect(late.style.background).not.toBe('');
    expect(within(fresh).queryByText('超时')).toBeNull();
    expect(fresh.style.background).toBe('');
    expect(within(late).getByText('流水未达标')).toBeTruthy();
    expect(within(late).getByText('支付宝 张三 1380****0000')).toBeTruthy();
    // 受理 only while unhandled; 出款 and 拒绝 on both.
    expect(within(late).getByText('受理')).toBeTruthy();
    expect(within(fresh).queryByText('受理')).toBeNull();
    expect(within(fresh).getByText('出款')).toBeTruthy();
    expect(within(fresh).getByText('拒绝')).toBeTruthy();
    expect(asked.some((url) => url.includes('/api/admin/v1/money/withdrawals') && url.includes('status=queue'))).toBe(
      true,
    );
  });

  it('shows no decision to a role that may not make one', async () => {
    serve([row('3', 'unhandled', false)]);
    render(page('support'));
    const only = (await screen.findByText('member3')).closest('tr') as HTMLElement;
    for (const action of ['受理', '出款', '拒绝']) expect(within(only).queryByText(action)).toBeNull();
  });
});

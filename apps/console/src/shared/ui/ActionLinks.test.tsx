import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../access/access';
import { ConsoleApiError } from '../api/call';
import { ActionLinks, type RowAction } from './ActionLinks';
import { AntdBridge } from './antd-app';

function renderLinks(role: string, actions: RowAction[]) {
  const operator = toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
  return render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AntdBridge />
        <OperatorProvider operator={operator}>
          <ActionLinks subject="#42" actions={actions} />
        </OperatorProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

describe('a row’s action links', () => {
  it('shows an action only when the row allows it and the role may make its call', () => {
    const actions: RowAction[] = [
      { key: 'accept', call: 'adminWithdrawalAccept', label: '受理', confirm: { action: vi.fn() } },
      { key: 'pay', call: 'adminWithdrawalPay', label: '出款', when: false, confirm: { action: vi.fn() } },
      { key: 'refuse', call: 'adminWithdrawalRefuse', element: <button type="button">拒绝</button> },
    ];
    const { unmount } = renderLinks('finance', actions);
    expect(screen.getByText('受理')).toBeTruthy();
    expect(screen.queryByText('出款')).toBeNull();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeTruthy();
    unmount();
    renderLinks('support', actions);
    expect(screen.queryByText('受理')).toBeNull();
    expect(screen.queryByRole('button', { name: '拒绝' })).toBeNull();
  });

  it('asks first, titled with the row, then calls and reports what came of it', async () => {
    const user = userEvent.setup();
    const action = vi.fn(async () => 'ok');
    const onDone = vi.fn();
    renderLinks('admin', [
      {
        key: 'pay',
        call: 'adminWithdrawalPay',
        label: '出款',
        confirm: { content: '向 张三 出款 100.00', action, success: '已出款', onDone },
      },
    ]);
    await user.click(screen.getByText('出款'));
    expect((await screen.findAllByText('出款 #42')).length).toBeGreaterThan(0);
    expect(action).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('ok'));
    expect(await screen.findByText('已出款')).toBeTruthy();
  });

  it('shows the server’s refusal when the call is refused', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderLinks('admin', [
      {
        key: 'approve',
        call: 'adminApprovalApprove',
        label: '通过',
        confirm: {
          action: async () => {
            throw new ConsoleApiError('不能审批自己提交的申请，请由另一位操作员审批', 'APPROVAL_SELF', 403);
          },
          onDone,
        },
      },
    ]);
    await user.click(screen.getByText('通过'));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('不能审批自己提交的申请，请由另一位操作员审批')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

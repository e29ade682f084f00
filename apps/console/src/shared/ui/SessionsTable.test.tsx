import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OperatorProvider, toConsoleOperator } from '../access/access';
import { AntdBridge } from './antd-app';
import { type SessionRow, SessionsTable } from './SessionsTable';

const rows: SessionRow[] = [
  {
    id: 's1',
    device: 'Chrome · macOS',
    ip: '10.0.0.1',
    createdAt: '2026-11-26T01:00:00.000Z',
    lastSeenAt: '2026-11-26T02:00:00.000Z',
    current: true,
  },
  {
    id: 's2',
    device: '',
    ip: '10.0.0.2',
    createdAt: '2026-11-25T01:00:00.000Z',
    lastSeenAt: '2026-11-25T02:00:00.000Z',
  },
];

function renderTable(
  role: string,
  props: Partial<ComponentProps<typeof SessionsTable<SessionRow, { ended: number }>>> = {},
) {
  const end = vi.fn(async () => ({ ended: 1 }));
  const onEnded = vi.fn();
  const operator = toConsoleOperator({ id: '1', account: 'op1', role } as Parameters<typeof toConsoleOperator>[0]);
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <AntdApp>
        <AntdBridge />
        <OperatorProvider operator={operator}>
          <SessionsTable<SessionRow, { ended: number }>
            rows={rows}
            loading={false}
            endTitle="结束这个会话？"
            end={end}
            ended={(result) => `已结束 ${result.ended} 个会话`}
            onEnded={onEnded}
            {...props}
          />
        </OperatorProvider>
      </AntdApp>
    </ConfigProvider>,
  );
  return { end, onEnded };
}

describe('the sessions table', () => {
  it('marks the session in use and offers no 结束 on it; ends another after the operator confirms', async () => {
    const user = userEvent.setup();
    const { end, onEnded } = renderTable('support');
    const current = screen.getByText('10.0.0.1').closest('tr') as HTMLElement;
    expect(within(current).getByText('当前会话')).toBeTruthy();
    expect(within(current).queryByRole('button', { name: '结束' })).toBeNull();
    const other = screen.getByText('10.0.0.2').closest('tr') as HTMLElement;
    expect(within(other).getByText('-')).toBeTruthy();
    await user.click(within(other).getByRole('button', { name: '结束' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(end).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
    expect(end).toHaveBeenCalledWith(rows[1]);
    expect(await screen.findByText('已结束 1 个会话')).toBeTruthy();
  }, 30_000);

  it('hides 结束 from a role that may not make the call that ends another operator’s session', () => {
    renderTable('support', { endAccess: 'adminOperatorSessionRevoke' });
    expect(screen.queryByRole('button', { name: '结束' })).toBeNull();
  });

  it('says there is no session in the words it is given', () => {
    renderTable('admin', { rows: [], emptyText: '没有在线会话' });
    expect(screen.getByText('没有在线会话')).toBeTruthy();
  });
});

import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { DEPOSIT_STATUSES, type DepositDeskRow, reasonBody } from '@jinb/contract';
import { Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { ActionLinks } from '../../shared/ui/ActionLinks';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { ReasonAction } from '../../shared/ui/ReasonAction';
import { TimeText } from '../../shared/ui/TimeText';
import { moneyMessages as t } from './messages';
import { QueueSummary } from './QueueSummary';
import { useMoneyQueues } from './useMoneyQueues';

const STATUS_COLORS: Record<DepositDeskRow['status'], string> = {
  pending: 'orange',
  confirmed: 'green',
  rejected: 'red',
  expired: 'default',
};

/** One request function for the page's life: ProTable fetches again when it changes. */
const loadDeposits = tableRequest('adminDepositDesk');

/**
 * 充值订单: every deposit order, live; 确认到账 for a pending or expired one (the money came, the gateway did not say
 * so; a late payment on an expired order is still the member's) and 拒绝 for a pending one.
 */
export default function DepositsPage() {
  const table = useRef<ActionType>(undefined);
  const queues = useMoneyQueues((change) => {
    if (change.queue === 'deposits') void table.current?.reload();
  });
  const reload = () => void table.current?.reload();

  const columns: ProColumns<DepositDeskRow>[] = [
    {
      title: t.common.status,
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      initialValue: 'pending',
      valueEnum: Object.fromEntries(DEPOSIT_STATUSES.map((status) => [status, { text: t.deposits.status[status] }])),
    },
    { title: t.common.id, dataIndex: 'id', width: 80 },
    { title: t.common.account, dataIndex: 'account' },
    { title: t.deposits.channel, dataIndex: 'channelName', search: false },
    {
      title: t.common.amount,
      dataIndex: 'amount',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    {
      title: t.deposits.payAmount,
      dataIndex: 'payAmount',
      search: false,
      align: 'right',
      render: (_, row) => (
        <Space direction="vertical" size={0} align="end">
          <MoneyText value={row.payAmount} />
          {row.coinAmount ? <Typography.Text type="secondary">{row.coinAmount} USDT</Typography.Text> : null}
        </Space>
      ),
    },
    { title: t.deposits.remark, dataIndex: 'remark', search: false },
    {
      title: t.common.status,
      dataIndex: 'status',
      search: false,
      render: (_, row) => (
        <Space size={4}>
          <Tag color={STATUS_COLORS[row.status]}>{t.deposits.status[row.status]}</Tag>
          {row.reason ? <Typography.Text type="secondary">{row.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t.common.createdAt,
      dataIndex: 'createdAt',
      sorter: true,
      search: false,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    {
      title: t.deposits.expiresAt,
      dataIndex: 'expiresAt',
      search: false,
      render: (_, row) => <TimeText value={row.expiresAt} />,
    },
    {
      title: t.common.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <ActionLinks
          subject={`#${row.id}`}
          actions={[
            {
              key: 'confirm',
              call: 'adminDepositConfirm',
              label: t.deposits.confirm,
              when: row.status === 'pending' || row.status === 'expired',
              confirm: {
                content: t.deposits.confirmText(row.payAmount),
                action: () => call('adminDepositConfirm', { params: { id: Number(row.id) } }),
                success: t.deposits.confirmed,
                onDone: reload,
              },
            },
            {
              key: 'reject',
              call: 'adminDepositReject',
              when: row.status === 'pending',
              element: (
                <ReasonAction
                  label={t.deposits.reject}
                  title={`${t.deposits.rejectTitle} #${row.id}`}
                  schema={reasonBody}
                  send={(reason) => call('adminDepositReject', { params: { id: Number(row.id) }, body: { reason } })}
                  done={t.deposits.rejected}
                  onDone={reload}
                />
              ),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Page content={<QueueSummary queues={queues} queue="deposits" />}>
      <ConsoleTable<DepositDeskRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1200 }}
        request={loadDeposits}
      />
    </Page>
  );
}

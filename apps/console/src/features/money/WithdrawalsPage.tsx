import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import type { WithdrawalDeskRow } from '@jinb/contract';
import { requiredReasonBody, WITHDRAW_STATUSES } from '@jinb/contract';
import { Alert, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { confirmAction } from '../../shared/ui/confirmAction';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { moneyMessages as t } from './messages';
import { QueueSummary } from './QueueSummary';
import { ReasonAction } from './ReasonAction';
import { useMoneyQueues } from './useMoneyQueues';

const STATUS_COLORS: Record<WithdrawalDeskRow['status'], string> = {
  unhandled: 'orange',
  accepted: 'blue',
  paid: 'green',
  refused: 'red',
  cancelled: 'default',
};

function payeeOf(row: WithdrawalDeskRow): string {
  const card = row.card;
  return [card.bankName || card.network || card.kind, card.holderName, card.accountNo].filter(Boolean).join(' ');
}

/**
 * 提现审核: the withdrawals the desk owes, live (a new one appears and beeps without a reload), each with the member's
 * balance and turnover; 受理, 出款, 拒绝 (with a reason). One waiting past the SLA is red and tagged 超时.
 */
export default function WithdrawalsPage() {
  const table = useRef<ActionType>(undefined);
  const queues = useMoneyQueues((change) => {
    if (change.queue === 'withdrawals') void table.current?.reload();
  });
  const reload = () => void table.current?.reload();
  const sla = queues?.withdrawSlaMinutes ?? 30;

  const columns: ProColumns<WithdrawalDeskRow>[] = [
    {
      title: t.common.status,
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      initialValue: 'queue',
      valueEnum: {
        queue: { text: t.withdrawals.queue },
        ...Object.fromEntries(WITHDRAW_STATUSES.map((status) => [status, { text: t.withdrawals.status[status] }])),
      },
    },
    { title: t.common.id, dataIndex: 'id', width: 80 },
    { title: t.common.account, width: 130, dataIndex: 'account' },
    {
      title: t.common.amount,
      width: 110,
      dataIndex: 'amount',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    {
      title: t.withdrawals.fee,
      width: 90,
      dataIndex: 'fee',
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.fee} />,
    },
    {
      title: t.withdrawals.actual,
      width: 110,
      dataIndex: 'actual',
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.actual} />,
    },
    { title: t.withdrawals.payee, width: 220, dataIndex: 'card', search: false, render: (_, row) => payeeOf(row) },
    {
      title: t.withdrawals.balance,
      width: 120,
      dataIndex: 'balance',
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.balance} />,
    },
    {
      title: t.withdrawals.turnover,
      width: 210,
      dataIndex: 'turnoverWagered',
      search: false,
      render: (_, row) => (
        <Space size={4}>
          <MoneyText value={row.turnoverWagered} />/<MoneyText value={row.turnoverRequired} />
          {Number(row.turnoverWagered) < Number(row.turnoverRequired) ? (
            <Tag color="warning">{t.withdrawals.turnoverUnmet}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t.common.status,
      dataIndex: 'status',
      search: false,
      render: (_, row) => (
        <Space size={4}>
          <Tag color={STATUS_COLORS[row.status]}>{t.withdrawals.status[row.status]}</Tag>
          {row.overdue ? <Tag color="red">{t.withdrawals.overdue}</Tag> : null}
          {row.reason ? <Typography.Text type="secondary">{row.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t.common.createdAt,
      width: 170,
      dataIndex: 'createdAt',
      sorter: true,
      search: false,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    {
      title: t.common.actions,
      width: 170,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => [
        row.status === 'unhandled' ? (
          <Can key="accept" call="adminWithdrawalAccept">
            <Typography.Link
              onClick={() =>
                confirmAction({
                  title: `${t.withdrawals.accept} #${row.id}`,
                  content: t.withdrawals.acceptConfirm,
                  action: () => call('adminWithdrawalAccept', { params: { id: Number(row.id) } }),
                  success: t.withdrawals.accepted,
                  onDone: reload,
                })
              }
            >
              {t.withdrawals.accept}
            </Typography.Link>
          </Can>
        ) : null,
        row.status === 'unhandled' || row.status === 'accepted' ? (
          <Can key="pay" call="adminWithdrawalPay">
            <Typography.Link
              onClick={() =>
                confirmAction({
                  title: `${t.withdrawals.pay} #${row.id}`,
                  content: t.withdrawals.payConfirm(row.actual, payeeOf(row)),
                  action: () => call('adminWithdrawalPay', { params: { id: Number(row.id) } }),
                  success: t.withdrawals.paid,
                  onDone: reload,
                })
              }
            >
              {t.withdrawals.pay}
            </Typography.Link>
          </Can>
        ) : null,
        row.status === 'unhandled' || row.status === 'accepted' ? (
          <Can key="refuse" call="adminWithdrawalRefuse">
            <ReasonAction
              label={t.withdrawals.refuse}
              title={`${t.withdrawals.refuseTitle} #${row.id}`}
              schema={requiredReasonBody}
              send={(reason) => call('adminWithdrawalRefuse', { params: { id: Number(row.id) }, body: { reason } })}
              done={t.withdrawals.refused}
              onDone={reload}
            />
          </Can>
        ) : null,
      ],
    },
  ];

  return (
    <Page content={<QueueSummary queues={queues} queue="withdrawals" />}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.withdrawals.overdueHint(sla)} />
      <ProTable<WithdrawalDeskRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        onRow={(row) => (row.overdue ? { style: { background: '#fff1f0' }, 'data-overdue': 'true' } : {})}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1700 }}
        request={tableRequest('adminWithdrawalDesk')}
      />
    </Page>
  );
}

import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { WithdrawalDeskRow } from '@jinb/contract';
import { requiredReasonBody, WITHDRAW_STATUSES } from '@jinb/contract';
import { Alert, Space, Tag, Typography } from 'antd';
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

const STATUS_COLORS: Record<WithdrawalDeskRow['status'], string> = {
  unhandled: 'orange',
  accepted: 'blue',
  paid: 'green',
  refused: 'red',
  cancelled: 'default',
};

/** One request function for the page's life: ProTable fetches again when it changes. */
const loadWithdrawals = tableRequest('adminWithdrawalDesk');

function payeeOf(row: WithdrawalDeskRow): string {
  const card = row.card;
  return [card.bankName || card.network || t.withdrawals.cardKinds[card.kind], card.holderName, card.accountNo]
    .filter(Boolean)
    .join(' ');
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
    { title: t.common.id, dataIndex: 'id', width: 70 },
    { title: t.common.account, dataIndex: 'account', width: 120 },
    {
      title: t.common.status,
      dataIndex: 'status',
      search: false,
      width: 150,
      render: (_, row) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[row.status]}>{t.withdrawals.status[row.status]}</Tag>
          {row.overdue ? <Tag color="red">{t.withdrawals.overdue}</Tag> : null}
          {row.reason ? <Typography.Text type="secondary">{row.reason}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t.common.amount,
      dataIndex: 'amount',
      sorter: true,
      search: false,
      align: 'right',
      width: 110,
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    {
      title: t.withdrawals.actual,
      dataIndex: 'actual',
      search: false,
      align: 'right',
      width: 120,
      render: (_, row) => (
        <Space direction="vertical" size={0} align="end">
          <MoneyText value={row.actual} />
          {Number(row.fee) > 0 ? (
            <Typography.Text type="secondary">
              {t.withdrawals.fee} <MoneyText value={row.fee} />
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { title: t.withdrawals.payee, dataIndex: 'card', search: false, width: 210, render: (_, row) => payeeOf(row) },
    {
      title: t.withdrawals.balance,
      dataIndex: 'balance',
      search: false,
      align: 'right',
      width: 110,
      render: (_, row) => <MoneyText value={row.balance} />,
    },
    {
      title: t.withdrawals.turnover,
      dataIndex: 'turnoverWagered',
      search: false,
      width: 190,
      render: (_, row) => (
        <Space size={4} wrap>
          <span>
            <MoneyText value={row.turnoverWagered} /> / <MoneyText value={row.turnoverRequired} />
          </span>
          {Number(row.turnoverWagered) < Number(row.turnoverRequired) ? (
            <Tag color="warning">{t.withdrawals.turnoverUnmet}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t.withdrawals.createdAt,
      dataIndex: 'createdAt',
      sorter: true,
      search: false,
      width: 170,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    {
      title: t.common.actions,
      width: 170,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => {
        const queued = row.status === 'unhandled' || row.status === 'accepted';
        return (
          <ActionLinks
            subject={`#${row.id}`}
            actions={[
              {
                key: 'accept',
                call: 'adminWithdrawalAccept',
                label: t.withdrawals.accept,
                when: row.status === 'unhandled',
                confirm: {
                  content: t.withdrawals.acceptConfirm,
                  action: () => call('adminWithdrawalAccept', { params: { id: Number(row.id) } }),
                  success: t.withdrawals.accepted,
                  onDone: reload,
                },
              },
              {
                key: 'pay',
                call: 'adminWithdrawalPay',
                label: t.withdrawals.pay,
                when: queued,
                confirm: {
                  content: t.withdrawals.payConfirm(row.actual, payeeOf(row)),
                  action: () => call('adminWithdrawalPay', { params: { id: Number(row.id) } }),
                  success: t.withdrawals.paid,
                  onDone: reload,
                },
              },
              {
                key: 'refuse',
                call: 'adminWithdrawalRefuse',
                when: queued,
                element: (
                  <ReasonAction
                    label={t.withdrawals.refuse}
                    title={`${t.withdrawals.refuseTitle} #${row.id}`}
                    schema={requiredReasonBody}
                    placeholder={t.common.reasonPlaceholder}
                    send={(reason) =>
                      call('adminWithdrawalRefuse', { params: { id: Number(row.id) }, body: { reason } })
                    }
                    done={t.withdrawals.refused}
                    onDone={reload}
                  />
                ),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <Page content={<QueueSummary queues={queues} queue="withdrawals" />}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.withdrawals.overdueHint(sla)} />
      <ConsoleTable<WithdrawalDeskRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        onRow={(row) => (row.overdue ? { style: { background: '#fff1f0' }, 'data-overdue': 'true' } : {})}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1420 }}
        request={loadWithdrawals}
      />
    </Page>
  );
}

import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { APPROVAL_STATUSES, type ApprovalView, requiredReasonBody } from '@jinb/contract';
import { Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useOperator } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { ActionLinks } from '../../shared/ui/ActionLinks';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { ReasonAction } from '../../shared/ui/ReasonAction';
import { TimeText } from '../../shared/ui/TimeText';
import { moneyMessages as t } from './messages';
import { withTimeRange } from './money-query';
import { QueueSummary } from './QueueSummary';
import { useMoneyQueues } from './useMoneyQueues';

const STATUS_COLORS: Record<ApprovalView['status'], string> = { pending: 'orange', approved: 'green', rejected: 'red' };

/** What a request asks for, as the desk reads it (an adjustment: the amount and the reason). */
function Content({ approval }: { approval: ApprovalView }) {
  const payload = (approval.payload ?? {}) as { amount?: string; reason?: string };
  return (
    <Space direction="vertical" size={0}>
      {payload.amount ? <MoneyText value={payload.amount} signed /> : null}
      {payload.reason ? <Typography.Text type="secondary">{payload.reason}</Typography.Text> : null}
    </Space>
  );
}

/** One request function for the page's life, paged on the server; a cleared status asks for every status. */
const loadApprovals = tableRequest('adminApprovals', withTimeRange('createdRange'));

/**
 * 审批: the requests one operator filed for a second to carry out (four eyes). 通过 carries it out at once; 驳回 with a
 * reason. The requester may try to approve their own and is told the server's refusal: the rule is the server's.
 */
export default function ApprovalsPage() {
  const table = useRef<ActionType>(undefined);
  const operator = useOperator();
  const queues = useMoneyQueues((change) => {
    if (change.queue === 'approvals') void table.current?.reload();
  });
  const reload = () => void table.current?.reload();

  const columns: ProColumns<ApprovalView>[] = [
    {
      title: t.common.status,
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'pending',
      valueEnum: Object.fromEntries(APPROVAL_STATUSES.map((status) => [status, { text: t.approvals.status[status] }])),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t.approvals.status[row.status]}</Tag>,
    },
    { title: t.common.id, dataIndex: 'id', width: 80, search: false },
    {
      title: t.approvals.action,
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(t.approvals.actions).map(([action, text]) => [action, { text }])),
      render: (_, row) => (t.approvals.actions as Record<string, string>)[row.action] ?? row.action,
    },
    { title: t.common.account, dataIndex: 'account', hideInTable: true },
    {
      title: t.approvals.createdRange,
      dataIndex: 'createdRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
    },
    { title: t.approvals.target, dataIndex: 'target', search: false },
    { title: t.approvals.content, dataIndex: 'payload', search: false, render: (_, row) => <Content approval={row} /> },
    {
      title: t.approvals.requestedBy,
      dataIndex: 'requestedBy',
      search: false,
      render: (_, row) => (
        <Space size={4}>
          {t.approvals.operator(row.requestedBy)}
          {row.requestedBy === operator.id ? <Tag>{t.approvals.mine}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t.common.createdAt,
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    {
      title: t.approvals.decidedBy,
      dataIndex: 'decidedBy',
      search: false,
      render: (_, row) =>
        row.decidedBy ? (
          <Space direction="vertical" size={0}>
            {t.approvals.operator(row.decidedBy)}
            {row.reason ? <Typography.Text type="secondary">{row.reason}</Typography.Text> : null}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => (
        <ActionLinks
          subject={`#${row.id}`}
          actions={[
            {
              key: 'approve',
              call: 'adminApprovalApprove',
              label: t.approvals.approve,
              when: row.status === 'pending',
              confirm: {
                content: t.approvals.approveConfirm,
                action: () => call('adminApprovalApprove', { params: { id: row.id } }),
                success: t.approvals.approved,
                onDone: reload,
              },
            },
            {
              key: 'reject',
              call: 'adminApprovalReject',
              when: row.status === 'pending',
              element: (
                <ReasonAction
                  label={t.approvals.reject}
                  title={`${t.approvals.rejectTitle} #${row.id}`}
                  schema={requiredReasonBody}
                  send={(reason) => call('adminApprovalReject', { params: { id: row.id }, body: { reason } })}
                  done={t.approvals.rejected}
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
    <Page content={<QueueSummary queues={queues} queue="approvals" />}>
      <ConsoleTable<ApprovalView>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={loadApprovals}
      />
    </Page>
  );
}

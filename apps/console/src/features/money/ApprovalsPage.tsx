import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { APPROVAL_STATUSES, type ApprovalView, requiredReasonBody } from '@jinb/contract';
import { Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Can, useOperator } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { confirmAction } from '../../shared/ui/confirmAction';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { ReasonAction } from '../../shared/ui/ReasonAction';
import { TimeText } from '../../shared/ui/TimeText';
import { moneyMessages as t } from './messages';
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

/** The approvals by the search form's status (all when cleared); one function for the page's life. */
async function loadApprovals(params: Record<string, unknown>) {
  const status = (params.status ?? '') as ApprovalView['status'] | '';
  const data = await call('adminApprovals', { query: { status } });
  return { data, total: data.length, success: true };
}

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
      search: false,
      render: (_, row) => (t.approvals.actions as Record<string, string>)[row.action] ?? row.action,
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
      render: (_, row) =>
        row.status === 'pending'
          ? [
              <Can key="approve" call="adminApprovalApprove">
                <Typography.Link
                  onClick={() =>
                    confirmAction({
                      title: `${t.approvals.approve} #${row.id}`,
                      content: t.approvals.approveConfirm,
                      action: () => call('adminApprovalApprove', { params: { id: row.id } }),
                      success: t.approvals.approved,
                      onDone: reload,
                    })
                  }
                >
                  {t.approvals.approve}
                </Typography.Link>
              </Can>,
              <Can key="reject" call="adminApprovalReject">
                <ReasonAction
                  label={t.approvals.reject}
                  title={`${t.approvals.rejectTitle} #${row.id}`}
                  schema={requiredReasonBody}
                  placeholder={t.common.reasonPlaceholder}
                  send={(reason) => call('adminApprovalReject', { params: { id: row.id }, body: { reason } })}
                  done={t.approvals.rejected}
                  onDone={reload}
                />
              </Can>,
            ]
          : [],
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

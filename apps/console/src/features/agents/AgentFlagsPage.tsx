import type { ActionType } from '@ant-design/pro-components';
import type { AdminAgentFlagView } from '@jinb/contract';
import { Button, Tag } from 'antd';
import { useRef } from 'react';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { confirmAction } from '../../shared/ui/confirmAction';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { agentsMessages } from './messages';

const t = agentsMessages.flags;
type Status = AdminAgentFlagView['status'];
const STATUS_COLOR: Record<Status, string> = { pending: 'orange', confirmed: 'red', cleared: 'green' };

/** 可疑推荐: referrals flagged as farming; confirm keeps them out of commission, clear lets them count again. */
export default function AgentFlagsPage() {
  const action = useRef<ActionType>(null);
  const decide = (row: AdminAgentFlagView, decision: 'confirm' | 'clear') =>
    confirmAction({
      title: decision === 'confirm' ? t.confirmTitle : t.clearTitle,
      danger: decision === 'confirm',
      okText: decision === 'confirm' ? t.confirm : t.clear,
      action: () => call('adminAgentFlagDecide', { params: { id: Number(row.id) }, body: { decision } }),
      success: decision === 'confirm' ? t.confirmed : t.cleared,
      onDone: () => action.current?.reload(),
    });
  return (
    <Page title={agentsMessages.titles.flags}>
      <ConsoleTable<AdminAgentFlagView, { status?: Status; current?: number; pageSize?: number }>
        actionRef={action}
        rowKey="id"
        headerTitle={agentsMessages.titles.flags}
        search={{ labelWidth: 'auto' }}
        form={{ syncToUrl: true, initialValues: { status: 'pending' } }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params) => {
          const page = await call('adminAgentFlags', {
            query: {
              page: params.current ?? 1,
              size: Math.min(params.pageSize ?? 20, 100),
              ...(params.status ? { status: params.status } : {}),
            },
          });
          return { data: page.list, total: page.total, success: true };
        }}
        columns={[
          {
            title: t.status,
            dataIndex: 'status',
            valueType: 'select',
            width: 100,
            valueEnum: Object.fromEntries(
              (['pending', 'confirmed', 'cleared'] as const).map((status) => [status, { text: t.statuses[status] }]),
            ),
            render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t.statuses[row.status]}</Tag>,
          },
          { title: t.member, dataIndex: 'account', search: false },
          { title: t.agent, dataIndex: 'agentAccount', search: false },
          {
            title: t.reason,
            dataIndex: 'reason',
            search: false,
            render: (_, row) => t.reasons[row.reason] ?? row.reason,
          },
          { title: t.detail, dataIndex: 'detail', search: false, copyable: true },
          {
            title: t.createdAt,
            dataIndex: 'createdAt',
            search: false,
            width: 170,
            render: (_, row) => <TimeText value={row.createdAt} />,
          },
          {
            title: t.decidedBy,
            dataIndex: 'decidedBy',
            search: false,
            renderText: (value: string | null) => value ?? '-',
          },
          {
            title: t.actions,
            valueType: 'option',
            width: 190,
            render: (_, row) =>
              row.status === 'pending'
                ? [
                    <Can key="confirm" call="adminAgentFlagDecide">
                      <Button type="link" danger onClick={() => decide(row, 'confirm')}>
                        {t.confirm}
                      </Button>
                    </Can>,
                    <Can key="clear" call="adminAgentFlagDecide">
                      <Button type="link" onClick={() => decide(row, 'clear')}>
                        {t.clear}
                      </Button>
                    </Can>,
                  ]
                : [],
          },
        ]}
      />
    </Page>
  );
}

import { type ActionType, ModalForm, ProFormText } from '@ant-design/pro-components';
import { type AdminAgentCommissionsQuery, COMMISSION_STATUSES } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { truncateMoney } from '@jinb/money';
import { Button, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Can } from '../../shared/access/access';
import { ConsoleApiError, call } from '../../shared/api/call';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { antdApi } from '../../shared/ui/antd-app';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { agentsMessages } from './messages';

const t = agentsMessages.commissions;
type Row = Result<'adminAgentCommissions'>['list'][number];
const STATUS_COLOR: Record<string, string> = { paid: 'green', pending: 'orange', claimed: 'blue', expired: 'default' };

function RunButton({ onDone }: { onDone: () => void }) {
  return (
    <ModalForm<{ period: string }>
      title={t.runTitle}
      width={480}
      trigger={<Button type="primary">{t.run}</Button>}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async ({ period }) => {
        try {
          const run = await call('adminAgentRun', { body: { period: period.trim() } });
          antdApi().message.success(t.runDone(run.commissions, truncateMoney(run.amount)));
        } catch (error) {
          antdApi().message.error(error instanceof ConsoleApiError ? error.message : String(error));
          return false;
        }
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph type="secondary">{t.runHint}</Typography.Paragraph>
      <ProFormText
        name="period"
        label={t.period}
        placeholder={t.periodHint}
        rules={[{ required: true, whitespace: true }]}
      />
    </ModalForm>
  );
}

/** 佣金报表: commission per agent and period (newest first) with the sum over the query; compute a period now. */
export default function AgentCommissionsPage() {
  const action = useRef<ActionType>(null);
  const [sum, setSum] = useState<string>();
  return (
    <Page title={agentsMessages.titles.commissions}>
      <ConsoleTable<Row, { period?: string; agentId?: string; current?: number; pageSize?: number }>
        actionRef={action}
        rowKey="id"
        headerTitle={sum === undefined ? agentsMessages.titles.commissions : t.total(truncateMoney(sum))}
        search={{ labelWidth: 'auto' }}
        form={{ syncToUrl: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        toolBarRender={() => [
          <Can key="run" call="adminAgentRun">
            <RunButton onDone={() => action.current?.reload()} />
          </Can>,
        ]}
        request={async (params) => {
          const query: AdminAgentCommissionsQuery = {
            page: params.current ?? 1,
            size: Math.min(params.pageSize ?? 20, 100),
            ...(params.period ? { period: params.period.trim() } : {}),
            ...(params.agentId ? { agentId: Number(params.agentId) } : {}),
          };
          const page = await call('adminAgentCommissions', { query });
          setSum(page.amount);
          return { data: page.list, total: page.total, success: true };
        }}
        columns={[
          { title: t.period, dataIndex: 'period', fieldProps: { placeholder: t.periodHint }, width: 110 },
          { title: t.agentId, dataIndex: 'agentId', width: 90 },
          { title: t.account, dataIndex: 'account', search: false },
          { title: t.members, dataIndex: 'members', search: false, align: 'right', width: 90 },
          { title: t.secondMembers, dataIndex: 'secondMembers', search: false, align: 'right', width: 90 },
          {
            title: t.basisAmount,
            dataIndex: 'basisAmount',
            search: false,
            align: 'right',
            render: (_, row) => <MoneyText value={row.basisAmount} />,
          },
          {
            title: t.secondAmount,
            dataIndex: 'secondAmount',
            search: false,
            align: 'right',
            render: (_, row) => <MoneyText value={row.secondAmount} />,
          },
          {
            title: t.rate,
            dataIndex: 'rate',
            search: false,
            render: (_, row) => (row.tier > 0 ? `${t.tier} ${row.tier} · ${row.rate}% / ${row.secondRate}%` : t.noTier),
          },
          {
            title: t.amount,
            dataIndex: 'amount',
            search: false,
            align: 'right',
            render: (_, row) => <MoneyText value={row.amount} />,
          },
          {
            title: t.status,
            dataIndex: 'status',
            search: false,
            valueEnum: Object.fromEntries(COMMISSION_STATUSES.map((status) => [status, { text: t.statuses[status] }])),
            render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t.statuses[row.status]}</Tag>,
          },
          {
            title: t.createdAt,
            dataIndex: 'createdAt',
            search: false,
            width: 170,
            render: (_, row) => <TimeText value={row.createdAt} />,
          },
        ]}
      />
    </Page>
  );
}

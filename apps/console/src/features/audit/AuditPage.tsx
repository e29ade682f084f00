import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { AuditRow } from '@jinb/contract';
import { mayOpen } from '@jinb/contract';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useOperator } from '../../shared/access/access';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { Page } from '../../shared/ui/Page';
import { TimeText } from '../../shared/ui/TimeText';
import { type DiffLine, diffLines } from './audit-diff';
import { auditMessages as t } from './messages';

const CHANGE_COLORS: Record<DiffLine['change'], string> = {
  changed: 'orange',
  added: 'green',
  removed: 'red',
  same: 'default',
};

/** A row's before and after, leaf by leaf. */
function BeforeAfter({ row }: { row: AuditRow }) {
  const lines = diffLines(row.before, row.after);
  if (lines.length === 0) return <Typography.Text type="secondary">{t.diff.empty}</Typography.Text>;
  return (
    <div data-testid={`audit-diff-${row.id}`}>
      {row.before === null ? (
        <Alert type="info" showIcon message={t.diff.noBefore} style={{ marginBottom: 8 }} />
      ) : null}
      <Table<DiffLine>
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: t.diff.field, dataIndex: 'path', width: 240, render: (path: string) => <code>{path}</code> },
          {
            title: '',
            dataIndex: 'change',
            width: 70,
            render: (change: DiffLine['change']) => <Tag color={CHANGE_COLORS[change]}>{t.diff.changes[change]}</Tag>,
          },
          {
            title: t.diff.before,
            dataIndex: 'before',
            render: (value?: string) => (
              <span style={{ color: '#a8071a', wordBreak: 'break-all' }}>{value ?? '-'}</span>
            ),
          },
          {
            title: t.diff.after,
            dataIndex: 'after',
            render: (value?: string) => (
              <span style={{ color: '#237804', wordBreak: 'break-all' }}>{value ?? '-'}</span>
            ),
          },
        ]}
      />
    </div>
  );
}

/** 审计日志: every operator action, newest first, searched by operator, action, member and time. */
export default function AuditPage() {
  const { role } = useOperator();
  const columns: ProColumns<AuditRow>[] = [
    {
      title: t.columns.at,
      dataIndex: 'at',
      search: false,
      width: 170,
      render: (_, row) => <TimeText value={row.at} />,
    },
    {
      title: t.search.time,
      dataIndex: 'time',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
    {
      title: t.search.operator,
      dataIndex: 'operator',
      hideInTable: true,
    },
    {
      title: t.columns.operator,
      dataIndex: 'operatorAccount',
      search: false,
      width: 140,
      render: (_, row) => row.operatorAccount ?? <Typography.Text type="secondary">{t.system}</Typography.Text>,
    },
    {
      title: t.columns.action,
      dataIndex: 'action',
      fieldProps: { placeholder: t.search.actionHint },
      render: (_, row) => (
        <span>
          {t.actions[row.action] ? <span style={{ marginRight: 8 }}>{t.actions[row.action]}</span> : null}
          <Typography.Text code>{row.action}</Typography.Text>
        </span>
      ),
    },
    {
      title: t.search.member,
      dataIndex: 'member',
      hideInTable: true,
      fieldProps: { placeholder: t.search.memberHint },
    },
    {
      title: t.columns.target,
      dataIndex: 'target',
      search: false,
      render: (_, row) =>
        row.memberId && mayOpen(role, 'memberDetail') ? (
          <Link to={`/members/${row.memberId}`}>{row.target}</Link>
        ) : (
          row.target || '-'
        ),
    },
    { title: t.columns.ip, dataIndex: 'ip', search: false, width: 140 },
  ];
  return (
    <Page title={t.title}>
      <ConsoleTable<AuditRow>
        rowKey="id"
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        form={{ syncToUrl: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={tableRequest('adminAuditLog')}
        expandable={{
          expandedRowRender: (row) => <BeforeAfter row={row} />,
          expandIcon: ({ expanded, onExpand, record }) => (
            <Button
              size="small"
              type="text"
              aria-label={expanded ? t.diff.collapse : t.diff.expand}
              icon={expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
              onClick={(event) => onExpand(record, event)}
            />
          ),
        }}
      />
    </Page>
  );
}

import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { MEMBER_STATUSES, type MemberListRow } from '@jinb/contract';
import { Button, Tag } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { csvText, saveCsv } from '../../shared/api/download';
import { tableRequest } from '../../shared/api/table';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { formatTime, TimeText } from '../../shared/ui/TimeText';
import { membersQuery } from './members-query';
import { membersMessages as t } from './messages';

/**
 * 会员列表: search by account (start), phone, real name (start), invite code, device; status, VIP level and
 * registration days; sorts and paging on the server, the search kept in the URL; each row opens the member's picture.
 */
export default function MembersPage() {
  const table = useRef<ActionType>(undefined);
  const shown = useRef<MemberListRow[]>([]);

  const columns: ProColumns<MemberListRow>[] = [
    { title: t.fields.id, dataIndex: 'id', width: 90, search: false },
    {
      title: t.fields.account,
      dataIndex: 'account',
      render: (_, row) => <Link to={`/members/${row.id}`}>{row.account}</Link>,
    },
    { title: t.fields.realName, dataIndex: 'realName', render: (_, row) => row.realName || '-' },
    {
      title: t.fields.phone,
      dataIndex: 'phone',
      width: 170,
      render: (_, row) => (row.phone ? `+${row.phoneArea} ${row.phone}` : '-'),
    },
    { title: t.fields.inviteCode, dataIndex: 'inviteCode' },
    { title: t.fields.deviceNo, dataIndex: 'deviceNo', hideInTable: true },
    {
      title: t.fields.vipLevel,
      dataIndex: 'vipLevel',
      sorter: true,
      valueType: 'digit',
      fieldProps: { min: 0, max: 99, precision: 0 },
      render: (_, row) => `VIP${row.vipLevel}`,
    },
    {
      title: t.fields.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(MEMBER_STATUSES.map((status) => [status, { text: t.status[status] }])),
      render: (_, row) => <Tag color={row.status === 'active' ? 'green' : 'red'}>{t.status[row.status]}</Tag>,
    },
    {
      title: t.fields.balance,
      dataIndex: 'balance',
      sorter: true,
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.balance} />,
    },
    {
      title: t.fields.registeredAt,
      dataIndex: 'registeredAt',
      sorter: true,
      defaultSortOrder: 'descend',
      search: false,
      render: (_, row) => <TimeText value={row.registeredAt} />,
    },
    { title: t.fields.registeredAt, dataIndex: 'registered', valueType: 'dateRange', hideInTable: true },
    {
      title: t.fields.lastSignInAt,
      dataIndex: 'lastSignInAt',
      sorter: true,
      search: false,
      render: (_, row) => (row.lastSignInAt ? <TimeText value={row.lastSignInAt} /> : t.never),
    },
    {
      title: t.fields.actions,
      valueType: 'option',
      fixed: 'right',
      width: 80,
      render: (_, row) => [
        <Link key="open" to={`/members/${row.id}`}>
          {t.open}
        </Link>,
      ],
    },
  ];

  const request = tableRequest('adminMemberSearch', membersQuery);

  return (
    <Page>
      <ConsoleTable<MemberListRow>
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={async (params, sort, filter) => {
          const answer = await request(params, sort, filter);
          shown.current = answer.data ?? [];
          return answer;
        }}
        form={{ syncToUrl: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        scroll={{ x: 1400 }}
        columnsState={{ persistenceKey: 'console-members-columns', persistenceType: 'localStorage' }}
        options={{ reload: true, density: true, setting: true }}
        toolBarRender={() => [
          <Button
            key="csv"
            onClick={() =>
              saveCsv(
                t.csvName,
                csvText(
                  [
                    t.fields.id,
                    t.fields.account,
                    t.fields.realName,
                    t.fields.phone,
                    t.fields.inviteCode,
                    t.fields.vipLevel,
                    t.fields.status,
                    t.fields.balance,
                    t.fields.registeredAt,
                    t.fields.lastSignInAt,
                  ],
                  shown.current.map((row) => [
                    row.id,
                    row.account,
                    row.realName,
                    row.phone ? `+${row.phoneArea} ${row.phone}` : '',
                    row.inviteCode,
                    String(row.vipLevel),
                    t.status[row.status],
                    row.balance,
                    formatTime(row.registeredAt),
                    row.lastSignInAt ? formatTime(row.lastSignInAt) : '',
                  ]),
                ),
              )
            }
          >
            {t.exportPage}
          </Button>,
        ]}
      />
    </Page>
  );
}

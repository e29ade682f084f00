import { type ActionType, ModalForm, type ProColumns, ProFormTextArea } from '@ant-design/pro-components';
import {
  LIMIT_KEYS,
  MEMBER_BET_PRODUCTS,
  MEMBER_PAYMENT_KINDS,
  type MemberBetProduct,
  type MemberBetRow,
  type MemberLedgerRow,
  type MemberNoteRow,
  type MemberPaymentKind,
  type MemberPaymentRow,
  type MemberProfile,
  type MemberSignInRow,
  memberNoteBody,
} from '@jinb/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Form, Progress, Segmented, Space, Table, Tag } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Can } from '../../shared/access/access';
import { call } from '../../shared/api/call';
import { submitChecked } from '../../shared/form/zod-form';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { antdApi } from '../../shared/ui/antd-app';
import { MoneyText } from '../../shared/ui/MoneyText';
import { TimeText } from '../../shared/ui/TimeText';
import { memberLinksQuery, memberProtectionQuery, memberVipQuery } from './members.queries';
import { membersMessages as t } from './messages';
import { BetStatusTag, PaymentStatusTag } from './status-tags';

const paged = { defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] };
const bare = { search: false, options: false, cardProps: { bodyStyle: { padding: 0 } } } as const;

export function ProfileTab({ member }: { member: MemberProfile }) {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t.fields.account}>{member.account}</Descriptions.Item>
        <Descriptions.Item label={t.fields.realName}>{member.realName || '-'}</Descriptions.Item>
        <Descriptions.Item label={t.fields.nickname}>{member.nickname || '-'}</Descriptions.Item>
        <Descriptions.Item label={t.fields.phone}>
          {member.phone ? `+${member.phoneArea} ${member.phone}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.email}>{member.email || '-'}</Descriptions.Item>
        <Descriptions.Item label={t.fields.inviteCode}>{member.inviteCode}</Descriptions.Item>
        <Descriptions.Item label={t.fields.inviter}>
          {member.inviter ? <Link to={`/members/${member.inviter.id}`}>{member.inviter.account}</Link> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.registeredAt}>
          <TimeText value={member.registeredAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.lastSignInAt}>
          {member.lastSignInAt ? <TimeText value={member.lastSignInAt} /> : t.never}
        </Descriptions.Item>
        <Descriptions.Item label={t.fields.liveSessions}>{member.liveSessions}</Descriptions.Item>
        <Descriptions.Item label={t.fields.turnover}>
          <MoneyText value={member.turnover.wagered} /> / <MoneyText value={member.turnover.required} />
        </Descriptions.Item>
        {member.status === 'disabled' ? (
          <Descriptions.Item label={t.fields.lockReason}>
            {member.lockReason} (<TimeText value={member.lockedAt} />)
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 4 }}>
        {member.accounts.map((account) => (
          <Descriptions.Item key={account.kind} label={t.accounts[account.kind] ?? account.kind}>
            <MoneyText value={account.balance} />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Space>
  );
}

export function LedgerTab({ memberId }: { memberId: string }) {
  const columns: ProColumns<MemberLedgerRow>[] = [
    { title: t.ledger.createdAt, dataIndex: 'createdAt', render: (_, row) => <TimeText value={row.createdAt} /> },
    { title: t.ledger.account, dataIndex: 'account', render: (_, row) => t.accounts[row.account] ?? row.account },
    { title: t.ledger.code, dataIndex: 'code' },
    {
      title: t.ledger.amount,
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} signed />,
    },
    {
      title: t.ledger.balanceAfter,
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (_, row) => <MoneyText value={row.balanceAfter} />,
    },
    { title: t.ledger.reference, dataIndex: 'reference', ellipsis: true },
    { title: t.ledger.memo, dataIndex: 'memo', ellipsis: true },
  ];
  return (
    <ConsoleTable<MemberLedgerRow>
      rowKey="id"
      columns={columns}
      request={ledgerRequest}
      params={{ id: memberId }}
      pagination={paged}
      {...bare}
    />
  );
}

type PagedQuery = { page: number; pageSize: number; product?: string; kind?: string };

/**
 * A member's list calls take the member in the path: ProTable's `params` carry it (and the tab's product or kind),
 * this turns them into the call and its `{ rows, total }` into ProTable's answer.
 */
function memberTable<R>(fetch: (id: string, query: PagedQuery) => Promise<{ rows: R[]; total: number }>) {
  return async (params: Record<string, unknown>) => {
    const { id, current, pageSize, keyword: _keyword, ...rest } = params;
    const answer = await fetch(String(id), {
      page: Number(current ?? 1),
      pageSize: Number(pageSize ?? 20),
      ...(rest as { product?: string; kind?: string }),
    });
    return { data: answer.rows, total: answer.total, success: true };
  };
}

const ledgerRequest = memberTable((id, query) => call('adminMemberLedger', { params: { id }, query }));
const betsRequest = memberTable((id, { product, ...query }) =>
  call('adminMemberBets', { params: { id }, query: { ...query, product: product as MemberBetProduct } }),
);
const paymentsRequest = memberTable((id, { kind, ...query }) =>
  call('adminMemberPayments', { params: { id }, query: { ...query, kind: kind as MemberPaymentKind } }),
);
const signInsRequest = memberTable((id, query) => call('adminMemberSignIns', { params: { id }, query }));
const notesRequest = memberTable((id, query) => call('adminMemberNotes', { params: { id }, query }));

export function BetsTab({ memberId }: { memberId: string }) {
  const [product, setProduct] = useState<MemberBetProduct>('sports');
  const columns: ProColumns<MemberBetRow>[] = [
    { title: t.bets.placedAt, dataIndex: 'placedAt', render: (_, row) => <TimeText value={row.placedAt} /> },
    { title: t.bets.game, dataIndex: 'game' },
    { title: t.bets.stake, dataIndex: 'stake', align: 'right', render: (_, row) => <MoneyText value={row.stake} /> },
    {
      title: t.bets.payout,
      dataIndex: 'payout',
      align: 'right',
      render: (_, row) => (row.payout === null ? '-' : <MoneyText value={row.payout} />),
    },
    { title: t.bets.valid, dataIndex: 'valid', align: 'right', render: (_, row) => <MoneyText value={row.valid} /> },
    { title: t.bets.status, dataIndex: 'status', render: (_, row) => <BetStatusTag status={row.status} /> },
    {
      title: t.bets.settledAt,
      dataIndex: 'settledAt',
      render: (_, row) => (row.settledAt ? <TimeText value={row.settledAt} /> : '-'),
    },
  ];
  return (
    <ConsoleTable<MemberBetRow>
      rowKey="id"
      columns={columns}
      request={betsRequest}
      params={{ id: memberId, product }}
      pagination={paged}
      headerTitle={
        <Segmented
          value={product}
          onChange={(value) => setProduct(value as MemberBetProduct)}
          options={MEMBER_BET_PRODUCTS.map((value) => ({ value, label: t.bets.products[value] }))}
        />
      }
      search={false}
      options={false}
    />
  );
}

export function PaymentsTab({ memberId }: { memberId: string }) {
  const [kind, setKind] = useState<MemberPaymentKind>('deposit');
  const columns: ProColumns<MemberPaymentRow>[] = [
    { title: t.payments.createdAt, dataIndex: 'createdAt', render: (_, row) => <TimeText value={row.createdAt} /> },
    {
      title: t.payments.amount,
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    { title: t.payments.fee, dataIndex: 'fee', align: 'right', render: (_, row) => <MoneyText value={row.fee} /> },
    { title: t.payments.channel, dataIndex: 'channel' },
    { title: t.payments.status, dataIndex: 'status', render: (_, row) => <PaymentStatusTag status={row.status} /> },
    { title: t.payments.reason, dataIndex: 'reason', ellipsis: true },
    {
      title: t.payments.resolvedAt,
      dataIndex: 'resolvedAt',
      render: (_, row) => (row.resolvedAt ? <TimeText value={row.resolvedAt} /> : '-'),
    },
  ];
  return (
    <ConsoleTable<MemberPaymentRow>
      rowKey="id"
      columns={columns}
      request={paymentsRequest}
      params={{ id: memberId, kind }}
      pagination={paged}
      headerTitle={
        <Segmented
          value={kind}
          onChange={(value) => setKind(value as MemberPaymentKind)}
          options={MEMBER_PAYMENT_KINDS.map((value) => ({ value, label: t.payments.kinds[value] }))}
        />
      }
      search={false}
      options={false}
    />
  );
}

export function SignInsTab({ memberId }: { memberId: string }) {
  const links = useQuery(memberLinksQuery(memberId));
  const columns: ProColumns<MemberSignInRow>[] = [
    { title: t.signIns.at, dataIndex: 'at', render: (_, row) => <TimeText value={row.at} /> },
    { title: t.signIns.ip, dataIndex: 'ip' },
    { title: t.signIns.area, dataIndex: 'area' },
    { title: t.signIns.device, dataIndex: 'device' },
  ];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ConsoleTable<MemberSignInRow>
        rowKey="id"
        columns={columns}
        request={signInsRequest}
        params={{ id: memberId }}
        pagination={paged}
        {...bare}
      />
      <Table
        rowKey="deviceNo"
        size="small"
        loading={links.isPending}
        title={() => t.signIns.devices}
        dataSource={links.data?.devices ?? []}
        pagination={false}
        columns={[
          { title: t.fields.deviceNo, dataIndex: 'deviceNo' },
          {
            title: t.signIns.firstSeenAt,
            dataIndex: 'firstSeenAt',
            render: (value: string) => <TimeText value={value} />,
          },
          {
            title: t.signIns.sharedWith,
            dataIndex: 'sharedWith',
            render: (value: number) => (value > 0 ? <Tag color="orange">{value}</Tag> : value),
          },
        ]}
      />
    </Space>
  );
}

export function LinksTab({ memberId }: { memberId: string }) {
  const links = useQuery(memberLinksQuery(memberId));
  if (links.error) return <Alert type="error" message={links.error.message} />;
  return (
    <Table
      rowKey={(row) => `${row.via}:${row.memberId}:${row.value}`}
      size="small"
      loading={links.isPending}
      dataSource={links.data?.links ?? []}
      pagination={false}
      locale={{ emptyText: <Empty description={t.links.none} /> }}
      columns={[
        { title: t.links.kind, dataIndex: 'via', render: (via: 'device' | 'phone' | 'card') => t.links.via[via] },
        {
          title: t.fields.account,
          dataIndex: 'account',
          render: (account: string, row) => <Link to={`/members/${row.memberId}`}>{account}</Link>,
        },
        {
          title: t.fields.status,
          dataIndex: 'status',
          render: (status: 'active' | 'disabled') => (
            <Tag color={status === 'active' ? 'green' : 'red'}>{t.status[status]}</Tag>
          ),
        },
        { title: t.links.value, dataIndex: 'value' },
      ]}
    />
  );
}

export function VipTab({ memberId }: { memberId: string }) {
  const vip = useQuery(memberVipQuery(memberId));
  if (vip.error) return <Alert type="error" message={vip.error.message} />;
  const data = vip.data;
  if (!data) return null;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t.vip.level}>
        VIP{data.level} {data.name}
      </Descriptions.Item>
      <Descriptions.Item label={t.vip.peak}>VIP{data.peak}</Descriptions.Item>
      <Descriptions.Item label={t.vip.turnover}>
        <MoneyText value={data.turnover} />
      </Descriptions.Item>
      <Descriptions.Item label={t.vip.deposits}>
        <MoneyText value={data.deposits} />
      </Descriptions.Item>
      <Descriptions.Item label={t.vip.next} span={2}>
        {data.next ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <span>
              VIP{data.next.level} {data.next.name}
            </span>
            <Progress percent={Math.floor(data.next.turnoverPercent)} size="small" />
            <Progress percent={Math.floor(data.next.depositsPercent)} size="small" />
          </Space>
        ) : (
          t.vip.top
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t.vip.month} span={2}>
        <MoneyText value={data.month.turnover} /> / <MoneyText value={data.month.keepTurnover} />{' '}
        <Tag color={data.month.kept ? 'green' : 'orange'}>{data.month.kept ? t.vip.kept : t.vip.notKept}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

export function ProtectionTab({ memberId }: { memberId: string }) {
  const protection = useQuery(memberProtectionQuery(memberId));
  if (protection.error) return <Alert type="error" message={protection.error.message} />;
  const data = protection.data;
  if (!data) return null;
  const limits = data.limits as unknown as Record<string, string | number | null>;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t.protection.readOnly} />
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        {[...LIMIT_KEYS, 'realityMinutes' as const].map((key) => {
          const value = limits[key];
          return (
            <Descriptions.Item key={key} label={t.protection[key]}>
              {value === null || value === undefined ? (
                t.protection.none
              ) : typeof value === 'number' ? (
                value
              ) : (
                <MoneyText value={value} />
              )}
            </Descriptions.Item>
          );
        })}
        <Descriptions.Item label={t.protection.exclusion}>
          {data.exclusion ? (
            <Tag color="red">
              {t.protection.kinds[data.exclusion.kind]} {t.protection.until}{' '}
              {data.exclusion.until ? <TimeText value={data.exclusion.until} /> : t.protection.permanent}
            </Tag>
          ) : (
            t.protection.noExclusion
          )}
        </Descriptions.Item>
      </Descriptions>
      {data.history.length ? (
        <Table
          rowKey="createdAt"
          size="small"
          title={() => t.protection.history}
          pagination={false}
          dataSource={data.history}
          columns={[
            { title: t.links.kind, dataIndex: 'kind', render: (kind: string) => t.protection.kinds[kind] ?? kind },
            { title: t.notes.createdAt, dataIndex: 'startsAt', render: (value: string) => <TimeText value={value} /> },
            {
              title: t.protection.until,
              dataIndex: 'until',
              render: (value: string | null) => (value ? <TimeText value={value} /> : t.protection.permanent),
            },
          ]}
        />
      ) : null}
    </Space>
  );
}

export function NotesTab({ memberId }: { memberId: string }) {
  const table = useRef<ActionType>(undefined);
  const [form] = Form.useForm<{ body: string }>();
  const columns: ProColumns<MemberNoteRow>[] = [
    {
      title: t.notes.createdAt,
      dataIndex: 'createdAt',
      width: 180,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    { title: t.notes.operator, dataIndex: 'operator', width: 140 },
    { title: t.tabs.notes, dataIndex: 'body' },
  ];
  return (
    <ConsoleTable<MemberNoteRow>
      rowKey="id"
      actionRef={table}
      columns={columns}
      request={notesRequest}
      params={{ id: memberId }}
      pagination={paged}
      search={false}
      options={false}
      toolBarRender={() => [
        <Can key="add" call="adminMemberAddNote">
          <ModalForm<{ body: string }>
            title={t.notes.add}
            form={form}
            width={520}
            trigger={<Button type="primary">{t.notes.add}</Button>}
            modalProps={{ destroyOnHidden: true }}
            onFinish={(values) =>
              submitChecked(form, memberNoteBody, { body: values.body ?? '' }, async (body) => {
                await call('adminMemberAddNote', { params: { id: memberId }, body });
                void antdApi().message.success(t.notes.added);
                void table.current?.reload();
              })
            }
          >
            <ProFormTextArea
              name="body"
              label={t.tabs.notes}
              placeholder={t.notes.placeholder}
              fieldProps={{ maxLength: 500, showCount: true, rows: 4 }}
            />
          </ModalForm>
        </Can>,
      ]}
    />
  );
}

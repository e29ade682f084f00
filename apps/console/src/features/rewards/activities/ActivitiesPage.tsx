import { type ActionType, ModalForm, type ProColumns, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { adminClaimApproveBody, adminClaimRejectBody, PROMOTION_CLAIM_STATUSES } from '@jinb/contract';
import type { Result } from '@jinb/contract/endpoints';
import { Button, Form, Space, Tabs, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Can } from '../../../shared/access/access';
import { call } from '../../../shared/api/call';
import { submitChecked } from '../../../shared/form/zod-form';
import { ConsoleTable } from '../../../shared/table/ConsoleTable';
import { antdApi } from '../../../shared/ui/antd-app';
import { MoneyText } from '../../../shared/ui/MoneyText';
import { Page } from '../../../shared/ui/Page';
import { TimeText } from '../../../shared/ui/TimeText';
import { rewardsMessages as t } from '../messages';
import { pagedRequest, wholeRequest } from '../paged';
import { PromotionForm } from './PromotionForm';
import { useClaimQueue } from './useClaimQueue';

type Promotion = Result<'adminPromotions'>[number];
type Claim = Result<'adminPromotionClaims'>['list'][number];

function PromotionsTable() {
  const table = useRef<ActionType>(undefined);
  const reload = () => table.current?.reload();
  const columns: ProColumns<Promotion>[] = [
    { title: 'ID', dataIndex: 'promoId', width: 70 },
    { title: t.activities.title, dataIndex: 'title' },
    { title: t.activities.kind, dataIndex: 'kind', render: (_, row) => t.activities.kinds[row.kind] },
    { title: t.activities.rate, dataIndex: 'rate', align: 'right' },
    { title: t.activities.cap, dataIndex: 'cap', align: 'right', render: (_, row) => <MoneyText value={row.cap} /> },
    {
      title: t.activities.frequency,
      dataIndex: 'frequency',
      render: (_, row) => t.activities.frequencies[row.frequency],
    },
    { title: t.common.multiple, dataIndex: 'multiple', align: 'right' },
    { title: t.common.minLevel, dataIndex: 'minLevel', align: 'right' },
    { title: t.activities.startAt, dataIndex: 'startAt', render: (_, row) => <TimeText value={row.startAt} /> },
    { title: t.activities.endAt, dataIndex: 'endAt', render: (_, row) => <TimeText value={row.endAt} /> },
    { title: t.activities.paid, dataIndex: 'paid', align: 'right' },
    {
      title: t.activities.paidAmount,
      dataIndex: 'paidAmount',
      align: 'right',
      render: (_, row) => <MoneyText value={row.paidAmount} />,
    },
    {
      title: t.common.status,
      dataIndex: 'active',
      render: (_, row) => (row.active ? <Tag color="green">{t.common.active}</Tag> : <Tag>{t.common.inactive}</Tag>),
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => (
        <Can call="adminPromotionUpdate">
          <PromotionForm
            promotion={row}
            trigger={<Typography.Link>{t.common.edit}</Typography.Link>}
            onSaved={reload}
          />
        </Can>
      ),
    },
  ];
  return (
    <ConsoleTable<Promotion>
      rowKey="promoId"
      actionRef={table}
      columns={columns}
      search={false}
      scroll={{ x: 'max-content' }}
      options={{ density: false, setting: true, reload: true }}
      pagination={{ defaultPageSize: 20 }}
      toolBarRender={() => [
        <Can key="create" call="adminPromotionCreate">
          <PromotionForm
            promotion={null}
            trigger={<Button type="primary">{t.activities.createTitle}</Button>}
            onSaved={reload}
          />
        </Can>,
      ]}
      request={wholeRequest(() => call('adminPromotions'))}
    />
  );
}

function ApproveForm({ claim, onDone }: { claim: Claim; onDone: () => void }) {
  const [form] = Form.useForm<{ amount?: string; note: string }>();
  return (
    <ModalForm<{ amount?: string; note: string }>
      title={`${t.activities.approveTitle} · ${claim.account}`}
      form={form}
      width={480}
      trigger={<Typography.Link>{t.activities.approve}</Typography.Link>}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ amount: claim.status === 'pending' ? undefined : claim.amount, note: '' }}
      onFinish={(values) =>
        submitChecked(form, adminClaimApproveBody, { ...values, amount: values.amount || undefined }, async (body) => {
          await call('adminPromotionClaimApprove', { params: { id: claim.id }, body });
          void antdApi().message.success(t.activities.approved);
          onDone();
        })
      }
    >
      <ProFormText name="amount" label={t.activities.approveAmount} />
      <ProFormTextArea name="note" label={t.activities.reviewNote} fieldProps={{ maxLength: 200, showCount: true }} />
    </ModalForm>
  );
}

function RejectForm({ claim, onDone }: { claim: Claim; onDone: () => void }) {
  const [form] = Form.useForm<{ note: string }>();
  return (
    <ModalForm<{ note: string }>
      title={`${t.activities.rejectTitle} · ${claim.account}`}
      form={form}
      width={480}
      trigger={<Typography.Link type="danger">{t.activities.reject}</Typography.Link>}
      modalProps={{ destroyOnHidden: true, okButtonProps: { danger: true } }}
      onFinish={(values) =>
        submitChecked(form, adminClaimRejectBody, values, async (body) => {
          await call('adminPromotionClaimReject', { params: { id: claim.id }, body });
          void antdApi().message.success(t.activities.rejected);
          onDone();
        })
      }
    >
      <ProFormTextArea name="note" label={t.activities.reviewNote} fieldProps={{ maxLength: 200, showCount: true }} />
    </ModalForm>
  );
}

const STATUS_COLORS = { paid: 'green', review: 'orange', pending: 'blue', rejected: 'default' } as const;

/**
 * The flagged claims and applications: approve (pays once) or refuse. The list reloads itself when a claim enters
 * or leaves the queue (the `claims` topic); the menu's badge is the layout's (ClaimQueueWatcher).
 */
function ClaimsTable() {
  const table = useRef<ActionType>(undefined);
  const reload = () => table.current?.reload();
  useClaimQueue(reload);
  const columns: ProColumns<Claim>[] = [
    {
      title: t.common.status,
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'open',
      valueEnum: Object.fromEntries(
        (['open', ...PROMOTION_CLAIM_STATUSES] as const).map((status) => [
          status,
          { text: t.activities.claimStatus[status] },
        ]),
      ),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t.activities.claimStatus[row.status]}</Tag>,
    },
    { title: t.activities.account, dataIndex: 'account', search: false },
    { title: t.activities.title, dataIndex: 'title', search: false },
    { title: t.activities.period, dataIndex: 'period', search: false },
    {
      title: t.common.amount,
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    {
      title: t.activities.basis,
      dataIndex: 'basis',
      search: false,
      align: 'right',
      render: (_, row) => <MoneyText value={row.basis} />,
    },
    {
      title: t.activities.flags,
      dataIndex: 'flags',
      search: false,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.flags.map((flag) => (
            <Tag key={flag} color="red">
              {t.activities.flagNames[flag] ?? flag}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t.activities.note, dataIndex: 'note', search: false, ellipsis: true },
    { title: t.activities.reviewNote, dataIndex: 'reviewNote', search: false, ellipsis: true },
    {
      title: t.common.createdAt,
      dataIndex: 'createdAt',
      search: false,
      render: (_, row) => <TimeText value={row.createdAt} />,
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) =>
        row.status === 'review' || row.status === 'pending'
          ? [
              <Can key="approve" call="adminPromotionClaimApprove">
                <ApproveForm claim={row} onDone={reload} />
              </Can>,
              <Can key="reject" call="adminPromotionClaimReject">
                <RejectForm claim={row} onDone={reload} />
              </Can>,
            ]
          : null,
    },
  ];
  return (
    <ConsoleTable<Claim>
      rowKey="id"
      actionRef={table}
      columns={columns}
      search={{ labelWidth: 'auto' }}
      form={{ syncToUrl: true }}
      scroll={{ x: 'max-content' }}
      options={{ density: false, setting: true, reload: true }}
      pagination={{ defaultPageSize: 20 }}
      request={(params) => {
        const status = (params.status as Claim['status'] | 'open' | undefined) ?? 'open';
        return pagedRequest((page, size) => call('adminPromotionClaims', { query: { status, page, size } }))(params);
      }}
    />
  );
}

/** 活动与申领: the activities with their rules and texts, and the claims waiting for an operator. */
export default function ActivitiesPage() {
  return (
    <Page>
      <Tabs
        items={[
          { key: 'claims', label: t.activities.claims, children: <ClaimsTable /> },
          { key: 'promotions', label: t.activities.promotions, children: <PromotionsTable /> },
        ]}
      />
    </Page>
  );
}

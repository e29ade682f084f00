import { type ActionType, ModalForm, type ProColumns, ProFormDigit } from '@ant-design/pro-components';
import {
  assignPaymentBody,
  DEPOSIT_PAYMENT_STATUSES,
  type DepositPaymentView,
  requiredReasonBody,
} from '@jinb/contract';
import { Form, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { call } from '../../shared/api/call';
import { tableRequest } from '../../shared/api/table';
import { submitChecked } from '../../shared/form/zod-form';
import { ConsoleTable } from '../../shared/table/ConsoleTable';
import { ActionLinks } from '../../shared/ui/ActionLinks';
import { antdApi } from '../../shared/ui/antd-app';
import { MoneyText } from '../../shared/ui/MoneyText';
import { Page } from '../../shared/ui/Page';
import { ReasonAction } from '../../shared/ui/ReasonAction';
import { TimeText } from '../../shared/ui/TimeText';
import { moneyMessages as t } from './messages';
import { withTimeRange } from './money-query';
import { QueueSummary } from './QueueSummary';
import { useMoneyQueues } from './useMoneyQueues';

const STATUS_COLORS: Record<DepositPaymentView['status'], string> = {
  matched: 'green',
  unmatched: 'orange',
  assigned: 'blue',
  dismissed: 'default',
};

function AssignAction({ payment, onDone }: { payment: DepositPaymentView; onDone: () => void }) {
  const [form] = Form.useForm<{ orderId: number }>();
  return (
    <ModalForm<{ orderId: number }>
      title={`${t.unmatched.assignTitle} #${payment.id}`}
      form={form}
      width={480}
      trigger={<Typography.Link>{t.unmatched.assign}</Typography.Link>}
      modalProps={{ destroyOnHidden: true }}
      onFinish={(values) =>
        submitChecked(form, assignPaymentBody, values, async (body) => {
          await call('adminDepositPaymentAssign', { params: { id: Number(payment.id) }, body });
          void antdApi().message.success(t.unmatched.assigned);
          onDone();
        })
      }
    >
      <Typography.Paragraph type="secondary">{t.unmatched.assignHint}</Typography.Paragraph>
      <ProFormDigit name="orderId" label={t.unmatched.orderIdLabel} min={1} fieldProps={{ precision: 0 }} />
    </ModalForm>
  );
}

/** One request function for the page's life, paged on the server; a cleared status asks for every status. */
const loadPayments = tableRequest('adminDepositPayments', withTimeRange('seenRange'));

/**
 * 未匹配款项: payments seen on a bank statement or the chain that paid no single live order: match one to the order it
 * pays exactly (credited once), or return it (nothing credited, with a reason). Live from the money topic.
 */
export default function UnmatchedPaymentsPage() {
  const table = useRef<ActionType>(undefined);
  const queues = useMoneyQueues((change) => {
    if (change.queue === 'unmatched') void table.current?.reload();
  });
  const reload = () => void table.current?.reload();

  const columns: ProColumns<DepositPaymentView>[] = [
    {
      title: t.common.status,
      dataIndex: 'status',
      valueType: 'select',
      initialValue: 'unmatched',
      valueEnum: Object.fromEntries(
        DEPOSIT_PAYMENT_STATUSES.map((status) => [status, { text: t.unmatched.status[status] }]),
      ),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t.unmatched.status[row.status]}</Tag>,
    },
    { title: t.common.id, dataIndex: 'id', width: 80, search: false },
    { title: t.unmatched.scope, dataIndex: 'scope', search: false },
    {
      title: t.common.amount,
      dataIndex: 'amount',
      search: false,
      sorter: true,
      align: 'right',
      render: (_, row) => <MoneyText value={row.amount} />,
    },
    { title: t.unmatched.amountMin, dataIndex: 'amountMin', hideInTable: true },
    { title: t.unmatched.amountMax, dataIndex: 'amountMax', hideInTable: true },
    {
      title: t.unmatched.reference,
      dataIndex: 'reference',
      copyable: true,
      fieldProps: { placeholder: t.unmatched.referenceHint },
    },
    { title: t.unmatched.seenAt, dataIndex: 'seenRange', valueType: 'dateTimeRange', hideInTable: true },
    { title: t.unmatched.note, dataIndex: 'note', search: false, render: (_, row) => row.reason || row.note || '-' },
    { title: t.unmatched.orderId, dataIndex: 'orderId', search: false, render: (_, row) => row.orderId ?? '-' },
    {
      title: t.unmatched.seenAt,
      dataIndex: 'seenAt',
      search: false,
      sorter: true,
      render: (_, row) => <TimeText value={row.seenAt} />,
    },
    {
      title: t.common.actions,
      valueType: 'option',
      render: (_, row) => (
        <ActionLinks
          actions={[
            {
              key: 'assign',
              call: 'adminDepositPaymentAssign',
              when: row.status === 'unmatched',
              element: <AssignAction payment={row} onDone={reload} />,
            },
            {
              key: 'dismiss',
              call: 'adminDepositPaymentDismiss',
              when: row.status === 'unmatched',
              element: (
                <ReasonAction
                  label={t.unmatched.dismiss}
                  title={`${t.unmatched.dismissTitle} #${row.id}`}
                  schema={requiredReasonBody}
                  send={(reason) =>
                    call('adminDepositPaymentDismiss', { params: { id: Number(row.id) }, body: { reason } })
                  }
                  done={t.unmatched.dismissed}
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
    <Page content={<QueueSummary queues={queues} queue="unmatched" />}>
      <ConsoleTable<DepositPaymentView>
        rowKey="id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: true, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={loadPayments}
      />
    </Page>
  );
}
